import { syncListedOperators } from '@/lib/auth/operator-roles';
import { bankDirectory } from '@/lib/bank/directory';
import { settings } from '@/lib/config';
import { closeDatabase, getDb } from '@/lib/db';
import { startJobs, stopJobs } from '@/lib/jobs';
import { logger } from '@/lib/log';
import { flushBankCallAudit, recordBankCalls } from '@/lib/observability/bank-calls';
import { startTracing, stopTracing } from '@/lib/observability/tracing';
import { backgroundSettled } from './background';
import { lifecycle } from './lifecycle';

/**
 * Start-up of one app instance: settings (refused at once, with what to fix), database and
 * migrations, the operators of OPERATOR_EMAILS, then the job queue, with its workers unless JOB_WORKERS is
 * `separate`; and a stop that loses nothing on SIGTERM or SIGINT.
 */
export async function startServer(): Promise<void> {
  const config = await startInstrumented();
  if (config.NODE_ENV === 'production' && !config.APP_BASE_URL.startsWith('https://')) {
    const host = new URL(config.APP_BASE_URL).hostname;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) {
      logger.warn(
        { host },
        'APP_BASE_URL is not https: session cookies and bank redirects would cross the network in the clear; set an https:// base',
      );
    }
  }
  if (config.APP_BASE_URL.startsWith('https://') && !config.SMTP_URL) {
    logger.warn(
      { mailbox: config.MAILBOX_DIR },
      'SMTP_URL is not set: verification mail is written to MAILBOX_DIR on this machine and reaches no one',
    );
  }
  // The operator role for every verified address on OPERATOR_EMAILS, none for one taken off it.
  await syncListedOperators(await getDb());
  await startJobs();
  lifecycle.jobsStarted = true;
  process.once('SIGTERM', () => void shutdown('SIGTERM', config.SHUTDOWN_GRACE_MS));
  process.once('SIGINT', () => void shutdown('SIGINT', config.SHUTDOWN_GRACE_MS));
}

/**
 * Start-up of a job worker process (`npm run worker`, beside app instances with JOB_WORKERS `separate`): the job
 * queue's workers, schedules and sweeps, with no server; a stop on SIGTERM or SIGINT lets the jobs under way finish
 * (pg-boss hands one still running at the grace period's end back to the queue) and exits with 0.
 */
export async function startWorker(): Promise<void> {
  if (!checkSettings().DATABASE_URL) {
    console.error(
      '\nA job worker needs DATABASE_URL (PostgreSQL): the embedded database admits one process,' +
        ' and its job workers run in the app.\n',
    );
    process.exit(78); // EX_CONFIG
  }
  const config = await startInstrumented();
  await startJobs({ work: true });
  logger.info('job workers started');
  const stop = async (signal: string) => {
    const deadline = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 5_000);
    deadline.unref();
    logger.info({ signal }, 'stopping: finishing the jobs under way');
    await stopJobs().catch((error) => logger.error({ err: error }, 'job queue did not stop cleanly'));
    await closeAfterJobs();
    logger.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** Settings checked, tracing started and the bank calls recorded: what an app instance and a worker start with. */
async function startInstrumented() {
  const config = checkSettings();
  // Before the database opens: with tracing on, its statements are traced (lib/db/traced-client.ts).
  if (await startTracing()) logger.info('traces are exported over OTLP/HTTP');
  // Every call to every bank from here on: the audit trail, metrics and spans.
  recordBankCalls();
  return config;
}

function checkSettings() {
  try {
    const checked = settings();
    // The bank directory too (BANK_DIRECTORY), so a mistake in it stops the start with what to fix.
    bankDirectory();
    return checked;
  } catch (error) {
    // One clear message on stderr instead of a stack trace per request.
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(78); // EX_CONFIG
  }
}

/**
 * The order of a stop: readiness fails at once, so a load balancer sends no new requests; the job
 * workers finish their jobs (pg-boss hands any job still running at the deadline back to the queue,
 * where another instance picks it up after its expiry); the server stops accepting connections
 * and lets the requests in flight finish, then calls `process.exit`. That exit is held until the
 * database is closed, so no request or job loses its connection half-way. A payment being sent at
 * that moment is safe either way: its row is claimed only until `claimedUntil`, and the next attempt
 * resends it with the same Idempotency-Key.
 */
async function shutdown(signal: string, graceMs: number): Promise<void> {
  lifecycle.draining = true;
  logger.info({ signal }, 'stopping: finishing in-flight requests and jobs');
  const realExit = process.exit.bind(process);
  let exitCode: number | undefined;
  let exitRequested: (() => void) | undefined;
  const nextWantsExit = new Promise<void>((resolve) => {
    exitRequested = resolve;
  });
  process.exit = ((code?: number | string | null) => {
    exitCode = typeof code === 'number' ? code : 0;
    exitRequested?.();
    return undefined as never;
  }) as typeof process.exit;
  // Whatever happens below, the process ends: a stuck close must not keep a stopped instance alive.
  const deadline = setTimeout(() => realExit(exitCode ?? 1), graceMs + 5_000);
  deadline.unref();

  const jobsStopped = stopJobs().catch((error) =>
    logger.error({ err: error }, 'job queue did not stop cleanly'),
  );
  // The server (scripts/app-server.mjs) calls exit once it has closed; with NEXT_MANUAL_SIG_HANDLE it does not, and
  // the grace period stands in for the requests in flight.
  const manual = Boolean(process.env.NEXT_MANUAL_SIG_HANDLE);
  await Promise.all([jobsStopped, manual ? new Promise((r) => setTimeout(r, graceMs)) : nextWantsExit]);
  await closeAfterJobs();
  logger.info({ signal }, 'stopped');
  clearTimeout(deadline);
  realExit(exitCode ?? (signal === 'SIGTERM' ? 143 : 130));
}

/** Once the jobs have stopped: the background work finished, its audit rows written, the database and tracing closed. */
async function closeAfterJobs(): Promise<void> {
  try {
    await backgroundSettled();
    await flushBankCallAudit();
    await closeDatabase();
  } catch (error) {
    logger.error({ err: error }, 'database did not close cleanly');
  }
  await stopTracing().catch(() => undefined);
}
