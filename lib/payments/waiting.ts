import type { PaymentService } from '@/lib/bank/payments';
import type { Payment } from '@/lib/db/schema';
import { type IsoDate, reykjavikDateOf } from './calendar';
import { standingOrderSchedule } from './standing-order';
import { isSettledForPsu } from './status';
import { endedUnpaidAsSaved } from './view';

/** One payment to come: a future-dated payment, or one execution of a standing order. */
export interface WaitingPayment {
  paymentId: string;
  service: PaymentService;
  /** The banking day it is to be paid on, in Iceland. */
  date: IsoDate;
  /** For a standing order's execution moved off a weekend or holiday: the day its schedule names. */
  scheduled?: IsoDate;
  /** For a standing order: which of its executions shown this is, from 0 (the next one). */
  occurrence: number;
}

/**
 * Every payment of `candidates` still to be paid on `today` or later, soonest first: a single or bulk
 * payment on its execution date (the bank's, where it read the payment back, else the one requested), a standing order on each of its next `perOrder` execution
 * dates by the holiday-aware calendar of the form's preview. A payment that is not at the bank, has
 * settled or has ended (the PSU's decline at the bank too) waits for nothing.
 */
export function waitingPayments(
  candidates: readonly Payment[],
  today: IsoDate,
  perOrder = 3,
): WaitingPayment[] {
  const waiting: WaitingPayment[] = [];
  for (const payment of candidates) {
    if (payment.phase !== 'initiated' || isSettledForPsu(payment.transactionStatus, payment)) continue;
    // Declined at the bank's page, where the bank keeps its status RCVD: nothing will be paid.
    if (endedUnpaidAsSaved(payment)) continue;
    if (payment.service === 'periodic-payments') {
      standingOrderSchedule(payment, today, perOrder).next.forEach((next, occurrence) => {
        waiting.push({
          paymentId: payment.id,
          service: payment.service,
          date: next.execution,
          scheduled: next.scheduled === next.execution ? undefined : next.scheduled,
          occurrence,
        });
      });
      continue;
    }
    // The date the bank pays on, where it read the payment back (an ACWC may have moved it), else ours.
    const requested = payment.bankDetails?.requestedExecutionDate ?? payment.body.requestedExecutionDate;
    const date = typeof requested === 'string' ? reykjavikDateOf(requested) : undefined;
    if (date && date >= today)
      waiting.push({ paymentId: payment.id, service: payment.service, date, occurrence: 0 });
  }
  const created = new Map(candidates.map((payment) => [payment.id, payment.createdAt.getTime()]));
  return waiting.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (created.get(a.paymentId) ?? 0) - (created.get(b.paymentId) ?? 0) ||
      a.occurrence - b.occurrence,
  );
}
