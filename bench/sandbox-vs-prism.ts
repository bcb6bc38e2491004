// The sandbox bank beside Prism (@stoplight/prism-cli), the mock server a TPP developer would generate
// from the same OpenAPI file: the same initiation (bench/sandbox-client.ts, NORMAL_PAYMENT) at the same
// concurrency, against the sandbox on PGlite, the sandbox on PostgreSQL (bench/postgres-server.ts) and
// `prism mock contract/pis.yaml`, in one run. Each is its own process on loopback; this process only
// sends. Each first answers a slice that is not counted, so that what is measured is a server that has been up a
// while (its code compiled, its statements prepared: the first 5 s of a sandbox just started ran at 0.85 of the
// next 5), then the three take turns in `passes` slices (the order reversed each pass), so that a change in the
// machine's load falls on all of them. Prism answers from the document's examples and does no work;
// the sandbox stores the payment, checks it against the bank's rules and starts its SCA.
// Targets: the sandbox at least Prism's rate on PostgreSQL, at least half of it on PGlite.
//
// Run: npx tsx bench/sandbox-vs-prism.ts [seconds per slice=5] [concurrency=16] [passes=2]
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresServer } from './postgres-server';
import { initiateAt, initiationLoad, type LoadResult, NORMAL_PAYMENT, tppToken } from './sandbox-client';
import { type Figure, ms, printResult, quantile } from './support';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 16);
const passes = Number(process.argv[4] ?? 2);
const root = path.resolve(import.meta.dirname, '..');
const ports = { pglite: 4911, postgresql: 4912, prism: 4913 };
const prismBin = path.join(root, 'node_modules/.bin/prism');

interface Target {
  label: string;
  base: string;
  prefix: string;
  bearer: string;
  results: LoadResult[];
}

async function waitFor(url: string, name: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not come up at ${url}`);
}

const children: ChildProcess[] = [];
function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
  });
  children.push(child);
  return child;
}

async function sandbox(label: string, port: number, database: Record<string, string>): Promise<Target> {
  const child = start(path.join(root, 'node_modules/.bin/tsx'), ['sandbox/src/main.ts'], {
    SANDBOX_PORT: String(port),
    LOG_LEVEL: 'warn',
    ...database,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/sandbox/health`, `The sandbox bank (${label})`, child);
  return { label, base, prefix: '/psd2', bearer: await tppToken(base), results: [] };
}

/** Prism mocking the payment interface; the path prefix it serves the initiation under (it may ignore `servers`). */
async function prism(): Promise<Target> {
  const child = start(
    prismBin,
    [
      'mock',
      path.join(root, 'contract/pis.yaml'),
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.prism),
      '-v',
      'warn',
    ],
    {},
  );
  const base = `http://127.0.0.1:${ports.prism}`;
  await waitFor(base, 'Prism', child);
  const target: Target = {
    label: 'Prism (mock of contract/pis.yaml)',
    base,
    prefix: '',
    bearer: 'prism',
    results: [],
  };
  for (const prefix of ['', '/psd2']) {
    if ((await initiateAt(base, target.bearer, NORMAL_PAYMENT, { prefix })) === 201)
      return { ...target, prefix };
  }
  throw new Error('Prism answers the initiation with no 201 under / or /psd2');
}

const figures: Figure[] = [];
const notes: string[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'greidsla-bench-prism-'));
const postgres = await postgresServer().catch((error: Error) => error);
try {
  const targets: Target[] = [];
  targets.push(
    await sandbox('Sandbox on PGlite', ports.pglite, { SANDBOX_DATA_DIR: path.join(dataDir, 'pglite') }),
  );
  if (postgres instanceof Error || !postgres) {
    notes.push(
      `PostgreSQL not measured: ${postgres ? postgres.message.split('\n')[0] : 'no server given and none could be started'}`,
    );
  } else {
    targets.push(
      await sandbox('Sandbox on PostgreSQL', ports.postgresql, {
        SANDBOX_DATABASE_URL: await postgres.createDatabase('bench_prism_sandbox'),
      }),
    );
  }
  let prismTarget: Target | undefined;
  if (!existsSync(prismBin)) {
    notes.push('Prism not measured: @stoplight/prism-cli is not installed (npm install)');
  } else {
    try {
      prismTarget = await prism();
      targets.push(prismTarget);
    } catch (error) {
      notes.push(`Prism not measured: ${(error as Error).message}`);
    }
  }
  console.log(
    `Initiations over loopback: ${concurrency} concurrent clients, ${passes} slices of ${seconds} s each per server, after one not counted`,
  );
  for (const target of targets)
    await initiationLoad(target.base, target.bearer, { seconds, concurrency, prefix: target.prefix });
  for (let pass = 0; pass < passes; pass++) {
    const order = pass % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order)
      target.results.push(
        await initiationLoad(target.base, target.bearer, { seconds, concurrency, prefix: target.prefix }),
      );
  }
  const rate = (target: Target) =>
    target.results.reduce((sum, r) => sum + r.count, 0) / (target.results.length * seconds);
  const prismRate = prismTarget ? rate(prismTarget) : undefined;
  for (const target of targets) {
    const latencies = target.results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const errors = target.results.reduce((sum, r) => sum + r.errors, 0);
    const perSecond = rate(target);
    const detail = `p50 ${ms(quantile(latencies, 0.5), 1)}, p95 ${ms(quantile(latencies, 0.95), 1)}; ${latencies.length} answered 201, ${errors} other answers`;
    console.log(`  ${target.label.padEnd(36)} ${perSecond.toFixed(1).padStart(8)} initiations/s  ${detail}`);
    const share = target === prismTarget ? undefined : target.label.includes('PostgreSQL') ? 1 : 0.5;
    figures.push({
      name: `${target.label}: initiations per second, ${concurrency} concurrent`,
      value: perSecond,
      unit: '/s',
      ...(share !== undefined && prismRate !== undefined
        ? {
            target: `>= ${share === 1 ? "Prism's" : "half of Prism's"} (${(prismRate * share).toFixed(1)}/s)`,
            met: perSecond >= prismRate * share,
          }
        : {}),
      reference:
        prismRate !== undefined && target !== prismTarget
          ? `Prism ${prismRate.toFixed(1)}/s; ${detail}`
          : detail,
    });
  }
  if (prismTarget) {
    const version = JSON.parse(
      readFileSync(path.join(root, 'node_modules/@stoplight/prism-cli/package.json'), 'utf8'),
    ).version;
    notes.push(
      `Prism ${version}, \`prism mock contract/pis.yaml\`, static examples; initiation under "${prismTarget.prefix || '/'}"`,
    );
  }
} finally {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  if (postgres && !(postgres instanceof Error)) await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
printResult('sandbox-vs-prism', figures, notes);
