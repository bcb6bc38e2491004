import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import type { ChangeCancelAnswer, ChangedOrder, StandingOrderChange } from '@/lib/db/change-schema';
import {
  answerCancelAsk,
  claimChange,
  countCancelAsk,
  findChangeOf,
  moveChange,
} from '@/lib/db/queries/standing-order-changes';
import type { Payment } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { askBankToCancel, type CancellationAnswer, giveUpChangeOf } from './cancellation';
import { cancelledByChange, endedByStop, waitsInBankApp } from './change-authorisations';
import { findOwnPayment } from './history';
import { initiateOnce } from './initiation';
import { isFinalStatus } from './status';
import { accountLabel } from './submit-payment';
import { readOwnPaymentFromBank, syncPaymentStatus } from './sync';
import { paymentOutcome } from './view';

/**
 * Changing a standing order. The spec has no amend, so a change is the old order cancelled at the bank
 * and a new one made; the money rule is that **two orders are never live at once**:
 * - the new order is sent only once the bank reports the old one ended (CANC, or another final status);
 * - if the bank refuses the cancellation, or the PSU declines it at the bank, nothing new is sent;
 * - if the bank does not take the new order, the PSU is told that the old one is cancelled and the new
 *   one not made, and sends it again from the same form (the same submission: never two new orders);
 * - one change per old order: a second form for the same order, once the first made its new order,
 *   is refused rather than making another.
 */
export type ChangeOutcome =
  | { ok: true; redirectTo: string; newPaymentId?: string }
  | { ok: false; messageKey: string; reasonKey?: string; fieldErrors?: Record<string, string[]> };

export interface ChangeRequest {
  psuId: string;
  oldPaymentId: string;
  changed: ChangedOrder;
  psuIpAddress: string;
  psuUserAgent?: string;
}

// A change being sent longer than the bank's timeout and some is one whose sender died.
const staleSeconds = () => Math.ceil(settings().BANK_TIMEOUT_MS / 1000) + 30;

/** Where the PSU reads a change's outcome and sends it again: the change form of the old order. */
export function changePath(oldPaymentId: string, locale: string): string {
  return `/${locale}/payments/standing-orders/${oldPaymentId}/change`;
}

/** The new order's initiation as the periodic form's action makes it, from what the PSU confirmed. */
function newOrderRequest(
  change: StandingOrderChange,
  request: Pick<ChangeRequest, 'psuIpAddress' | 'psuUserAgent'>,
) {
  const { changed } = change;
  const payment = changed.payment as {
    creditorAccount?: { maskedPan?: string | null };
    instructedAmount: { amount: string; currency: string };
    remittanceInformationUnstructured?: string;
    endToEndIdentification?: string;
  };
  return {
    psuId: change.psuId,
    submissionId: changed.submissionId,
    service: 'periodic-payments' as const,
    product: payment.creditorAccount?.maskedPan ? ('card-deposits' as const) : ('credit-transfers' as const),
    body: changed.payment,
    scaLanguage: changed.scaLanguage,
    uiLocale: changed.uiLocale,
    summary: {
      amount: payment.instructedAmount.amount,
      currency: payment.instructedAmount.currency,
      creditorName: changed.creditorName,
      label: changed.label,
      creditorAccount: accountLabel(payment.creditorAccount as Parameters<typeof accountLabel>[0]),
      reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
    },
    psuIpAddress: request.psuIpAddress,
    psuUserAgent: request.psuUserAgent,
  };
}

/**
 * Sends the new order of a change whose old order the bank reports ended; one request alone sends it
 * (`sending` is taken first). Recorded as `sent` with the new payment, or `newFailed` with the bank's
 * answer to show on the form again.
 */
async function sendNewOrder(
  db: Db,
  change: StandingOrderChange,
  request: Pick<ChangeRequest, 'psuIpAddress' | 'psuUserAgent'>,
): Promise<ChangeOutcome> {
  // Never from `cancelRefused`: a change the PSU gave up by stopping the order ("Cancel payment", meanwhile in
  // another tab) sends nothing, though the cancellation it asked for ended the order.
  if (!(await moveChange(db, change.id, ['cancelling', 'newFailed'], 'sending'))) {
    const now = await findChangeOf(db, change.psuId, change.oldPaymentId);
    return now?.state === 'cancelRefused'
      ? { ok: false, messageKey: now.messageKey ?? 'standingOrderChange.notCancelled' }
      : { ok: false, messageKey: 'payment.stillSending' };
  }
  let outcome: Awaited<ReturnType<typeof initiateOnce>>;
  try {
    outcome = await initiateOnce(newOrderRequest(change, request));
  } catch (error) {
    await moveChange(db, change.id, ['sending'], 'newFailed', { messageKey: 'bank.unexpected' });
    throw error;
  }
  if (outcome.ok) {
    await moveChange(db, change.id, ['sending'], 'sent', {
      newPaymentId: outcome.paymentId,
      messageKey: null,
    });
    return { ok: true, redirectTo: outcome.redirectTo, newPaymentId: outcome.paymentId };
  }
  await moveChange(db, change.id, ['sending'], 'newFailed', {
    newPaymentId: outcome.paymentId ?? null,
    messageKey: outcome.messageKey,
    fieldErrors: outcome.fieldErrors ?? null,
  });
  logger.info(
    { paymentId: change.oldPaymentId },
    'standing order cancelled for a change; the new one was not taken',
  );
  return {
    ok: false,
    messageKey: 'standingOrderChange.newFailed',
    reasonKey: outcome.messageKey,
    fieldErrors: outcome.fieldErrors,
  };
}

