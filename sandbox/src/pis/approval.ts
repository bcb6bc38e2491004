import type { ExecutionDelays } from '../config.js';
import type { Queryable } from '../db/db.js';
import { failOpenPaymentAuthorisations } from '../db/queries/authorisations.js';
import { type PaymentRow, recordStatus } from '../db/queries/payments.js';
import { cancelTransitions, insertTransition } from '../db/queries/scheduled-transitions.js';
import { adjustToBusinessDay, executionDates, isBusinessDay, type StandingOrder } from './calendar.js';

/**
 * What happens to a payment when it is approved, rejected or cancelled: its status, and the steps it is
 * scheduled to take on the sandbox clock (executed by ./execution.ts). The default path is
 * approval -> ACTC at once -> ACSP after `delays.acsp` -> ACSC after `delays.acsc`. Variants (README
 * "Transaction statuses"):
 * - forward-dated: PDNG until the date; a date on a weekend or bank holiday moves to the next business day: ACWC;
 * - IOBWS (straight-through): ACTC -> ACCP -> ACFC (funds) -> ACSP -> ACSC -> ACCC;
 * - periodic: ACSP once accepted, then one debit per execution date until `endDate` (then ACSC).
 */

/** The step an authorisation schedules for itself (decoupled SCA's automatic approval); a rejection keeps it. */
export const SCA_AUTO_APPROVE = 'SCA_AUTO_APPROVE';

export async function scheduleTransition(
  tx: Queryable,
  paymentId: string,
  toStatus: string,
  dueAt: number,
  params: Record<string, unknown> | null = null,
  authorisationId: string | null = null,
) {
  await insertTransition(tx, {
    payment_id: paymentId,
    to_status: toStatus,
    due_at: dueAt,
    params,
    authorisation_id: authorisationId,
  });
}

/** Drops the payment's pending steps, but not an authorisation's own timer. */
export async function cancelPendingTransitions(tx: Queryable, paymentId: string) {
  await cancelTransitions(tx, paymentId, SCA_AUTO_APPROVE);
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function requestedDate(payment: PaymentRow): string | undefined {
  const value = payment.body.requestedExecutionDate;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

export function standingOrder(payment: PaymentRow): StandingOrder {
  const b = payment.body;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const rule = text(b.executionRule);
  return {
    startDate: text(b.startDate) ?? new Date(payment.created_at).toISOString(),
    endDate: text(b.endDate),
    frequency: text(b.frequency),
    dayOfExecution: text(b.dayOfExecution),
    executionRule: rule === 'preceding' ? 'preceding' : rule === 'following' ? 'following' : undefined,
  };
}

export async function approvePayment(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  delays: ExecutionDelays,
  reason = 'SCA finalised',
) {
  await recordStatus(tx, payment.id, 'ACTC', reason, now);
  const acsp = delays.acsp * 1000;
  const acsc = Math.max(delays.acsc, delays.acsp) * 1000;

  if (payment.payment_service === 'periodic-payments') {
    await scheduleTransition(tx, payment.id, 'ACSP', now + acsp);
    const dates = executionDates(standingOrder(payment), 1);
    if (dates[0]) {
      await scheduleTransition(
        tx,
        payment.id,
        'PERIODIC_EXECUTE',
        Math.max(Date.parse(`${dates[0]}T00:00:00Z`), now) + acsc,
        { index: 0, date: dates[0] },
      );
    }
    return;
  }

  const requested = requestedDate(payment);
  if (requested !== undefined) {
    const day = utcDay(Date.parse(requested));
    if (!isBusinessDay(day)) {
      const moved = adjustToBusinessDay(day, 'following');
      const start = Math.max(Date.parse(`${moved}T00:00:00Z`), now);
      await scheduleTransition(tx, payment.id, 'ACWC', now + Math.min(acsp, 1000), { movedTo: moved });
      await scheduleTransition(tx, payment.id, 'ACSP', start + acsp);
      await scheduleTransition(tx, payment.id, 'ACSC', start + acsc);
      return;
    }
    const start = Date.parse(requested);
    if (start > now) {
      await scheduleTransition(tx, payment.id, 'PDNG', now + Math.min(acsp, 1000), { until: requested });
      await scheduleTransition(tx, payment.id, 'ACSP', start + acsp);
      await scheduleTransition(tx, payment.id, 'ACSC', start + acsc);
      return;
    }
  }
  if (payment.sca_approach === 'IOBWS') {
    await scheduleTransition(tx, payment.id, 'ACCP', now + acsp / 3);
    await scheduleTransition(tx, payment.id, 'ACFC', now + (2 * acsp) / 3);
  }
  await scheduleTransition(tx, payment.id, 'ACSP', now + acsp);
  await scheduleTransition(tx, payment.id, 'ACSC', now + acsc, { acscAfterAcsp: acsc - acsp });
}

export async function rejectPayment(tx: Queryable, paymentId: string, reason: string, now: number) {
  await recordStatus(tx, paymentId, 'RJCT', reason, now);
  await cancelPendingTransitions(tx, paymentId);
}

/** Cancels a payment (CANC) and everything it still had scheduled; its open authorisations fail. */
export async function cancelPayment(tx: Queryable, paymentId: string, reason: string, now: number) {
  await recordStatus(tx, paymentId, 'CANC', reason, now);
  await cancelTransitions(tx, paymentId);
  await failOpenPaymentAuthorisations(tx, paymentId, now);
}
