import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';
import { creditTransferRequest } from '@/tests/support/initiation-request';
import { jsonLinesOf } from '@/tests/support/json-lines';
import { testDatabaseUrl } from '@/tests/support/postgres';

// Several app instances on one PostgreSQL share the reconciliation work through pg-boss: every
// status check is taken by exactly one of them. (An embedded PGlite admits one process only, so this
// runs in CI's PostgreSQL pass.)
const onPostgres = Boolean(testDatabaseUrl());
const paymentCount = 30;

let sandbox: RunningSandbox;
let proxy: BankFaultProxy;
let env: Record<string, string>;
const instances: ChildProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const bank = await startBehindFaultProxy();
  ({ sandbox, proxy } = bank);
  const bankUrl = bank.bankUrl;
  env = {
    ...(await freshAppDatabase()),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    BANK_BASE_URL: `${bankUrl}/psd2`,
    BANK_AUTH_URL: bankUrl,
  } as Record<string, string>;
  Object.assign(process.env, env);
  const { initiateOnce } = await import('@/lib/payments/initiation');
  const { getDb } = await import('@/lib/db');
  const { psus } = await import('@/lib/db/schema');
  const [psu] = await (await getDb()).select().from(psus);
  // Payments the bank holds unconfirmed (RCVD): never final, so they keep being checked.
  for (let i = 0; i < paymentCount; i++) {
    const outcome = await initiateOnce(creditTransferRequest(psu?.id ?? '', { amount: String(100 + i) }));
    expect(outcome.ok).toBe(true);
  }
});

afterAll(async () => {
  for (const child of instances) child.kill('SIGKILL');
  if (!onPostgres) return;
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

function startInstance(name: string): {
  lines: Record<string, unknown>[];
  ready: Promise<void>;
  closed: Promise<unknown>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/jobs-instance.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'debug', INSTANCE: name },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  instances.push(child);
  // Every line the instance wrote has been read once its output has closed.
  const closed = once(child, 'close');
  let lines: Record<string, unknown>[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines = jsonLinesOf(child.stdout, (line) => {
      if (line.msg === 'instance ready') resolve();
    });
    child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code})`)));
  });
  return { lines, ready, closed };
}

// Skipped on PGlite: an embedded PGlite admits one process, so two instances cannot share one; CI's
// PostgreSQL pass runs it.
describe.skipIf(!onPostgres)('two app instances on one PostgreSQL', () => {
  it('check every unsettled payment, each check done by exactly one instance', async () => {
    // Reads the bank answered: a read whose connection failed on the way is sent again (a GET may be),
    // and only the answered one counts.
    const statusReads = () =>
      proxy.answered.filter((call) => call.method === 'GET' && call.path.endsWith('/status')).length;
    const statusReadsBefore = statusReads();
    // Instance b starts while a's first reading is still at the bank: b's start-up sweep must not
    // schedule another check of a payment whose check a has under way.
    proxy.delayNext('GET', /\/status$/, 6_000);
    const a = startInstance('a');
    await a.ready;
    while (statusReads() === statusReadsBefore) await sleep(50);
    const b = startInstance('b');
    await b.ready;
    // The first check comes 2 s after the sweep, the second 5 s after the first.
    await sleep(12_000);
    for (const child of instances) child.kill('SIGKILL');
    await Promise.all([a.closed, b.closed]);

    const checks = (lines: Record<string, unknown>[]) =>
      lines.filter((line) => line.msg === 'status check').map((line) => `${line.paymentId}#${line.check}`);
    const fromA = checks(a.lines);
    const fromB = checks(b.lines);
    const all = [...fromA, ...fromB];

    expect(new Set(all).size).toBe(all.length);
    const firstChecks = new Set(
      all.filter((check) => check.endsWith('#0')).map((check) => check.split('#')[0]),
    );
    expect(firstChecks.size).toBe(paymentCount);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromB.length).toBeGreaterThan(0);
    // The bank saw one status read per check, no more.
    expect(statusReads() - statusReadsBefore).toBe(all.length);
  });
});
