import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A new temp dir for a test's files (mailboxes, logs, bank directories), inside the run's scratch dir
 * (tests/support/scratch-dirs.ts), which the run removes when it ends.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(process.env.GREIDSLA_SCRATCH_DIR ?? tmpdir(), prefix));
}
