import { and, eq, ne } from 'drizzle-orm';
import type { Initiated } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { ANSWER_NOT_SAVED } from '@/lib/db/payment-types';
import { recordInitiation, undecided } from '@/lib/db/queries/initiation';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';

/**
 * The bank answered the initiation with 201, and recording its answer failed. The bank has the payment
 * either way, so the PSU is never told it was not sent:
 * - the bank's paymentId is one it gave another of our payments at that bank already (a bank that hands
 *   out one id twice; a mock answering its example every time): the payment is kept as `unfollowable`,
 *   with the bank's answer, and never addressed at the bank by that id, which would read, confirm or
 *   cancel the other payment in its place;
 * - anything else (the database failed): the payment is released for the same form to send it again
 *   with its own Idempotency-Key, which makes the bank answer with this same payment, and marked
 *   `ANSWER_NOT_SAVED` meanwhile.
 */
export type UnrecordedAnswer = { messageKey: 'payment.bankIdClash' | 'payment.answerNotSaved' };

/** Another payment of ours at the same bank holds the bank's id of this answer. */
async function idTakenByAnother(db: Db, payment: Payment, bankPaymentId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bankId, payment.bankId),
        eq(payments.bankPaymentId, bankPaymentId),
        ne(payments.id, payment.id),
      ),
    )
    .limit(1);
  return other !== undefined;
}

export async function keepUnrecordedAnswer(
  db: Db,
  payment: Payment,
  initiated: Initiated,
  failure: unknown,
): Promise<UnrecordedAnswer> {
  try {
    if (await idTakenByAnother(db, payment, initiated.paymentId)) {
      await recordInitiation(
        db,
        payment,
        {
          phase: 'unfollowable',
          bankPaymentId: null,
          clashingBankPaymentId: initiated.paymentId,
          transactionStatus: initiated.transactionStatus,
          scaRedirect: null,
          sca: null,
          costs: initiated.costs,
          bankNotes: initiated.notes.length ? initiated.notes : null,
          failureCode: null,
        },
        { source: 'initiation', detail: { requestId: initiated.requestId, paymentIdClash: true } },
      );
      // The bank's fault, not ours: a warning, with the ids the bank and we gave (no personal data).
      logger.warn(
        { paymentId: payment.id, bankId: payment.bankId, bankRequestId: initiated.requestId },
        'the bank answered the initiation with a paymentId it had given another payment; not followed',
      );
      return { messageKey: 'payment.bankIdClash' };
    }
  } catch (error) {
    logger.error({ paymentId: payment.id, err: error }, 'the payment id clash could not be recorded');
  }
  logger.error(
    { paymentId: payment.id, bankRequestId: initiated.requestId, err: failure },
    "the bank's initiation answer could not be recorded; the payment can be sent again",
  );
  try {
    await db
      .update(payments)
      .set({ phase: 'new', claimedUntil: null, failureCode: ANSWER_NOT_SAVED })
      .where(and(eq(payments.id, payment.id), undecided));
  } catch (error) {
    // The claim lapses by itself, and the payment can then be sent again.
    logger.error({ paymentId: payment.id, err: error }, 'an unrecorded answer could not be marked');
  }
  return { messageKey: 'payment.answerNotSaved' };
}
