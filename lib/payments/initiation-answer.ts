import type { Initiated } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { recordInitiation } from '@/lib/db/queries/initiation';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { isAcceptedStatus, keepAccountWhenAccepted } from './saved/my-accounts';
import type { ScaState } from './sca';

/**
 * Records the bank's answer to the initiation of a payment this request claimed with its first status event, in
 * one statement; an answer that accepts the payment also keeps its paying account, in the same transaction.
 */
export async function recordAnswer(
  db: Db,
  claimed: Payment,
  initiated: Initiated,
): Promise<Payment | undefined> {
  const record = (database: Db) =>
    recordInitiation(
      database,
      claimed,
      {
        phase: 'initiated',
        bankPaymentId: initiated.paymentId,
        clashingBankPaymentId: null,
        scaRedirect: initiated.scaRedirect ?? null,
        sca: {
          ...initiated.sca,
          scaStatus: undefined,
          // Kept with the payment itself (bankNotes), apart from the notes of later SCA steps.
          notes: undefined,
          initiationLinks: initiated.sca.links,
          initiationStatus: initiated.transactionStatus,
        } satisfies ScaState,
        transactionStatus: initiated.transactionStatus,
        costs: initiated.costs,
        bankNotes: initiated.notes.length ? initiated.notes : null,
        failureCode: null,
      },
      { source: 'initiation', detail: { requestId: initiated.requestId } },
    );
  if (!isAcceptedStatus(initiated.transactionStatus)) return record(db);
  return db.transaction(async (tx) => {
    const row = await record(tx);
    await keepAccountWhenAccepted(tx, claimed.id, initiated.transactionStatus);
    return row;
  });
}

/** What of the initiation answer is not for the PSU's eyes alone: the bank's notes, and costs we could not read. */
export function logBankAnswerExtras(paymentId: string, initiated: Initiated): void {
  if (initiated.notes.length)
    logger.warn(
      { paymentId, bankRequestId: initiated.requestId, codes: initiated.notes.map((note) => note.code) },
      'the bank attached messages to its initiation answer',
    );
  if (initiated.unreadableCosts.length)
    logger.warn(
      { paymentId, bankRequestId: initiated.requestId, fields: initiated.unreadableCosts },
      'cost members of the initiation answer could not be read and are not shown',
    );
}
