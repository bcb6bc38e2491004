import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxDataDir } from '@/sandbox/src/testing';
import { freshAppDatabase } from '@/tests/support/app-database';
import { jsonLinesOf } from '@/tests/support/json-lines';
import { testNodeFlags } from '@/tests/support/node-flags';
import { createTestDatabase, testDatabaseUrl } from '@/tests/support/postgres';
import { addFault, bankPayments, clearFaults, eventually } from '@/tests/support/sandbox-admin';
import { submissionOf } from './submission';

/**
 * Crash recovery, with real processes: the sandbox bank (sandbox/src/main.ts) and "the app" (its own
 * modules in tests/crash/app-process.ts) as children on one data dir each, killed with SIGKILL in the
 * middle of a run of initiations and started again on the same data.
 *
 *   1. the app initiates (and the PSU confirms) N payments; it is killed a third of the way through;
 *   2. it restarts (the jobs' sweeps run) and carries on; the sandbox is killed two thirds through
 *      and restarted on its data dir, while the app keeps going (and gets "bank unreachable");
 *   3. the app restarts once more and recovers: payments it saved but never finished sending are
 *      resent with their Idempotency-Key, every other is re-read from the bank.
 *
 * Then: every app payment is linked to one bank payment by its Idempotency-Key, no bank payment is
 * without an app payment, none doubled, and every status is the bank's. CRASH_PAYMENTS sets N
 * (default 30 here; 100 in the full run).
 */

const N = Number(process.env.CRASH_PAYMENTS ?? 30);
const run = `r${Date.now().toString(36)}`;
// Node with tsx's loader, in one process: the tsx CLI would run the script in a child of its own,
// which a SIGKILL of the CLI leaves running.
const node = process.execPath;
const children = new Set<ChildProcess>();
const temp = mkdtempSync(path.join(tmpdir(), 'greidsla-crash-'));
// Each step waits for a condition (a count of initiations, a process up or gone), never for a time;
// these only bound a failure, generously (and the whole test at 15 minutes): a machine busy with
// other work takes minutes for what takes seconds on an idle one.
const STEP_MS = 180_000;

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

interface Child {
  process: ChildProcess;
  events: Record<string, unknown>[];
  exited: Promise<number | null>;
  output: () => string;
}

