import type { StandingOrderChange } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { type IsoDate, reykjavikDateOf, toExecutionDateTime } from './calendar';
import { type FormPrefill, namesOf } from './saved/pay-again';
import { standingOrderSchedule } from './standing-order';

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
