import { fromPglite, PgBoss } from 'pg-boss';
import { settings } from '@/lib/config';
import { openDatabase } from '@/lib/db';
import { logger } from '@/lib/log';
import { settleWebhookWakes } from '@/lib/webhooks/queue';
import { auditRetentionQueues, workAuditRetention } from './audit-retention';
import { fetchingBetweenRequests } from './between-requests';
import { eventProcessingQueues, workEventProcessing } from './event-processing';
import { attachJobQueue, jobSchema, setStartingJobQueue, startingJobQueue } from './queue';
import { statusReconciliationQueues, workStatusReconciliation } from './status-reconciliation';
import { traceJobs } from './traced-work';

const queues = [...statusReconciliationQueues, ...eventProcessingQueues, ...auditRetentionQueues];

/**
 * Starts pg-boss on the app's database. With `work` this process takes jobs, runs the scheduled ones and sweeps
 * what was left undone; without, it only sends jobs, for worker processes to take. An app instance works as
 * JOB_WORKERS says (`app`: it does); a worker process (scripts/job-worker.ts) always does.
 */
export function startJobs({
  work = settings().JOB_WORKERS === 'app',
}: {
  work?: boolean;
} = {}): Promise<PgBoss> {
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
      // Maintenance and the schedules are the workers' too: a process that only sends needs neither.
      supervise: work,
      schedule: work,
    });
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    traceJobs(boss);
    await boss.start();
    // Every process makes the queues, so that a send never meets a queue no worker has made yet.
    for (const [name, options] of queues) await boss.createQueue(name, options);
    attachJobQueue(boss);
    if (work) {
      await workStatusReconciliation(boss);
      await workEventProcessing(boss);
      await workAuditRetention(boss);
    }
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
