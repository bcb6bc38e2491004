import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from '@/sandbox/src/testing';

/**
 * A sandbox bank's PGlite data dir, migrated and seeded: a copy of the sandbox's test template, for a
 * bank started as its own process (`SANDBOX_DATA_DIR`). A new data dir costs seconds and much memory
 * to create; the bank opens this one as it would its own from an earlier run.
 */
export async function sandboxDataDirFromTemplate(dataDir: string): Promise<string> {
  const client = await PGlite.create({ dataDir, loadDataDir: await pgliteTemplate() });
  await client.close();
  return dataDir;
}
