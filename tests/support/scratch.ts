import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { scratchRoot } from '@/sandbox/src/db/pglite-template';

/**
 * A new temp dir for a test's files (mailboxes, logs, bank directories), inside the run's scratch dir
 * (tests/support/scratch-dirs.ts), which the run removes when it ends.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(scratchRoot(), prefix));
}
