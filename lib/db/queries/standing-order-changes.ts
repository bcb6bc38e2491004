import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  type ChangeCancelAnswer,
  type ChangedOrder,
  type StandingOrderChangeState,
  standingOrderChanges,
} from '@/lib/db/change-schema';
import type { Db } from '@/lib/db/types';

/** The queries of standing-order changes (lib/payments/standing-order-change.ts); every one is the PSU's only. */

export async function findChangeOf(db: Db, psuId: string, oldPaymentId: string) {
  const [row] = await db
    .select()
    .from(standingOrderChanges)
    .where(and(eq(standingOrderChanges.psuId, psuId), eq(standingOrderChanges.oldPaymentId, oldPaymentId)))
    .limit(1);
  return row;
}

/** The changes that made these payments, by the new payment's id. */
export async function changesMaking(db: Db, psuId: string, newPaymentIds: readonly string[]) {
  if (newPaymentIds.length === 0) return [];
  return db
    .select({
      oldPaymentId: standingOrderChanges.oldPaymentId,
      newPaymentId: standingOrderChanges.newPaymentId,
    })
    .from(standingOrderChanges)
    .where(
      and(
        eq(standingOrderChanges.psuId, psuId),
        inArray(standingOrderChanges.newPaymentId, [...newPaymentIds]),
      ),
    );
}

/**
 * Records the change the PSU confirmed, or takes the old order's change over for a form sent again; a
 * change whose new order the bank took (`sent`), or that is being sent now (`sending`, within
 * `staleSeconds`), is not taken over: undefined then.
 */
export async function claimChange(
  db: Db,
  psuId: string,
  oldPaymentId: string,
  changed: ChangedOrder,
  staleSeconds: number,
) {
  const [row] = await db
    .insert(standingOrderChanges)
    .values({ psuId, oldPaymentId, changed, state: 'cancelling' })
    .onConflictDoUpdate({
      target: standingOrderChanges.oldPaymentId,
      // Sent again after the bank refused (or the PSU declined) its cancellation: a new attempt, cancelling again.
      set: {
        changed,
        state: sql`case when ${standingOrderChanges.state} = 'cancelRefused' then 'cancelling' else ${standingOrderChanges.state} end`,
        cancelAsks: sql`case when ${standingOrderChanges.state} = 'cancelRefused' then 0 else ${standingOrderChanges.cancelAsks} end`,
        messageKey: null,
        fieldErrors: null,
        updatedAt: sql`now()`,
      },
      setWhere: and(
        eq(standingOrderChanges.psuId, psuId),
        or(
          inArray(standingOrderChanges.state, ['cancelling', 'cancelRefused', 'newFailed']),
          and(
            eq(standingOrderChanges.state, 'sending'),
            lt(standingOrderChanges.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
          ),
        ),
      ),
    })
    .returning();
  return row;
}

/**
 * Moves a change to `state`, only from one of `from`: true when it moved. Taking `sending` this way
 * lets one request alone send the new order.
 */
export async function moveChange(
  db: Db,
  id: string,
  from: readonly StandingOrderChangeState[],
  state: StandingOrderChangeState,
  more: {
    newPaymentId?: string | null;
    messageKey?: string | null;
    fieldErrors?: Record<string, string[]> | null;
  } = {},
): Promise<boolean> {
  const rows = await db
    .update(standingOrderChanges)
    .set({ state, ...more, updatedAt: sql`now()` })
    .where(and(eq(standingOrderChanges.id, id), inArray(standingOrderChanges.state, [...from])))
    .returning({ id: standingOrderChanges.id });
  return rows.length === 1;
}

/** Counts an ask of the bank to cancel the change's old order as under way, before it is made. */
export async function countCancelAsk(db: Db, id: string): Promise<void> {
  await db
    .update(standingOrderChanges)
    .set({ cancelAsks: sql`${standingOrderChanges.cancelAsks} + 1` })
    .where(eq(standingOrderChanges.id, id));
}

/**
 * An ask of the bank to cancel the change's old order is answered: no longer under way, and the bank's answer kept
 * with the change's others (none where the bank refused it, or could not be heard).
 */
export async function answerCancelAsk(
  db: Db,
  id: string,
  answer: ChangeCancelAnswer | undefined,
): Promise<void> {
  const answers = answer
    ? sql`${standingOrderChanges.cancelAnswers} || ${JSON.stringify([answer])}::jsonb`
    : standingOrderChanges.cancelAnswers;
  await db
    .update(standingOrderChanges)
    .set({ cancelAsks: sql`greatest(${standingOrderChanges.cancelAsks} - 1, 0)`, cancelAnswers: answers })
    .where(eq(standingOrderChanges.id, id));
}
