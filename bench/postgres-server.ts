// A PostgreSQL server for the benchmarks' PostgreSQL figures: BENCH_DATABASE_URL or TEST_DATABASE_URL
// (an admin connection) when given, otherwise a throwaway server from Debian's
// /usr/lib/postgresql/*/bin in a temp dir, on 127.0.0.1 and a free port, stopped by `stop()`.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  /** Admin connection string (may create databases). */
  adminUrl: string;
  /** How the server came to be: "given" or "temporary PostgreSQL 15 on :port". */
  origin: string;
  /** A new, empty database; its URL. */
  createDatabase(prefix: string): Promise<string>;
  stop(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function withCreate(adminUrl: string, origin: string, stop: () => Promise<void>): PostgresServer {
  return {
    adminUrl,
    origin,
    async createDatabase(prefix: string) {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop,
  };
}

/** A PostgreSQL server to benchmark against, or undefined when none is given and none can be started. */
export async function postgresServer(): Promise<PostgresServer | undefined> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return withCreate(given, 'given server', async () => {});
  const bin = binDir();
  if (!bin) return undefined;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'greidsla-bench-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  const port = await freePort();
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const version = path.basename(path.dirname(bin));
  return withCreate(
    `postgres://postgres@127.0.0.1:${port}/postgres`,
    `temporary PostgreSQL ${version} on 127.0.0.1:${port}`,
    async () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}
