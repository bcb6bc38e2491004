import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Vitest's global setup: one temp dir for the database copies of this run (sandbox/src/db/pglite-template.ts),
 * removed when the run ends (without blocking: gigabytes take seconds, and Vitest is still ending its workers).
 * A test process removes its own on exit, but Vitest may end a worker without running its exit handlers.
 */
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'greidsla-test-run-'));
  process.env.GREIDSLA_SCRATCH_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
