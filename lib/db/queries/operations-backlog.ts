import { sql } from 'drizzle-orm';
import type { Db } from '../types';

/**
 * What waits in the shared database, for the metrics (lib/observability/backlog.ts): notifications and
 * webhook events received but not processed, and the job queue's jobs by queue and state.
 */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export interface Backlog {
  kind: 'notifications' | 'webhook_events';
  waiting: number;
  oldestSeconds: number;
}

export async function intakeBacklog(db: Db): Promise<Backlog[]> {
  const result = await db.execute(sql`
    SELECT 'notifications' AS kind, count(*)::int AS waiting,
           coalesce(extract(epoch FROM now() - min(received_at)), 0)::float AS oldest
      FROM payment_notifications WHERE processed_at IS NULL
    UNION ALL
    SELECT 'webhook_events', count(*)::int,
           coalesce(extract(epoch FROM now() - min(received_at)), 0)::float
      FROM webhook_events WHERE processed_at IS NULL`);
  return rowsOf<{ kind: Backlog['kind']; waiting: number; oldest: number }>(result).map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    oldestSeconds: Math.max(0, Number(row.oldest)),
  }));
}

export interface QueueCount {
  queue: string;
  state: 'queued' | 'active' | 'failed';
  jobs: number;
}

export interface QueueAge {
  queue: string;
  oldestReadySeconds: number;
}

/** Jobs of pg-boss (schema `pgboss`) by queue and state, and how long the oldest due job has waited. */
export async function jobQueueBacklog(db: Db): Promise<{ counts: QueueCount[]; ages: QueueAge[] }> {
  const counts = await db.execute(sql`
    SELECT name AS queue,
           CASE WHEN state IN ('created', 'retry') THEN 'queued' ELSE state::text END AS state,
           count(*)::int AS jobs
      FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed')
     GROUP BY 1, 2`);
  const ages = await db.execute(sql`
    SELECT q.name AS queue,
           coalesce(extract(epoch FROM now() - min(j.start_after)), 0)::float AS oldest
      FROM pgboss.queue q
      LEFT JOIN pgboss.job j
        ON j.name = q.name AND j.state IN ('created', 'retry') AND j.start_after <= now()
     GROUP BY q.name`);
  return {
    counts: rowsOf<{ queue: string; state: QueueCount['state']; jobs: number }>(counts).map((row) => ({
      ...row,
      jobs: Number(row.jobs),
    })),
    ages: rowsOf<{ queue: string; oldest: number }>(ages).map((row) => ({
      queue: row.queue,
      oldestReadySeconds: Math.max(0, Number(row.oldest)),
    })),
  };
}