/** What the PSU is told when the old order is still live: nothing new was sent. */
async function keptOld(
  db: Db,
  change: StandingOrderChange,
  messageKey: string,
  reasonKey?: string,
): Promise<ChangeOutcome> {
  await moveChange(db, change.id, ['cancelling', 'cancelRefused', 'newFailed'], 'cancelRefused', {
    messageKey: reasonKey ?? messageKey,
  });
  return { ok: false, messageKey, reasonKey };
}

/**
 * The PSU confirmed a change of one of their standing orders: the old order is cancelled at its bank
 * (the PSU may be sent there to confirm the cancellation first; the new order follows on their return,
 * `continueChangeAfterReturn`), and once it has ended the new order is sent.
 */
export async function changeStandingOrder(db: Db, request: ChangeRequest): Promise<ChangeOutcome> {
  // As the bank has it now: a cancellation confirmed since, or one read in vain on return, counts.
  const old = (await readOwnPaymentFromBank(db, request.psuId, request.oldPaymentId, request.psuIpAddress))
    ?.payment;
  if (old?.service !== 'periodic-payments' || old.phase !== 'initiated') {
    return { ok: false, messageKey: 'standingOrderChange.notFound' };
  }
  if (isFinalStatus(old.transactionStatus, old)) {
    const refusal = await refusalOfEnded(db, request.psuId, old.id);
    if (refusal) return { ok: false, messageKey: refusal };
  }
  const change = await claimChange(db, request.psuId, old.id, request.changed, staleSeconds());
  if (!change) {
    const existing = await findChangeOf(db, request.psuId, old.id);
    return {
      ok: false,
      messageKey: existing?.state === 'sent' ? 'standingOrderChange.alreadyChanged' : 'payment.stillSending',
    };
  }
  if (!isFinalStatus(old.transactionStatus, old)) {
    // Sent again while the PSU is still to approve its cancellation in the bank's app: not asked twice.
    if ((await waitsInBankApp(old, change.cancelAnswers, request.psuIpAddress)) === 'waits') {
      return afterCancellation(db, change, old.id, request);
    }
    const answer = await askToCancel(db, change, old, request.psuIpAddress);
    if (answer.kind === 'refused') {
      const ended = await endedMeanwhile(db, old, answer.messageKey, request.psuIpAddress);
      if (ended === 'cancelled') return afterCancellation(db, change, old.id, request);
      if (ended) return endedOtherwise(db, change, ended);
      return keptOld(db, change, 'standingOrderChange.cancelRefused', answer.messageKey);
    }
    if (answer.kind === 'sca') {
      await moveChange(db, change.id, ['cancelling', 'cancelRefused', 'newFailed'], 'cancelling');
      return { ok: true, redirectTo: answer.redirectTo };
    }
  }
  return afterCancellation(db, change, old.id, request);
}

/**
 * Asks the bank to cancel the change's old order, the ask counted as under way until the bank answered, and the
 * answer kept with the change: what tells its own cancellation from a stop elsewhere once the order has ended. The
 * cancellation is confirmed at the bank in the language the PSU chose for the new order.
 */
async function askToCancel(
  db: Db,
  change: StandingOrderChange,
  old: Payment,
  psuIpAddress: string,
): Promise<CancellationAnswer> {
  await countCancelAsk(db, change.id);
  let answer: CancellationAnswer | undefined;
  try {
    answer = await askBankToCancel(db, old, psuIpAddress, {
      change: change.id,
      scaLanguage: change.changed.scaLanguage,
    });
    return answer;
  } finally {
    await answerCancelAsk(db, change.id, keptAnswer(answer));
  }
}

function keptAnswer(answer: CancellationAnswer | undefined): ChangeCancelAnswer | undefined {
  if (!answer || answer.kind === 'refused') return undefined;
  if (!answer.authorisation) return { cancelled: true };
  // An authorisation with no page of the bank to send the PSU to: they approve it in the bank's app.
  return answer.kind === 'asked' ? { ...answer.authorisation, decoupled: true } : answer.authorisation;
}

