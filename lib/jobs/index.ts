import { fromPglite, PgBoss } from 'pg-boss';
import { openDatabase } from '@/lib/db';
import { logger } from '@/lib/log';
import { settleWebhookWakes } from '@/lib/webhooks/queue';
import { registerAuditRetention } from './audit-retention';
import { fetchingBetweenRequests } from './between-requests';
import { registerEventProcessing } from './event-processing';
import { jobSchema, setStartingJobQueue, startingJobQueue } from './queue';
import { registerStatusReconciliation } from './status-reconciliation';
import { traceJobs } from './traced-work';

/** Starts pg-boss on the app's database, with the workers of this app instance. */
export function startJobs(): Promise<PgBoss> {
  const running = startingJobQueue();
  if (running) return running;
  const starting = (async () => {
    const { jobs } = await openDatabase();
    const boss = new PgBoss({
      ...(jobs.kind === 'pglite'
        ? // One statement at a time, on the thread that answers the PSU: the workers look between requests,
          // half a second at most later, as often as they poll.
          { db: fetchingBetweenRequests(fromPglite(jobs.client), 500) }
        : { connectionString: jobs.connectionString }),
      schema: jobSchema,
      // A job left under way by an instance that died is given to another soon after it expires.
      superviseIntervalSeconds: 10,
    });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    traceJobs(boss);
    await boss.start();
    await registerStatusReconciliation(boss);
    await registerEventProcessing(boss);
    await registerAuditRetention(boss);
    return boss;
  })();
  setStartingJobQueue(starting);
  return starting;
}

export async function stopJobs(): Promise<void> {
  const current = startingJobQueue();
  setStartingJobQueue(undefined);
  if (!current) return;
  const boss = await current;
  // Jobs for events just stored are sent before the queue stops; any that is not is swept up later.
  await settleWebhookWakes();
  await boss.stop({ graceful: true, timeout: 10_000 });
}
