import { and, eq } from 'drizzle-orm';
import { psuIdHeaderFor } from '@/lib/auth/psu-id';
import { cancelPayment as cancelAtBank } from '@/lib/bank/payments';
import type { Db } from '@/lib/db';
import { findChangeOf, moveChange } from '@/lib/db/queries/standing-order-changes';
import { type Payment, payments, type StopAsked } from '@/lib/db/schema';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';
import { logger } from '@/lib/log';
import { cancellationRefusalKey, mayHaveCancelled } from './cancellation-refusal';
import { recordCancellationAsked } from './cancellation-steps';
import { inPaymentBank } from './payment-bank';
import { returnUris } from './return-state';
import { bankRefOf } from './sca';
import { isFinalStatus } from './status';
import { syncPaymentStatus } from './sync';

/**
 * What the bank made of a request to cancel: cancelled or left for the PSU to approve in its app (the
 * status read after it says which), the PSU to confirm at the bank first (`sca`), or refused, with the
 * message key of why. `authorisation`: the cancellation's authorisation the bank opened for the PSU (its
 * `scaStatus` link, null where the bank gave none); none where the bank cancelled at once.
 */
export type CancellationAnswer =
  | { kind: 'asked'; authorisation?: CancellationAuthorisation }
  | { kind: 'sca'; redirectTo: string; authorisation: CancellationAuthorisation }
  | { kind: 'refused'; messageKey: string };

export interface CancellationAuthorisation {
  scaStatusUrl: string | null;
}

/** Who asks for a cancellation, besides the PSU's address. */
export interface CancellationAsked {
  /** The standing-order change this cancellation is for (its return then sends the new order). */
  change?: string;
  /** The language of the bank's page for the cancellation; the payment's own where not given. */
  scaLanguage?: Locale;
  /**
   * The language of the page the PSU asked from, which they come back to and are told the rest in from then on;
   * the payment's own where not given.
   */
  uiLocale?: Locale;
}

/**
 * Asks the payment's bank to cancel one of the PSU's payments, with cancellation SCA where the bank
 * asks for it; the PSU comes back to the payment's return address. A payment not at the bank, or one
 * whose status is final, is refused here without asking.
 */
export async function askBankToCancel(
  db: Db,
  payment: Payment,
  psuIpAddress: string,
  asked: CancellationAsked = {},
): Promise<CancellationAnswer> {
  const answer = await askOnce(db, payment, psuIpAddress, asked);
  // A stop the bank took (or left for the PSU to confirm there) gives up a change of the order not yet carried
  // through; one it refused stopped nothing, and the change goes on where the PSU left it.
  if (answer.kind !== 'refused' && !asked.change && payment.service === 'periodic-payments')
    await giveUpChangeOf(db, payment.psuId, payment.id);
  return answer;
}

async function askOnce(
  db: Db,
  payment: Payment,
  psuIpAddress: string,
  { change, scaLanguage, uiLocale }: CancellationAsked,
): Promise<CancellationAnswer> {
  const { bankPaymentId } = payment;
  // Cancelled already (from another tab, or by the costs step's "Stop"): what the PSU asked is done.
  if (payment.transactionStatus === 'CANC' && !change) return { kind: 'asked' };
  if (!bankPaymentId || isFinalStatus(payment.transactionStatus, payment)) {
    return { kind: 'refused', messageKey: 'bank.code.STATUS_INVALID' };
  }
  // A stop of a standing order is kept before the bank hears it: a change of the order whose own cancellation
  // reaches the bank first, and ends the order, then finds the stop and makes no new order.
  const stop = !change && payment.service === 'periodic-payments';
  const stopKept = stop ? await recordStopAsked(db, payment.id, undefined) : undefined;
  if (uiLocale && uiLocale !== payment.uiLocale)
    await db.update(payments).set({ uiLocale }).where(eq(payments.id, payment.id));
  try {
    const outcome = await cancelAtItsBank(db, payment, bankPaymentId, psuIpAddress, { change, scaLanguage });
    if (outcome.kind === 'cancelled') {
      await syncPaymentStatus(db, payment, 'cancellation', psuIpAddress);
      return { kind: 'asked' };
    }
    if (stop) await recordStopAsked(db, payment.id, outcome.scaStatusUrl);
    const authorisation = { scaStatusUrl: outcome.scaStatusUrl ?? null };
    // For the PSU to confirm at the bank: the request is told on the payment's history, its steps as they are read.
    await recordCancellationAsked(db, payment.id, authorisation.scaStatusUrl, change !== undefined);
    if (outcome.kind === 'sca') return { kind: 'sca', redirectTo: outcome.redirectTo, authorisation };
    // Left for the PSU to approve in the bank's app (decoupled): the status read shows where it stands.
    await syncPaymentStatus(db, payment, 'cancellation', psuIpAddress);
    return { kind: 'asked', authorisation };
  } catch (error) {
    logger.warn(
      { paymentId: payment.id, err: error instanceof Error ? error.message : error },
      'cancellation refused',
    );
    // Refused as no longer cancellable, or its answer lost: it may have been cancelled meanwhile, by a
    // cancellation sent at the same moment or by this one before the connection dropped. The bank's status says
    // which; a cancelled payment is neither "already being paid" nor "the bank could not be reached". (A change's
    // cancellation reads it itself: lib/payments/standing-order-change.ts.)
    const key = cancellationRefusalKey(error);
    if (mayHaveCancelled(error) && !change) {
      const now = await syncPaymentStatus(db, payment, 'cancellation', psuIpAddress).catch(() => undefined);
      if (now?.status === 'CANC') return { kind: 'asked' };
    }
    // A stop refused stopped nothing: a change that ends the order later is not taken for it.
    if (stopKept) await takeBackStopAsked(db, payment.id, stopKept);
    return { kind: 'refused', messageKey: key };
  }
}