/**
 * How the order ended, where the bank refused the change's cancellation as too late because it has just ended;
 * undefined where it still stands. `cancelled`: cancelled, by this change or by a stop, which `afterCancellation`
 * tells apart. `stopped`: cancelled by the PSU's "Stop" at its costs, kept before the bank heard it
 * (./costs-decision.ts). `ended`: rejected, or ended on its last day: no cancellation ended it. Only the first may go
 * on to the new order; the order is not told as still standing in any.
 */
async function endedMeanwhile(
  db: Db,
  old: Payment,
  refusal: string,
  psuIpAddress: string,
): Promise<'cancelled' | 'stopped' | 'ended' | undefined> {
  if (refusal !== 'payment.notCancellable') return undefined;
  const { status } = await syncPaymentStatus(db, old, 'cancellation', psuIpAddress);
  if (!isFinalStatus(status, old)) return undefined;
  if (status !== 'CANC') return 'ended';
  const now = await findOwnPayment(db, old.psuId, old.id);
  return now?.costsDecision === 'stopped' || now?.costsDecision === 'cancelled' ? 'stopped' : 'cancelled';
}

/**
 * A change whose old order ended meanwhile by other means than a cancellation of this change: given up, so that
 * neither this form nor another sends a new order for it.
 */
async function endedOtherwise(
  db: Db,
  change: StandingOrderChange,
  ended: 'stopped' | 'stoppedAtBank' | 'cannotTell' | 'ended',
): Promise<ChangeOutcome> {
  const messageKey = `standingOrderChange.${ended === 'stopped' ? 'stoppedInstead' : ended}`;
  await moveChange(db, change.id, ['cancelling', 'cancelRefused'], 'cancelRefused', { messageKey });
  return { ok: false, messageKey };
}

/**
 * Of an order that has ended, why no change of it is made, if one is not: a change goes on only where it
 * was its own change that cancelled it (cancelling, or cancelled with the new order not yet made). Any
 * other end (the PSU stopped it, the bank rejected or cancelled it, its last date passed) is a stop, and a
 * change form still open in another tab makes nothing of it.
 */
async function refusalOfEnded(db: Db, psuId: string, oldPaymentId: string): Promise<string | undefined> {
  const change = await findChangeOf(db, psuId, oldPaymentId);
  if (change?.state === 'sent') return 'standingOrderChange.alreadyChanged';
  if (change && ['cancelling', 'sending', 'newFailed'].includes(change.state)) return undefined;
  return 'standingOrderChange.ended';
}

/** The old order as the bank now reports it: ended, and the new order is sent; live, and nothing is. */
async function afterCancellation(
  db: Db,
  change: StandingOrderChange,
  oldPaymentId: string,
  request: Pick<ChangeRequest, 'psuId' | 'psuIpAddress' | 'psuUserAgent'>,
): Promise<ChangeOutcome> {
  const old = await findOwnPayment(db, request.psuId, oldPaymentId);
  if (!old) return keptOld(db, change, 'standingOrderChange.notCancelled');
  if (!isFinalStatus(old.transactionStatus, old)) {
    // Approved in the bank's app later, the cancellation ends the order then: the change waits for it.
    const now = await findChangeOf(db, old.psuId, old.id);
    const inApp =
      now?.state === 'cancelling' ? await waitsInBankApp(old, now.cancelAnswers, request.psuIpAddress) : 'no';
    if (inApp === 'waits') {
      const messageKey = 'standingOrderChange.approveInApp';
      await moveChange(db, change.id, ['cancelling'], 'cancelling', { messageKey });
      return { ok: false, messageKey };
    }
    return keptOld(
      db,
      change,
      `standingOrderChange.${inApp === 'declined' ? 'declinedInApp' : 'notCancelled'}`,
    );
  }
  if (change.state === 'cancelling') {
    const by = await endedBy(db, old, request.psuIpAddress);
    if (by === 'unknown') return { ok: false, messageKey: 'bank.network' };
    if (by === 'underWay') return { ok: false, messageKey: 'payment.stillSending' };
    if (by === 'stop') {
      await giveUpChangeOf(db, old.psuId, old.id);
      return { ok: false, messageKey: 'standingOrderChange.stoppedInstead' };
    }
    if (by === 'elsewhere') return endedOtherwise(db, change, 'stoppedAtBank');
    if (by === 'unclear') return endedOtherwise(db, change, 'cannotTell');
  }
  return sendNewOrder(db, change, request);
}

