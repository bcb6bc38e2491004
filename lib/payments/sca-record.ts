import { eq } from 'drizzle-orm';
import type { ScaAnswer } from '@/lib/bank/sca-answer';
import type { Db } from '@/lib/db';
import { databaseNow } from '@/lib/db/clock';
import type { NewAuthorisation } from '@/lib/db/payment-types';
import { type Payment, paymentEvents, payments, type ScaState } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { newAuthorisationDetail } from './history-order';
import type { StatusSource } from './status';

/**
 * How the bank's word on the PSU's authorisation is kept (lib/payments/sca.ts): its answers to the steps and the
 * readings of its scaStatus, each judged under the payment's row lock against what is kept when it comes.
 */

const finalScaStatuses = new Set(['finalised', 'failed', 'exempted']);

export function isFinalScaStatus(status: string | undefined): boolean {
  return status !== undefined && finalScaStatuses.has(status);
}

/**
 * Whether a reading of an authorisation's scaStatus may replace the one kept: a reading of the authorisation kept
 * (`authorisation`: the link it was read at, or the same where the answer names none), other than the status kept,
 * and never once that authorisation has ended. A final status is its last word; a reading of an earlier state that
 * arrives after it is a stale answer. A new authorisation of the payment starts again (`saveAnswer`).
 */
function mayReplaceScaStatus(kept: ScaState, authorisation: string | undefined, reading: string): boolean {
  return (
    authorisation === kept.links.scaStatus && kept.scaStatus !== reading && !isFinalScaStatus(kept.scaStatus)
  );
}

/** The payment's SCA record, its row locked until the transaction ends. */
async function lockedPayment(tx: Db, paymentId: string): Promise<Payment | undefined> {
  const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return current;
}

/**
 * An scaStatus event for the timeline: the first of a new authorisation says so (`newAuthorisation`), so that its
 * steps are not read as the earlier one's going back.
 */
function scaEvent(
  paymentId: string,
  scaStatus: string,
  source: StatusSource,
  newAuthorisation: NewAuthorisation | undefined,
) {
  return {
    paymentId,
    scaStatus,
    source,
    detail: newAuthorisation ? newAuthorisationDetail(newAuthorisation) : null,
  };
}

/**
 * Records an scaStatus read at `authorisation` (its scaStatus link) on the timeline and keeps it on the payment,
 * where it may replace the one kept (`mayReplaceScaStatus`): the check and the write hold the payment's row, so that
 * a concurrent reading of the same authorisation is judged against what the other recorded.
 */
export async function recordScaStatus(
  db: Db,
  paymentId: string,
  authorisation: string,
  scaStatus: string,
  source: StatusSource,
): Promise<void> {
  await db.transaction(async (tx) => {
    const sca = (await lockedPayment(tx, paymentId))?.sca;
    if (!sca || !mayReplaceScaStatus(sca, authorisation, scaStatus)) return;
    await tx
      .update(payments)
      .set({ sca: { ...sca, scaStatus, newAuthorisation: undefined }, updatedAt: databaseNow() })
      .where(eq(payments.id, paymentId));
    await tx.insert(paymentEvents).values(scaEvent(paymentId, scaStatus, source, sca.newAuthorisation));
  });
}

/**
 * Keeps the bank's answer to an SCA step with the payment's SCA record as it is when the answer comes (its row
 * locked), not as it was when the step was taken. `started`: the step started a new authorisation of the payment
 * (a start, another signer's, a re-approval), which begins again whatever the last one ended as: after an
 * authorisation of the payment, a new one of the `kind` given, its first scaStatus told as such. An answer of the
 * authorisation kept that arrives after it has ended (a poll read it finalised meanwhile) changes nothing.
 */
export async function saveAnswer(
  db: Db,
  paymentId: string,
  answer: ScaAnswer,
  source: StatusSource,
  started: boolean,
  kind: NewAuthorisation = 'again',
): Promise<Payment> {
  const saved = await db.transaction(async (tx) => {
    const current = await lockedPayment(tx, paymentId);
    if (!current) throw new Error('A payment disappeared during SCA');
    const previous = current.sca ?? undefined;
    const same =
      !started && (answer.links.scaStatus ?? previous?.links.scaStatus) === previous?.links.scaStatus;
    if (same && isFinalScaStatus(previous?.scaStatus)) return current;
    const kept = same ? previous?.scaStatus : undefined;
    // Another authorisation than the one kept, where the payment had one: a new one, until its first status is told.
    const after = previous?.links.scaStatus !== undefined || previous?.newAuthorisation !== undefined;
    const newAuthorisation = same ? previous?.newAuthorisation : after ? kind : undefined;
    const next: ScaState = {
      ...answer,
      // Keep the scaStatus link of the authorisation in progress when an answer of it omits it.
      links: { ...(same ? pick(previous?.links, 'scaStatus') : {}), ...answer.links },
      scaStatus: answer.scaStatus ?? kept,
      // The bank's last words to the PSU stand until it says something else (shown while SCA is open).
      psuMessage: answer.psuMessage ?? previous?.psuMessage,
      chosenScaMethod: answer.chosenScaMethod ?? previous?.chosenScaMethod,
      initiationLinks: previous?.initiationLinks ?? answer.links,
      initiationStatus: previous?.initiationStatus,
      // The verifier of an OAuth authorisation under way, until it has ended (lib/payments/oauth-request.ts).
      oauth: isFinalScaStatus(answer.scaStatus) ? undefined : previous?.oauth,
      newAuthorisation: answer.scaStatus ? undefined : newAuthorisation,
    };
    const [updated] = await tx
      .update(payments)
      .set({ sca: next, scaRedirect: answer.links.scaRedirect ?? null, updatedAt: databaseNow() })
      .where(eq(payments.id, paymentId))
      .returning();
    // A new authorisation's first status is told, though the last one's was the same.
    if (answer.scaStatus && (answer.scaStatus !== previous?.scaStatus || newAuthorisation))
      await tx.insert(paymentEvents).values(scaEvent(paymentId, answer.scaStatus, source, newAuthorisation));
    return updated ?? current;
  });
  if (answer.notes?.length)
    logger.warn(
      { paymentId, codes: answer.notes.map((note) => note.code) },
      'the bank attached messages to its authorisation answer',
    );
  return saved;
}

function pick(links: Record<string, string> | undefined, name: string): Record<string, string> {
  return links?.[name] ? { [name]: links[name] } : {};
}
