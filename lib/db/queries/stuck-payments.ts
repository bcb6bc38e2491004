import { type SQL, sql } from 'drizzle-orm';
import { ANSWER_NOT_SAVED, OUTCOME_UNKNOWN } from '../payment-types';
import type { Db } from '../types';

/**
 * The payments the app has stopped carrying forward, for the operators' page (lib/observability/
 * stuck-payments.ts, which chooses the thresholds and words the reasons). Each payment is listed once, for the
 * first reason that fits it in this order; a standing-order change left waiting is listed besides, by its old order.
 */
export type StuckReason =
  | 'unsent'
  | 'readFailed'
  | 'awaitingPsu'
  | 'notFollowed'
  | 'unfollowable'
  | 'changeWaiting';
export const stuckReasons: readonly StuckReason[] = [
  'unsent',
  'readFailed',
  'awaitingPsu',
  'notFollowed',
  'unfollowable',
  'changeWaiting',
];

export interface StuckThresholds {
  /** Saved and not known to be at the bank (phase new/sending, or its answer lost) for longer than this. */
  unsentSeconds: number;
  /** The last reading failed, and none has succeeded for longer than this. */
  readFailedSeconds: number;
  /** Still awaiting the PSU's (or a signer's) authorisation at the bank for longer than this. */
  awaitingPsuSeconds: number;
  /** Not final and not read for longer than this; `standingSeconds` for a standing order at rest. */
  notFollowedSeconds: number;
  standingSeconds: number;
  /** A change of a standing order awaiting the PSU's confirmation of the old order's cancellation. */
  changeCancellingSeconds: number;
}

/** The statuses the conditions need, from lib/payments/status.ts (the db layer reads no payment logic). */
export interface StuckStatuses {
  /** Final for a single or bulk payment, and for a standing order. */
  final: readonly string[];
  standingOrderEnds: readonly string[];
  /** A standing order running (read once a day). */
  standingOrderRunning: readonly string[];
  /** Awaiting an authorisation (besides no status yet). */
  awaitingAuthorisation: readonly string[];
  /** Settled for the PSU, whose follow-up ends by its schedule (not periodic). */
  settled: readonly string[];
}

export interface StuckPaymentRow {
  reason: StuckReason;
  paymentId: string;
  bankId: string;
  bankPaymentId: string | null;
  /** Of an `unfollowable` payment: the bank's id in its answer, which it had given another of our payments. */
  clashingBankPaymentId: string | null;
  psuEmail: string;
  since: Date;
  /** `since` to the microsecond, for the next page's cursor. */
  sinceExact: string;
  transactionStatus: string | null;
  statusReadAt: Date | null;
  failureCode: string | null;
  changeState: string | null;
}