/**
 * The PSU cancels a standing order itself ("Cancel payment", not a change): a change of it that had not yet
 * cancelled it (waiting for the PSU at the bank, or refused there) is given up, so that neither the return from
 * this cancellation nor a change form still open sends a new order for an order the PSU stopped.
 */
export async function giveUpChangeOf(db: Db, psuId: string, paymentId: string): Promise<void> {
  const change = await findChangeOf(db, psuId, paymentId);
  if (!change) return;
  await moveChange(db, change.id, ['cancelling', 'cancelRefused'], 'cancelRefused', {
    messageKey: 'standingOrderChange.stoppedInstead',
  });
}

/**
 * A stop of a standing order, kept with the order from before the bank is asked, and with the address of its
 * authorisation where the PSU is to confirm it at the bank: a change of it begun meanwhile does not replace an
 * order that this stop ended (lib/payments/standing-order-change.ts).
 */
async function recordStopAsked(
  db: Db,
  paymentId: string,
  scaStatusUrl: string | undefined,
): Promise<StopKept> {
  const written: StopAsked = { askedAt: new Date().toISOString(), ...(scaStatusUrl ? { scaStatusUrl } : {}) };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ stopAsked: payments.stopAsked })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    await tx.update(payments).set({ stopAsked: written }).where(eq(payments.id, paymentId));
    return { written, replaced: current?.stopAsked ?? null };
  });
}

/** What one stop wrote of the order's stop asked, and what it replaced there. */
interface StopKept {
  written: StopAsked;
  replaced: StopAsked | null;
}

/**
 * A stop refused stopped nothing: what it replaced is put back, only while its own record is still there. Another
 * stop asked meanwhile (another tab) has written its own, which stands, with the address of its authorisation.
 */
async function takeBackStopAsked(db: Db, paymentId: string, { written, replaced }: StopKept) {
  await db
    .update(payments)
    .set({ stopAsked: replaced })
    .where(and(eq(payments.id, paymentId), eq(payments.stopAsked, written)));
}

/**
 * Asks the payment's own bank to cancel it (DELETE on the payment), with the PSU's address and id, the
 * language of the bank's SCA page and our return addresses, for a cancellation the bank wants authorised.
 */
export async function cancelAtItsBank(
  db: Db,
  payment: Payment,
  bankPaymentId: string,
  psuIpAddress: string,
  { change, scaLanguage }: Pick<CancellationAsked, 'change' | 'scaLanguage'> = {},
) {
  const uris = returnUris(payment.id, payment.psuId, change);
  const psuId = await psuIdHeaderFor(payment.psuId, db);
  return inPaymentBank(payment, () =>
    cancelAtBank(bankRefOf(payment, bankPaymentId), {
      psuIpAddress,
      scaLanguage: scaLanguage ?? localeOrDefault(payment.scaLanguage),
      redirectUri: uris.ok,
      nokRedirectUri: uris.nok,
      psuId,
    }),
  );
}
