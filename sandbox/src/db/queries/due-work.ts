import type { Queryable } from '../db.js';

/**
 * When the bank's background passes next have something to do, each in one statement: what a worker reads to
 * decide whether to run its pass now and when to look again (due-timer.ts), so that an idle bank costs one cheap
 * read when its next work falls due instead of one per interval. The answer is real time (epoch ms): the sandbox
 * clock's times less its offset. It is never later than the time the pass would first find the work, and may be
 * earlier (the pass then finds none, and the worker looks again after its interval). Null when nothing waits.
 */
const offset = '(SELECT offset_ms FROM clock WHERE id = 1)';

async function nextAt(q: Queryable, sql: string): Promise<number | null> {
  const [row] = await q.query<{ at: number | null }>(sql);
  return row?.at ?? null;
}

/**
 * The next payment step (`lockDueTransitions`) or webhook delivery (`leaseDueDeliveries`: due on the sandbox
 * clock and its lease, a real-time stamp, run out; GREATEST passes over a delivery's null lease).
 */
export function nextStepOrDeliveryAt(q: Queryable): Promise<number | null> {
  return nextAt(
    q,
    `SELECT LEAST(
       (SELECT min(due_at) FROM scheduled_transitions WHERE NOT done) - ${offset},
       (SELECT min(GREATEST(next_attempt_at - ${offset}, leased_until + 1))
          FROM webhook_deliveries WHERE status = 'pending')
     ) AS at`,
  );
}

/** The next notification to send, or hold to run out (`lockDueNotifications`, `releaseExpiredHolds`). */
export function nextNotificationAt(q: Queryable): Promise<number | null> {
  return nextAt(
    q,
    `SELECT min(next_attempt_at) - ${offset} AS at FROM notification_outbox WHERE state IN ('pending', 'held')`,
  );
}