export interface StuckCursor {
  since: string;
  reason: StuckReason;
  paymentId: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const olderThan = (column: SQL, seconds: number) =>
  sql`${column} < now() - make_interval(secs => ${seconds})`;

function stuckRows(t: StuckThresholds, s: StuckStatuses): SQL {
  const lastRead = sql`coalesce(p.status_read_at, p.updated_at)`;
  const unsent = sql`(p.phase IN ('new', 'sending') OR coalesce(p.failure_code, '') IN (${OUTCOME_UNKNOWN}, ${ANSWER_NOT_SAVED}))`;
  const initiated = sql`p.phase = 'initiated' AND NOT (${unsent})`;
  const periodic = sql`p.service = 'periodic-payments'`;
  const awaiting = sql`(p.transaction_status IS NULL OR p.transaction_status IN (${list(s.awaitingAuthorisation)}))`;
  const pastLastDay = sql`left(p.body ->> 'endDate', 10) < to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  // Followed until it ends: not final, and not settled with its follow-up run out (a standing order's last
  // execution reported after its last day; ACSC or PART of any other payment).
  const followed = sql`(p.transaction_status IS NULL OR CASE WHEN ${periodic}
      THEN p.transaction_status NOT IN (${list(s.standingOrderEnds)})
        AND NOT (p.transaction_status IN ('ACSC', 'ACCC', 'ACWP') AND ${pastLastDay})
      ELSE p.transaction_status NOT IN (${list([...s.final, ...s.settled])}) END)`;
  const standing = sql`(${periodic} AND p.transaction_status IN (${list(s.standingOrderRunning)}))`;
  // The bank answered with an id it had given another of our payments: never read, confirmed or cancelled by
  // the app (lib/payments/unrecorded-answer.ts), so stuck from the moment it was recorded, and for good.
  const unfollowable = sql`p.phase = 'unfollowable'`;
  const reason = sql`CASE
      WHEN ${unfollowable} THEN 'unfollowable'
      WHEN ${unsent} THEN 'unsent'
      WHEN ${initiated} AND p.status_read_failed_at IS NOT NULL AND ${followed} THEN 'readFailed'
      WHEN ${initiated} AND ${awaiting} THEN 'awaitingPsu'
      ELSE 'notFollowed' END`;
  const since = sql`CASE
      WHEN ${unfollowable} THEN p.updated_at
      WHEN ${unsent} THEN p.created_at
      WHEN ${initiated} AND p.status_read_failed_at IS NULL AND ${awaiting} THEN p.updated_at
      ELSE ${lastRead} END`;
  const due = sql`(
      ${unfollowable}
      OR (${unsent} AND ${olderThan(sql`p.created_at`, t.unsentSeconds)})
      OR (${initiated} AND ${followed} AND (
        (p.status_read_failed_at IS NOT NULL AND ${olderThan(lastRead, t.readFailedSeconds)})
        OR (p.status_read_failed_at IS NULL AND ${awaiting} AND ${olderThan(sql`p.updated_at`, t.awaitingPsuSeconds)})
        OR (p.status_read_failed_at IS NULL AND NOT ${awaiting} AND ${lastRead} < now() - make_interval(
          secs => CASE WHEN ${standing} THEN ${t.standingSeconds}::int ELSE ${t.notFollowedSeconds}::int END)))))`;
  const columns = sql`p.id AS payment_id, p.bank_id, p.bank_payment_id,
      p.clashing_bank_payment_id, u.email AS psu_email,
      p.transaction_status, p.status_read_at, p.failure_code`;
  return sql`
    SELECT ${reason} AS reason, ${since} AS since, ${columns}, NULL::text AS change_state
      FROM payments p JOIN psus u ON u.id = p.psu_id
     WHERE ${due}
    UNION ALL
    SELECT 'changeWaiting', c.updated_at, ${columns}, c.state
      FROM standing_order_changes c
      JOIN payments p ON p.id = c.old_payment_id JOIN psus u ON u.id = c.psu_id
     WHERE (c.state = 'cancelling' AND ${olderThan(sql`c.updated_at`, t.changeCancellingSeconds)})
        OR (c.state IN ('sending', 'newFailed') AND ${olderThan(sql`c.updated_at`, t.unsentSeconds)})`;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** How many are stuck for each reason (the reasons none is stuck for left out). */
export async function countStuckPayments(
  db: Db,
  thresholds: StuckThresholds,
  statuses: StuckStatuses,
): Promise<Partial<Record<StuckReason, number>>> {
  const result = await db.execute(
    sql`SELECT reason, count(*)::int AS n FROM (${stuckRows(thresholds, statuses)}) s GROUP BY reason`,
  );
  return Object.fromEntries(
    rowsOf<{ reason: StuckReason; n: number }>(result).map((row) => [row.reason, Number(row.n)]),
  );
}

/** Oldest first (by since, reason, our id), from after `after`, at most `limit`; of one reason where given. */
export async function listStuckPayments(
  db: Db,
  thresholds: StuckThresholds,
  statuses: StuckStatuses,
  options: { reason?: StuckReason; after?: StuckCursor; limit: number },
): Promise<StuckPaymentRow[]> {
  const { reason, after, limit } = options;
  const result = await db.execute(sql`
    SELECT *, to_char(since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS since_exact
      FROM (${stuckRows(thresholds, statuses)}) s
     WHERE ${reason ? sql`reason = ${reason}` : sql`true`}
       AND ${after ? sql`(since, reason, payment_id) > (${after.since}::timestamptz, ${after.reason}, ${after.paymentId}::uuid)` : sql`true`}
     ORDER BY since, reason, payment_id
     LIMIT ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    reason: row.reason as StuckReason,
    paymentId: String(row.payment_id),
    bankId: String(row.bank_id),
    bankPaymentId: (row.bank_payment_id as string | null) ?? null,
    clashingBankPaymentId: (row.clashing_bank_payment_id as string | null) ?? null,
    psuEmail: String(row.psu_email),
    since: new Date(row.since as string),
    sinceExact: String(row.since_exact),
    transactionStatus: (row.transaction_status as string | null) ?? null,
    statusReadAt: row.status_read_at ? new Date(row.status_read_at as string) : null,
    failureCode: (row.failure_code as string | null) ?? null,
    changeState: (row.change_state as string | null) ?? null,
  }));
}
