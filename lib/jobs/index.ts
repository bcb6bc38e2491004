import { fromPglite, PgBoss } from 'pg-boss';
import { openDatabase } from '@/lib/db';
import { logger } from '@/lib/log';
import { registerStatusReconciliation, scheduleStatusCheck } from './status-reconciliation';

let starting: Promise<PgBoss> | undefined;

/** Starts pg-boss on the app's database, with the workers of this app instance. */
export function startJobs(): Promise<PgBoss> {
  starting ??= (async () => {
    const { jobs } = await openDatabase();
    const boss = new PgBoss({
      ...(jobs.kind === 'pglite'
        ? { db: fromPglite(jobs.client) }
        : { connectionString: jobs.connectionString }),
      schema: 'pgboss',
    });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    await boss.start();
    await registerStatusReconciliation(boss);
    await (await import('./event-processing')).registerEventProcessing(boss);
    return boss;
  })();
  return starting;
}

/** Schedules the first status check of a payment the bank has just accepted. */
export async function afterInitiation(paymentId: string): Promise<void> {
  if (!starting) return;
  try {
    await scheduleStatusCheck(await starting, paymentId);
  } catch (error) {
    // The payment is at the bank and recorded; the next sweep schedules its check instead.
    logger.warn({ paymentId, err: error }, 'could not schedule a status check');
  }
}

export async function stopJobs(): Promise<void> {
  const current = starting;
  starting = undefined;
  if (current) await (await current).stop({ graceful: true, timeout: 10_000 });
}
