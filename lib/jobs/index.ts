import { fromPglite, PgBoss } from 'pg-boss';
import { openDatabase } from '@/lib/db';
import { logger } from '@/lib/log';
import { processGlobal } from '@/lib/server/process-global';
import { settleWebhookWakes } from '@/lib/webhooks/queue';
import { registerStatusReconciliation, scheduleStatusCheck } from './status-reconciliation';

const state = processGlobal<{ starting?: Promise<PgBoss> }>('jobs', () => ({}));

/** Starts pg-boss on the app's database, with the workers of this app instance. */
export function startJobs(): Promise<PgBoss> {
  state.starting ??= (async () => {
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
  return state.starting;
}

/** Schedules the first status check of a payment the bank has just accepted. */
export async function afterInitiation(paymentId: string): Promise<void> {
  if (!state.starting) return;
  try {
    await scheduleStatusCheck(await state.starting, paymentId);
  } catch (error) {
    // The payment is at the bank and recorded; the next sweep schedules its check instead.
    logger.warn({ paymentId, err: error }, 'could not schedule a status check');
  }
}

export async function stopJobs(): Promise<void> {
  const current = state.starting;
  state.starting = undefined;
  if (!current) return;
  const boss = await current;
  // Jobs for events just stored are sent before the queue stops; any that is not is swept up later.
  await settleWebhookWakes();
  await boss.stop({ graceful: true, timeout: 10_000 });
}
