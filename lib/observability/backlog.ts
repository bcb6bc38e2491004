import type { Db } from '@/lib/db';
import { intakeBacklog, jobQueueBacklog } from '@/lib/db/queries/operations-backlog';
import { logger } from '@/lib/log';
import { metrics } from './metrics';

/**
 * Sets the gauges read from the shared database (intake backlog, job queue depth and age) just before a
 * scrape. A failure leaves them as they were and is logged: the rest of the metrics are still served.
 */
export async function refreshBacklogGauges(db: Db): Promise<void> {
  const m = metrics();
  try {
    for (const row of await intakeBacklog(db)) {
      m.backlog.set({ kind: row.kind }, row.waiting);
      m.backlogAge.set({ kind: row.kind }, row.oldestSeconds);
    }
    const { counts, ages } = await jobQueueBacklog(db);
    m.jobQueueDepth.reset();
    for (const queue of new Set(ages.map((age) => age.queue)))
      for (const state of ['queued', 'active', 'failed'] as const) m.jobQueueDepth.set({ queue, state }, 0);
    for (const row of counts) m.jobQueueDepth.set({ queue: row.queue, state: row.state }, row.jobs);
    m.jobQueueAge.reset();
    for (const row of ages) m.jobQueueAge.set({ queue: row.queue }, row.oldestReadySeconds);
  } catch (error) {
    logger.warn({ err: error }, 'backlog gauges could not be read from the database');
  }
}