function start(args: string[], env: Record<string, string>): Child {
  const child = spawn(node, [...testNodeFlags, '--import', 'tsx', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'error', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  // Its events; a log line that is not JSON is in its output alone.
  const events = jsonLinesOf(child.stdout);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { process: child, events, exited, output: () => text.slice(-4000) };
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
}

const doneCount = (child: Child) => child.events.filter((e) => e.event === 'done').length;

let sandboxPort: number;
let sandboxEnv: Record<string, string>;
let appEnv: Record<string, string>;
let sandboxUrl: string;

async function startSandbox(): Promise<Child> {
  const child = start(['sandbox/src/main.ts'], sandboxEnv);
  await eventually(
    async () => {
      if (child.process.exitCode !== null) throw new Error(`sandbox exited: ${child.output()}`);
      try {
        const response = await fetch(`${sandboxUrl}/sandbox/health`);
        return response.ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    STEP_MS,
    'the sandbox to start',
  );
  return child;
}

afterAll(async () => {
  // Every child this file started, by its own handle.
  for (const child of children) child.kill('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

describe('crash recovery', () => {
  it(`SIGKILL of the app and of the sandbox during ${N} initiations: every payment reconciled, none lost or doubled`, async () => {
    sandboxPort = await freePort();
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    // On PGlite the bank starts from a copy of its migrated and seeded template, as from an earlier run.
    const sandboxDatabase: Record<string, string> = testDatabaseUrl()
      ? { SANDBOX_DATABASE_URL: await createTestDatabase('sandbox') }
      : { SANDBOX_DATA_DIR: await sandboxDataDir() };
    // Our bank alone: the banks of other dialects would each make and open a database of their own at start.
    sandboxEnv = { SANDBOX_PORT: String(sandboxPort), SANDBOX_OTHER_BANKS: 'none', ...sandboxDatabase };
    const database = await freshAppDatabase();
    appEnv = {
      ...(database.DATABASE_URL ? { DATABASE_URL: database.DATABASE_URL } : {}),
      ...(database.APP_DATA_DIR ? { APP_DATA_DIR: database.APP_DATA_DIR } : {}),
      AUTH_SECRET: 'crash-recovery-secret-crash-recovery-secret-01',
      // Nobody listens here: notifications fail, and the reconciliation alone must bring every status.
      APP_BASE_URL: 'http://127.0.0.1:9',
      BANK_BASE_URL: `${sandboxUrl}/psd2`,
      BANK_AUTH_URL: sandboxUrl,
      BANK_TIMEOUT_MS: '5000',
    };

    let sandbox = await startSandbox();
    // Each initiation spends most of its time at the bank, so a kill lands mid-call more often than not.
    await addFault(sandboxUrl, { method: 'POST', path: '/psd2/api/v1/payments/', latencyMs: 150 });

    // 1. The app is killed a third of the way through.
    const first = start(['tests/crash/app-process.ts', 'initiate', run, '0', String(N)], appEnv);
    await eventually(
      async () => {
        if (first.process.exitCode !== null) throw new Error(`app exited early: ${first.output()}`);
        return doneCount(first) >= Math.floor(N / 3) ? true : undefined;
      },
      STEP_MS,
      'a third of the initiations',
    );
    await sleep(60); // inside the next bank call
    await kill(first);

    // 2. Restarted, it carries on; the sandbox is killed two thirds through, and restarted.
    const second = start(['tests/crash/app-process.ts', 'initiate', run, '0', String(N)], appEnv);
    await eventually(
      async () => {
        if (second.process.exitCode !== null) return true;
        return doneCount(first) + doneCount(second) >= Math.floor((2 * N) / 3) ? true : undefined;
      },
      STEP_MS,
      'two thirds of the initiations',
    );
    await sleep(60);
    await kill(sandbox);
    await sleep(500);
    sandbox = await startSandbox();
    expect(await second.exited, second.output()).toBe(0);

    // 3. The app restarts and recovers.
    await clearFaults(sandboxUrl);
    const third = start(['tests/crash/app-process.ts', 'recover', run, String(STEP_MS)], appEnv);
    expect(await third.exited, third.output()).toBe(0);
    const recovered = third.events.find((e) => e.event === 'recovered');
    expect(recovered, third.output()).toMatchObject({ settled: true });

    // The app's database, read here now that no child holds it.
    Object.assign(process.env, appEnv);
    const { getDb, closeDatabase } = await import('@/lib/db');
    const schema = await import('@/lib/db/schema');
    const db = await getDb();
    try {
      const rows = await db.select().from(schema.payments);
      const atBank = (await bankPayments(sandboxUrl)).filter((p) =>
        String(
          (p.body as { remittanceInformationUnstructured?: string }).remittanceInformationUnstructured,
        ).startsWith(`crash ${run} `),
      );
      const submissions = new Map(Array.from({ length: N }, (_, i) => [submissionOf(run, i), i]));
      const mine = rows.filter((r) => submissions.has(r.submissionId));
      // Saved submissions: all of them, but for one the first kill may have caught before it was saved.
      expect(mine.length).toBeGreaterThanOrEqual(N - 1);
      expect(new Set(mine.map((r) => r.submissionId)).size).toBe(mine.length);

      // None doubled: one bank payment per submission (its remittance names it), under its key.
      const perRemittance = new Map<string, number>();
      for (const p of atBank) {
        const key = String(
          (p.body as { remittanceInformationUnstructured?: string }).remittanceInformationUnstructured,
        );
        perRemittance.set(key, (perRemittance.get(key) ?? 0) + 1);
      }
      expect([...perRemittance.values()].filter((count) => count > 1)).toEqual([]);

      // No bank payment without an app payment; every app payment sent and linked to its bank payment.
      const byKey = new Map(mine.map((r) => [r.idempotencyKey, r]));
      for (const p of atBank)
        expect(byKey.has(p.idempotencyKey ?? ''), `bank payment ${p.paymentId}`).toBe(true);
      const bankById = new Map(atBank.map((p) => [p.paymentId, p]));
      for (const r of mine) {
        expect(r.phase, `payment ${r.id}`).toBe('initiated');
        const bank = bankById.get(r.bankPaymentId ?? '');
        expect(bank, `payment ${r.id} at the bank`).toBeDefined();
        expect(bank?.idempotencyKey).toBe(r.idempotencyKey);
        expect(r.transactionStatus, `payment ${r.id}`).toBe(bank?.transactionStatus);
      }
      expect(atBank).toHaveLength(mine.length);
      const statuses = mine.reduce<Record<string, number>>((tally, r) => {
        tally[r.transactionStatus ?? 'none'] = (tally[r.transactionStatus ?? 'none'] ?? 0) + 1;
        return tally;
      }, {});
      console.log(
        `crash recovery: ${N} submissions, ${mine.length} saved, ${atBank.length} at the bank; statuses ${JSON.stringify(statuses)}; ` +
          `resent on recovery: ${third.events.filter((e) => e.event === 'progress').at(0)?.unsent ?? 0}`,
      );
    } finally {
      await closeDatabase();
      sandbox.process.kill('SIGTERM');
      await sandbox.exited;
    }
  }, 900_000);
});
