import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type BankFaultProxy, startBehindFaultProxy } from '@/tests/support/bank-fault-proxy';
import { creditTransferRequest } from '@/tests/support/initiation-request';
import { jsonLinesOf } from '@/tests/support/json-lines';
import { testDatabaseUrl } from '@/tests/support/postgres';
import { eventually } from '@/tests/support/sandbox-admin';
import { scratchDir } from '@/tests/support/scratch';

// JOB_WORKERS=separate: the app instance only sends jobs, and `npm run worker` (scripts/job-worker.ts), a process
// of its own on the same PostgreSQL, takes them. The embedded database admits one process: there, a worker is
// refused at its start, with what to do.
const onPostgres = Boolean(testDatabaseUrl());

interface Worker {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: () => string;
  exited: Promise<number | null>;
}

const workers: Worker[] = [];

/** `npm run worker` as its script, with the app's settings given; its pino log (LOG_LEVEL=debug) is its report. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/job-worker.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'debug' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = jsonLinesOf(child.stdout);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const worker = { child, lines, stderr: () => stderr, exited };
  workers.push(worker);
  return worker;
}

afterAll(() => {
  for (const { child } of workers) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('a job worker process', () => {
  it('is refused on the embedded database, saying why', async () => {
    const worker = startWorker({
      DATABASE_URL: '',
      APP_DATA_DIR: scratchDir('greidsla-worker-'),
      AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    });
    expect(await worker.exited).toBe(78);
    expect(worker.stderr()).toContain('A job worker needs DATABASE_URL (PostgreSQL)');
    expect(worker.lines.map((line) => line.msg)).not.toContain('job workers started');
  });
});

// Skipped on PGlite: the worker and the app would share one database, which an embedded PGlite admits to one process
// only; CI's PostgreSQL pass runs it.
describe.skipIf(!onPostgres)('JOB_WORKERS=separate on PostgreSQL', () => {
  let sandbox: RunningSandbox;
  let proxy: BankFaultProxy;
  let env: Record<string, string>;
  let app: {
    stopJobs: () => Promise<void>;
    closeDatabase: () => Promise<void>;
    query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  };
  let paymentId = '';
  let bankPaymentId = '';

  beforeAll(async () => {
    const bank = await startBehindFaultProxy();
    ({ sandbox, proxy } = bank);
    env = {
      ...(await freshAppDatabase()),
      AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
      BANK_BASE_URL: `${bank.bankUrl}/psd2`,
      BANK_AUTH_URL: bank.bankUrl,
      JOB_WORKERS: 'separate',
    } as Record<string, string>;
    Object.assign(process.env, env);
    const [{ initiateOnce }, jobs, db, schema, background] = await Promise.all([
      import('@/lib/payments/initiation'),
      import('@/lib/jobs'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('@/lib/server/background'),
    ]);
    // As the app instance starts it: JOB_WORKERS says it takes no jobs.
    const boss = await jobs.startJobs();
    app = {
      stopJobs: jobs.stopJobs,
      closeDatabase: db.closeDatabase,
      query: (text, values) => boss.getDb().executeSql(text, values),
    };
    const [psu] = await (await db.getDb()).select().from(schema.psus);
    const outcome = await initiateOnce(creditTransferRequest(psu?.id ?? ''));
    if (!outcome.ok) throw new Error(`the payment was not made: ${outcome.messageKey}`);
    paymentId = outcome.paymentId;
    // Its first status check, sent once the PSU has their answer.
    await background.backgroundSettled();
    const [row] = await (await db.getDb())
      .select({ bankPaymentId: schema.payments.bankPaymentId })
      .from(schema.payments)
      .where(eq(schema.payments.id, paymentId));
    bankPaymentId = row?.bankPaymentId ?? '';
    expect(bankPaymentId).not.toBe('');
  });

  afterAll(async () => {
    await app?.stopJobs();
    await app?.closeDatabase();
    await proxy?.stop();
    await sandbox?.close();
  });

  const statusCheck = async () => {
    const { rows } = await app.query(
      "select state, start_after from pgboss.job where name = 'payment-status' and data->>'paymentId' = $1",
      [paymentId],
    );
    return rows as { state: string; start_after: Date }[];
  };
  const statusReads = () =>
    proxy.answered.filter((call) => call.method === 'GET' && call.path.endsWith(`${bankPaymentId}/status`))
      .length;

  it('the app only sends the status check; the worker takes it, and stops when told, its jobs done', async () => {
    const [sent] = await statusCheck();
    expect(sent?.state).toBe('created');
    // Due, and left: no worker runs in the app. Its workers would have taken it within half a second.
    const due = new Date(sent?.start_after ?? 0).getTime();
    await sleep(Math.max(0, due - Date.now()) + 2_000);
    expect((await statusCheck())[0]?.state).toBe('created');
    expect(statusReads()).toBe(0);

    const worker = startWorker(env);
    const logged = (match: (line: Record<string, unknown>) => boolean) => async () =>
      worker.lines.some(match) || undefined;
    await eventually(
      logged((line) => line.msg === 'job workers started'),
      60_000,
      'the worker to start',
    );
    await eventually(
      logged((line) => line.msg === 'status check' && line.paymentId === paymentId),
      60_000,
      "the worker's status check",
    );
    await eventually(
      async () => (await statusCheck()).some((job) => job.state === 'completed') || undefined,
      30_000,
      'the status check to be completed',
    );
    expect(statusReads()).toBeGreaterThan(0);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.lines.map((line) => line.msg)).toContain('stopped');
    // Its lines are told apart from the app's.
    expect(new Set(worker.lines.map((line) => line.service))).toEqual(new Set(['worker']));
  });
});
