import { eq } from 'drizzle-orm';
import { initiationRefusalKey } from '@/lib/bank/errors';
import type { Db } from '@/lib/db';
import { type Payment, payments } from '@/lib/db/schema';
import { costsPage, costsStepOf } from './costs-step';
import { type RefusedField, refusalFieldErrors } from './refusal-fields';

// What a payment's sending came to, as the PSU is told it: by its sender, by a request waiting its turn, by a
// sender whose claim lapsed meanwhile.

export type InitiationOutcome =
  | { ok: true; paymentId: string; redirectTo: string }
  | { ok: false; paymentId?: string; messageKey: string; fieldErrors?: Record<string, string[]> };

/**
 * The outcome of a payment whose sending another sender decided while this one waited on the bank (this one's
 * claim had lapsed; `undecided`): what that one recorded, as a sender waiting its turn is told it.
 */
export async function decidedMeanwhile(db: Db, payment: Payment): Promise<InitiationOutcome> {
  const [current] = await db.select().from(payments).where(eq(payments.id, payment.id));
  return (
    (current && settled(current)) ?? { ok: false, paymentId: payment.id, messageKey: 'payment.stillSending' }
  );
}

/**
 * Whether the payment's sending is decided, as its record says (`settled`): the bank took it, or refused it for
 * good (./initiation.ts send: a 4xx but 408 and 429, and 409 to a key sent before), or it cannot be followed. A
 * payment so is never sent again (./initiation.ts resendUnsentPayment); one whose outcome is unknown is undecided.
 */
export async function sendingDecided(db: Db, paymentId: string): Promise<boolean> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment === undefined || settled(payment) !== undefined;
}

export function settled(payment: Payment): InitiationOutcome | undefined {
  if (payment.phase === 'initiated') {
    const redirectTo =
      costsStepOf(payment) === 'pending'
        ? costsPage(payment.id)
        : (payment.scaRedirect ?? `/payments/${payment.id}`);
    return { ok: true, paymentId: payment.id, redirectTo };
  }
  if (payment.phase === 'unfollowable')
    return { ok: false, paymentId: payment.id, messageKey: 'payment.bankIdClash' };
  if (payment.phase === 'refused') {
    return refusal(payment.id, payment.failureCode, payment.refusedFields ?? []);
  }
  return undefined;
}

/**
 * A refused payment's answer, by the code it is recorded with: the bank's cause for the whole form, and where the
 * refusal names fields (spec part 7, `path`), each beside its field, the form then asking to correct those.
 */
export function refusal(
  paymentId: string,
  failureCode: string | null,
  refused: readonly RefusedField[],
): InitiationOutcome {
  const fieldErrors = refusalFieldErrors(refused);
  return Object.keys(fieldErrors).length > 0
    ? { ok: false, paymentId, messageKey: 'bank.refusedFields', fieldErrors }
    : { ok: false, paymentId, messageKey: initiationRefusalKey(failureCode) };
}
