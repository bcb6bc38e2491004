import type { StandingOrderChange } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { type IsoDate, reykjavikDateOf, toExecutionDateTime } from './calendar';
import { type FormPrefill, namesOf } from './saved/pay-again';
import { standingOrderSchedule } from './standing-order';
import { isFinalStatus } from './status';

/**
 * The change form of a standing order, filled in from the order as the bank was sent it, with its
 * names. Its end-to-end id names that order only and is left for the PSU to give anew. An order that
 * has started goes on from its next date after today (never today: the old order may have paid today),
 * so that the new one keeps the old one's rhythm; an end date already past is left out.
 */
export function changeStart(old: Payment, today: IsoDate): FormPrefill {
  const { endToEndIdentification: _id, ...body } = old.body;
  const start = typeof body.startDate === 'string' ? reykjavikDateOf(body.startDate) : undefined;
  if (!start || start <= today) {
    const next = standingOrderSchedule(old, today, 3).next.find((date) => date.scheduled > today);
    if (next) body.startDate = toExecutionDateTime(next.scheduled);
    else delete body.startDate;
  }
  const end = typeof body.endDate === 'string' ? reykjavikDateOf(body.endDate) : undefined;
  if (end !== undefined && end <= today) delete body.endDate;
  return { product: old.product, payment: body, names: namesOf(old) };
}

/** The change form again as the PSU last sent it, for a change the bank did not carry through. */
export function changeResume(change: StandingOrderChange, product: Payment['product']): FormPrefill {
  const { payment, label, creditorName } = change.changed;
  return { product, payment, names: namesOf({ label, creditorName }) };
}

/**
 * What a standing order's change page offers: the form, to change a running order or to send again a change the
 * bank did not carry through, or to go on with one whose own cancellation ended the order; `ended`, where the order
 * ended otherwise (stopped, rejected, its last day past, or a change given up because of that), so that a new order
 * is started from it instead of a form that could only be refused; `sent`, nothing more, once the change was made.
 */
export function changePageShows(
  old: Payment,
  change: StandingOrderChange | undefined,
): 'form' | 'ended' | 'sent' {
  if (change?.state === 'sent') return 'sent';
  const goesOn = change !== undefined && change.state !== 'cancelRefused';
  return isFinalStatus(old.transactionStatus, old) && !goesOn ? 'ended' : 'form';
}
