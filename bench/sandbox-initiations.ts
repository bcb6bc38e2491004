// Sandbox payment initiations per second over loopback HTTP, on PGlite (a data dir in the temp dir) and on
// PostgreSQL (SANDBOX_BENCH_DATABASE_URL, or else a throwaway cluster started with initdb/pg_ctl from
// /usr/lib/postgresql/*/bin on 127.0.0.1 and removed afterwards).
// Run: npx tsx bench/sandbox-initiations.ts [seconds=10] [concurrency=16]
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../sandbox/src/server';
import { sandboxDataDir } from '../sandbox/src/testing';
import { initiationLoad, tppToken } from './sandbox-client';

const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 16);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Result {
  backend: string;
  count: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** `concurrency` clients initiating back to back for `seconds`, after a one-second warm-up. */
async function run(backend: string, base: string): Promise<Result> {
  const load = await initiationLoad(base, await tppToken(base), { seconds, concurrency });
  return {
    backend,
    count: load.count,
    errors: load.errors,
    perSecond: load.perSecond,
    p50: percentile(load.latencies, 50),
    p95: percentile(load.latencies, 95),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway PostgreSQL cluster, or undefined when no server binaries are installed. */
async function throwawayCluster(): Promise<{ url: string; stop(): void; version: string } | undefined> {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) return undefined;
  const bin = join(root, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-pg-'));
  // initdb and pg_ctl refuse to run as root: run them as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const exec = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  const port = await freePort();
  exec('initdb', ['-D', data, '-U', 'bench', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  exec('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://bench@127.0.0.1:${port}/postgres`,
    version,
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function print(result: Result, note: string) {
  console.log(
    `${result.backend.padEnd(10)} ${result.perSecond.toFixed(1).padStart(8)} initiations/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  (${result.count} in ${seconds} s, ${concurrency} concurrent, ${result.errors} errors; ${note})`,
  );
}

const log = () => {};
console.log(`Sandbox initiations over loopback: ${seconds} s per backend, ${concurrency} concurrent clients`);

{
  const dataDir = await sandboxDataDir();
  const sandbox = await startSandbox({ port: 0, dataDir, log });
  try {
    print(await run('PGlite', sandbox.url), `data dir ${dataDir}`);
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

{
  const given = process.env.SANDBOX_BENCH_DATABASE_URL;
  const cluster = given ? undefined : await throwawayCluster();
  const url = given ?? cluster?.url;
  if (!url) {
    console.log('PostgreSQL skipped: set SANDBOX_BENCH_DATABASE_URL or install PostgreSQL server binaries.');
  } else {
    try {
      const sandbox = await startSandbox({ port: 0, databaseUrl: url, log });
      try {
        print(
          await run('PostgreSQL', sandbox.url),
          cluster
            ? `throwaway PostgreSQL ${cluster.version} cluster, default settings`
            : 'SANDBOX_BENCH_DATABASE_URL',
        );
      } finally {
        await sandbox.close();
      }
    } finally {
      cluster?.stop();
    }
  }
}
