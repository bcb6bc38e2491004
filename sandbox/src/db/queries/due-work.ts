import type { Queryable } from '../db.js';

/**
 * Whether the bank's background passes have anything to do now, each in one statement: what the timer asks
 * before it runs a pass, so that an idle bank costs one cheap read per interval instead of the passes'
 * transactions. Each answers yes wherever its pass would find work (and may answer yes where the pass then
 * finds none); the sandbox clock's now is real time plus the clock's offset, as `sandboxNow` reads it.
 */
const sandboxClock =
  'WITH clock_now AS (SELECT $1::double precision + offset_ms AS at FROM clock WHERE id = 1)';

/** A payment step due (`lockDueTransitions`), or a webhook delivery due and not leased (`leaseDueDeliveries`). */
export async function stepsOrDeliveriesDue(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ due: boolean }>(
    `${sandboxClock}
     SELECT EXISTS (SELECT 1 FROM scheduled_transitions, clock_now WHERE NOT done AND due_at <= clock_now.at)
         OR EXISTS (SELECT 1 FROM webhook_deliveries, clock_now
                    WHERE status = 'pending' AND next_attempt_at <= clock_now.at
                      AND (leased_until IS NULL OR leased_until < $1)) AS due`,
    [Date.now()],
  );
  return row?.due !== false;
}

/** A notification due or a hold run out (`lockDueNotifications`, `releaseExpiredHolds`). */
export async function notificationsDue(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ due: boolean }>(
    `${sandboxClock}
     SELECT EXISTS (SELECT 1 FROM notification_outbox, clock_now
                    WHERE state IN ('pending', 'held') AND next_attempt_at <= clock_now.at) AS due`,
    [Date.now()],
  );
  return row?.due !== false;
}
