import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest's global setup: one temp dir for the database copies of this run (sandbox/src/db/pglite-template.ts),
 * removed when the run ends. A test process removes its own on exit, but Vitest may end a worker without
 * running its exit handlers.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'greidsla-test-run-'));
  process.env.GREIDSLA_SCRATCH_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
