// Builds the app when `.next` is missing or older than any source file it is built from (the app's
// folders, the root files Next.js reads, and the installed packages' lock file).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './env.mjs';

const sources = [
  'app',
  'components',
  'contract',
  'lib',
  'messages',
  'pglite',
  'public',
  'scripts/compile-hints.mjs',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.js',
  'package.json',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.next.json',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Whether the app's build is missing ('missing'), older than a source ('stale'), or up to date. */
export function buildState() {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (!built) return 'missing';
  return built > Math.max(...sources.map(newestMtime)) ? 'up to date' : 'stale';
}

export function buildIfStale() {
  const state = buildState();
  if (state === 'up to date') return;
  console.log(
    state === 'stale'
      ? 'Sources changed since the last build; building the app…'
      : 'Building the app (first start)…',
  );
  const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
