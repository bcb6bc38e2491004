import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { copyDataDir, pgliteTemplateDir, scratchDataDir } from '../src/db/pglite-template.js';

let template = '';
afterAll(() => {
  if (template) rmSync(template, { recursive: true, force: true });
});

describe('a PGlite template for test runs', () => {
  it('holds what was prepared in the one database the programs open, with small shared buffers', async () => {
    template = await pgliteTemplateDir(`greidsla-template-test-${randomUUID()}`, async (dataDir) => {
      const pglite = await PGlite.create({ dataDir });
      await pglite.exec(`CREATE TABLE prepared (word text); INSERT INTO prepared VALUES ('kept')`);
      await pglite.close();
    });
    const copy = await PGlite.create({ dataDir: copyDataDir(template, scratchDataDir()) });
    try {
      expect((await copy.query('SELECT word FROM prepared')).rows).toEqual([{ word: 'kept' }]);
      expect((await copy.query('SELECT datname FROM pg_database')).rows).toEqual([{ datname: 'postgres' }]);
      expect((await copy.query(`SELECT current_setting('shared_buffers') AS size`)).rows).toEqual([
        { size: '16MB' },
      ]);
    } finally {
      await copy.close();
    }
  });
});