/**
 * What ended a change's old order that was cancelled while the change was cancelling it: the PSU's stop in the app
 * (`stop`), the change's own cancellation (`change`: cancelled at once, or an authorisation of it the PSU confirmed
 * at the bank), or neither (`elsewhere`: the PSU stopped it in their own online bank, say). `unclear`: the bank gave
 * no way to read the change's authorisation, so either may have; the PSU is told so, and no new order is made without
 * their word (a new standing order they start themselves). `underWay`: not one of the change's answered asks, but an
 * ask not yet answered may have; `unknown`: the bank could not be asked now.
 */
async function endedBy(
  db: Db,
  old: Payment,
  psuIpAddress: string,
): Promise<'stop' | 'change' | 'elsewhere' | 'unclear' | 'underWay' | 'unknown'> {
  const stopped = await endedByStop(old, psuIpAddress);
  if (stopped !== false) return stopped === 'unknown' ? 'unknown' : 'stop';
  // As the change stands now: another form's ask of it may have been answered since this one was claimed.
  const change = await findChangeOf(db, old.psuId, old.id);
  const own = await cancelledByChange(old, change?.cancelAnswers ?? [], psuIpAddress);
  if (own === true) return 'change';
  if (own === 'unknown') return 'unknown';
  if ((change?.cancelAsks ?? 0) > 0) return 'underWay';
  return own === 'unclear' ? 'unclear' : 'elsewhere';
}

/**
 * The PSU is back from confirming (or declining) the old order's cancellation at the bank, whose status
 * has just been read: where their browser goes next, or undefined when the payment is no change's old
 * order awaiting its cancellation. The new order is sent here, and the PSU is shown its page, which says
 * that the old order is cancelled and the new one waits for their confirmation at the bank, rather than
 * being sent on to the bank's page again as if the first confirmation had not been done.
 */
export async function continueChangeAfterReturn(
  db: Db,
  old: Payment,
  request: Pick<ChangeRequest, 'psuIpAddress' | 'psuUserAgent'> & {
    /** The change whose cancellation this return is from (its state bound it); none for a plain stop. */
    change: string | undefined;
  },
): Promise<string | undefined> {
  if (old.service !== 'periodic-payments') return undefined;
  if (!request.change) {
    // Back from a stop ("Cancel payment") that ended the order: a change begun meanwhile in another tab, whose
    // own cancellation is still at the bank, is given up, so that its form sends nothing once the order ended.
    const now = await findOwnPayment(db, old.psuId, old.id);
    if (now && isFinalStatus(now.transactionStatus, now)) await giveUpChangeOf(db, old.psuId, old.id);
    return undefined;
  }
  const change = await findChangeOf(db, old.psuId, old.id);
  if (change?.state !== 'cancelling' || change.id !== request.change) return undefined;
  const outcome = await afterCancellation(db, change, old.id, { psuId: old.psuId, ...request });
  if (!outcome.ok) return changePath(old.id, change.changed.uiLocale);
  return outcome.newPaymentId
    ? `/${change.changed.uiLocale}/payments/${outcome.newPaymentId}`
    : outcome.redirectTo;
}

/**
 * The PSU is back on the page of a change whose cancellation waited for their approval in the bank's app (there is
 * no return from the bank then): the old order is read from the bank again and the change settled by it, the new
 * order made once the change's cancellation ended the old one, the change given up once the PSU declined it there
 * and the order stands, and still waiting while the approval is open. The change as it then stands.
 */
export async function followWaitingChange(
  db: Db,
  request: Pick<ChangeRequest, 'psuId' | 'oldPaymentId' | 'psuIpAddress' | 'psuUserAgent'>,
) {
  const change = await findChangeOf(db, request.psuId, request.oldPaymentId);
  // An ask under way (the form sent again meanwhile) is left to the request that made it.
  const waiting = change?.state === 'cancelling' && change.cancelAsks === 0;
  if (!waiting || !change.cancelAnswers.some((answer) => 'decoupled' in answer)) return change;
  await readOwnPaymentFromBank(db, request.psuId, request.oldPaymentId, request.psuIpAddress);
  await afterCancellation(db, change, request.oldPaymentId, request);
  return findChangeOf(db, request.psuId, request.oldPaymentId);
}

/**
 * A change of the PSU's order carried through (its new order sent), with what the bank says of that new order
 * (confirmed, or declined there and nothing in the old one's place); undefined for an order not so changed.
 */
export async function carriedChangeOf(db: Db, psuId: string, oldPaymentId: string) {
  const change = await findChangeOf(db, psuId, oldPaymentId);
  if (change?.state !== 'sent' || !change.newPaymentId) return { change, newOrderOutcome: null };
  const newOrder = await findOwnPayment(db, psuId, change.newPaymentId);
  return { change, newOrderOutcome: newOrder ? paymentOutcome(newOrder) : null };
}
