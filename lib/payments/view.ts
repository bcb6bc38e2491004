import type { BankNote } from '@/lib/bank/bank-text';
import type { BulkResults } from '@/lib/bank/bulk-results';
import type { Money, PaymentCosts } from '@/lib/bank/costs';
import { bankErrorCodes, initiationRefusalKey } from '@/lib/bank/errors';
import { ANSWER_NOT_SAVED, type NewAuthorisation, OUTCOME_UNKNOWN } from '@/lib/db/payment-types';
import type { Payment, PaymentEvent } from '@/lib/db/schema';
import { paymentAmounts } from './amounts';
import { bulkResultsDue } from './bulk-results';
import { type IsoDate, todayInReykjavik } from './calendar';
import { type CostsStep, type CostsStopNote, costsStepOf, costsStopNote } from './costs-step';
import { type CostsTotal, costsTotal } from './costs-total';
import {
  atTellingTimes,
  type CancellationEvent,
  cancellationForChange,
  cancellationOf,
  inTellingOrder,
  newAuthorisationOf,
  toldOnce,
} from './history-order';
import { type BankOutcome, bankOutcome, waitsForPsu } from './outcome';
import { type ReceiptKind, receiptKind } from './receipt-kind';
import { paysAgainRejectedOnly } from './saved/pay-again';
import { awaitsAuthorisation, isFinalScaStatus, nextScaStep, type ScaStep, scaStateOf } from './sca';
import {
  isSettledForPsu,
  liveRefreshMs,
  type StatusClass,
  statusClass,
  awaitsAuthorisation as waitsForAuthorisation,
} from './status';
import {
  DIRECTORY_BANK_NAMES,
  dayOf,
  type PaymentStory,
  paymentStory,
  recipientNameOf,
  storyCosts,
} from './story';

/** What the browser sees of a payment: no internal keys, no request bodies. */
export interface PaymentView {
  id: string;
  service: string;
  product: string;
  phase: string;
  transactionStatus: string | null;
  /** The status to show: the bank's, or our own phase before the bank has one. */
  displayStatus: string;
  /** What the bank's status means (lib/payments/status.ts); null before the bank has the payment. */
  statusClass: StatusClass | null;
  /** How often the open page asks again; false when nothing more is to be learnt by asking. */
  refreshEveryMs: number | false;
  /** What the bank says about the payment, from its status and scaStatus as last read (./outcome.ts). */
  outcome: BankOutcome | null;
  /** The bank has it and it is not settled: the PSU may ask for its cancellation. */
  cancellable: boolean;
  amount: string;
  currency: string;
  /** What the payment is for, one amount per currency: several only for a bulk in several currencies. */
  amounts: Money[];
  creditorName: string | null;
  creditorAccount: string;
  reference: string | null;
  elementCount: number | null;
  /**
   * Fees and exchange rate as the bank's initiation answer gave them (spec 2.5), with those its read-back
   * (spec 2.6) adds; null when it gave none.
   */
  costs: PaymentCosts | null;
  /** What will leave the PSU's account, where the costs say enough to tell (./costs-total.ts). */
  costsTotal: CostsTotal | null;
  /** What the PSU may keep of it: a receipt for what was paid, a statement of a rejection, or nothing yet. */
  receiptKind: ReceiptKind | null;
  /** From and to, message, dates asked for and set by the bank, what it changed, a bulk's payments. */
  story: PaymentStory;
  /**
   * The day it is paid on: the bank's day, else the one asked for, else, as soon as possible, the day the bank
   * reported it paid where a list read it (single or bulk; null before), or the first day of a standing order.
   */
  payDay: IsoDate | null;
  /**
   * The later day an accepted payment (single or bulk) waits for, where the bank is not yet paying it: the
   * day the bank gives, else the day asked for. Null for a standing order, or a payment due today or paid.
   */
  paysOn: IsoDate | null;
  /**
   * The bank's psuMessage (spec 2.5: "text to show to the PSU"): its authorisation's while that is open, else
   * the one it gave with the status last read.
   */
  psuMessage: string | null;
  /**
   * The bank's funds check, with its last status read, found the money not there (`fundsAvailable: false`, BG IG
   * 4.14.1): it may wait for it a while, or reject the payment. Not said of a payment decided for the PSU.
   */
  fundsShort: boolean;
  /** The bank's WARNING messages (spec part 7): of the initiation answer, and of the latest SCA step. */
  bankNotes: BankNote[];
  /** For a bulk that has ended: each payment's result as the bank gave it (spec 2.6), if it was read. */
  bulkResults: BulkResults | null;
  /** For a bulk: "Pay again" fills in a new bulk with the payments the bank rejected, and those only. */
  payAgainRejectedOnly: boolean;
  /** Where the PSU stands with costs shown before SCA: stopped there (cancelled or left unauthorised), or not. */
  costsStep: CostsStep;
  /** What the page says of a stop at the costs, following the bank's status (lib/payments/costs-step.ts). */
  costsStopNote: CostsStopNote | null;
  /** What the PSU is asked to do for SCA on our page, if anything. */
  scaStep: ScaStep;
  scaStatus: string | null;
  scaRedirect: string | null;
  failureCode: string | null;
  /** Why the bank refused it at its initiation, as the words its form gave (a message key); null if it did not. */
  refusalReason: string | null;
  createdAt: string;
  events: {
    id: number;
    transactionStatus: string | null;
    scaStatus: string | null;
    /** The first scaStatus of a new authorisation of the payment says whose it is; null for any other event. */
    newAuthorisation: NewAuthorisation | null;
    /** A cancellation the PSU asked for (`asked`), or a step of its confirmation at the bank; null for any other. */
    cancellation: CancellationEvent | null;
    /** A cancellation asked for to change the standing order, not to stop it. */
    forChange: boolean;
    source: string;
    at: string;
  }[];
}

/**
 * A payment not yet at the bank is asked about while it may still be sent, a refused one never; a bulk
 * whose results could not be read yet is asked about until they are.
 */
function refreshEveryMs(payment: Payment, atBank: boolean): number | false {
  if (!atBank) return payment.phase === 'refused' || payment.phase === 'unfollowable' ? false : 2_000;
  if (bulkResultsDue(payment)) return 10_000;
  return liveRefreshMs(statusClass(payment.transactionStatus, payment));
}

/**
 * The bank's status, or our own phase where the bank's cannot be followed: refused, answered with a
 * paymentId of another payment (`unfollowable`), answered but its answer not recorded, sent but its answer
 * lost on the way (`outcomeUnknown`), or not sent.
 */
export function displayStatusOf(payment: Payment): string {
  if (payment.phase === 'refused' || payment.phase === 'unfollowable') return payment.phase;
  if (payment.phase === 'initiated') return payment.transactionStatus ?? 'RCVD';
  if (payment.failureCode === ANSWER_NOT_SAVED) return 'answerNotSaved';
  if (payment.failureCode === OUTCOME_UNKNOWN) return 'outcomeUnknown';
  return payment.transactionStatus ?? 'new';
}

/** A payment, with the day the bank reported it paid where a list read it (lib/db/queries/payments.ts `paidDay`). */
export type MaybeListed = Payment & { paidDay?: IsoDate | null };

/**
 * The day a payment is paid on (PaymentView `payDay`): the day the bank gives (spec 2.6), else the one asked
 * for, else, made as soon as possible, the day the bank reported it paid where a list read it (`paidDay`,
 * lib/db/queries/payments.ts), null before (single or bulk); a standing order's first day.
 */
export function payDayOf(payment: MaybeListed): IsoDate | null {
  // A standing order sent without its first day starts on the day it was made, as its schedule says.
  if (payment.service === 'periodic-payments')
    return dayOf(payment.body.startDate) ?? todayInReykjavik(payment.createdAt);
  return (
    dayOf(payment.bankDetails?.requestedExecutionDate) ??
    dayOf(payment.body.requestedExecutionDate) ??
    payment.paidDay ??
    null
  );
}

function paysOnOf(payment: Payment, payDay: IsoDate | null, today = todayInReykjavik()): IsoDate | null {
  if (payment.phase !== 'initiated' || payment.service === 'periodic-payments') return null;
  if (statusClass(payment.transactionStatus, payment.service) !== 'in-progress') return null;
  return payDay && payDay > today ? payDay : null;
}

/**
 * A payment that ended with nothing paid: refused at its initiation, rejected or cancelled, or declined by the PSU
 * at the bank where the bank kept its status (RCVD) after the failed authorisation. One sent without a day of its
 * own is then paid on no day: the lists leave its pay day empty rather than say "as soon as possible".
 */
export function endedUnpaid(payment: {
  phase: string;
  transactionStatus: string | null;
  scaStatus: string | null | undefined;
}): boolean {
  return (
    payment.phase === 'refused' ||
    payment.transactionStatus === 'RJCT' ||
    payment.transactionStatus === 'CANC' ||
    (payment.phase === 'initiated' &&
      (payment.transactionStatus ?? 'RCVD') === 'RCVD' &&
      payment.scaStatus === 'failed')
  );
}

/** `endedUnpaid` of a payment as saved: its authorisation's scaStatus as last read. */
export function endedUnpaidAsSaved(payment: Payment): boolean {
  return endedUnpaid({ ...payment, scaStatus: scaStateOf(payment)?.scaStatus });
}

/** The paying account's currency, where the PSU's body names it (spec 2.4 AccountReference.currency). */
function debtorCurrency(payment: Payment): string | null {
  const account = (payment.body as { debtorAccount?: { currency?: unknown } }).debtorAccount;
  return typeof account?.currency === 'string' ? account.currency : null;
}

/** What the bank says of the payment, from its status and scaStatus as last read (./outcome.ts). */
export function paymentOutcome(payment: Payment): BankOutcome | null {
  return bankOutcome({
    phase: payment.phase,
    service: payment.service,
    body: payment.body,
    transactionStatus: payment.transactionStatus,
    scaStatus: scaStateOf(payment)?.scaStatus,
    statusReadFailed: payment.statusReadFailedAt !== null,
  });
}

/**
 * Whether "Pay again" is offered under a payment. Not while the bank may have it without our knowing (its answer
 * lost, or not yet sent): it is sent again with its own key, and a new one beside it could pay twice. Nor while the
 * bank waits for the PSU to confirm it: they go on with it or stop it, and a copy made now could be confirmed too.
 */
export function offersPayAgain(payment: Payment): boolean {
  if (payment.phase === 'new' || payment.phase === 'sending') return false;
  return !waitsForPsu(paymentOutcome(payment));
}

/** Why the bank refused a payment at its initiation, as the words its form gave (a message key); null if it did not. */
export function refusalReasonOf(payment: Pick<Payment, 'phase' | 'failureCode'>): string | null {
  return payment.phase === 'refused' && payment.failureCode
    ? initiationRefusalKey(payment.failureCode)
    : null;
}

/**
 * The bank's messages kept with the payment. Of a refusal, all but the one its page already gives in our words
 * (its first code, where that is one of spec part 7's): the others, and a code we have no words for, in the bank's.
 */
function notesBesideRefusal(payment: Payment): BankNote[] {
  const notes = payment.bankNotes ?? [];
  if (payment.phase !== 'refused' || !payment.failureCode || !bankErrorCodes.has(payment.failureCode))
    return notes;
  const explained = notes.findIndex((note) => note.code === payment.failureCode);
  return notes.filter((_, index) => index !== explained);
}

/**
 * The payment as its page and lists show it. `mayConfirmStraightThrough`: whether the PSU may give the bank's
 * straight-through confirmation, where that is the next step (lib/payments/sca.ts `mayConfirmNextStep`).
 */
export function toPaymentView(
  payment: MaybeListed,
  events: PaymentEvent[],
  { mayConfirmStraightThrough = false } = {},
): PaymentView {
  const atBank = payment.phase === 'initiated';
  const story = paymentStory(payment, events, DIRECTORY_BANK_NAMES);
  // A list reads the day the bank reported it paid with the payment; a page has its events.
  const payDay = payDayOf(payment) ?? story.paidDate;
  const sca = scaStateOf(payment);
  const costsStep = costsStepOf(payment);
  const costs = storyCosts(payment);
  // A payment the PSU stopped at its costs is not taken to SCA from here.
  const toSca = costsStep === null;
  const displayStatus = displayStatusOf(payment);
  const amounts = paymentAmounts(payment);
  const scaStep: ScaStep = toSca ? nextScaStep(payment, { mayConfirmStraightThrough }) : { kind: 'none' };
  const outcome = paymentOutcome(payment);
  return {
    id: payment.id,
    service: payment.service,
    product: payment.product,
    phase: payment.phase,
    transactionStatus: payment.transactionStatus,
    displayStatus,
    statusClass: atBank ? statusClass(payment.transactionStatus, payment) : null,
    refreshEveryMs: refreshEveryMs(payment, atBank),
    outcome: outcome === 'awaitingPsu' && scaStep.kind === 'holder-confirms' ? 'awaitingHolder' : outcome,
    cancellable: atBank && !isSettledForPsu(payment.transactionStatus, payment),
    amount: payment.amount,
    currency: payment.currency,
    amounts,
    // The recipient's name as the bank gave it, where it gave one, as on the payment's page and receipt.
    creditorName: recipientNameOf(payment),
    creditorAccount: payment.creditorAccount,
    reference: payment.reference,
    elementCount: payment.elementCount,
    costs,
    // What leaves the account: nothing, for a payment the bank refused, rejected or cancelled.
    costsTotal:
      costs && !endedUnpaidAsSaved(payment) ? costsTotal(amounts, costs, debtorCurrency(payment)) : null,
    story,
    payDay,
    paysOn: paysOnOf(payment, payDay),
    receiptKind: receiptKind(payment),
    // The authorisation's words only while the bank waits for one: a bank that gives no scaStatus to read leaves
    // it open here after the PSU approved at the bank and the payment moved on.
    psuMessage:
      (!isFinalScaStatus(sca?.scaStatus) &&
        waitsForAuthorisation(statusClass(payment.transactionStatus, payment)) &&
        sca?.psuMessage) ||
      payment.statusPsuMessage ||
      null,
    fundsShort:
      atBank &&
      payment.statusFundsAvailable === false &&
      !isSettledForPsu(payment.transactionStatus, payment),
    bankNotes: [...notesBesideRefusal(payment), ...(sca?.notes ?? [])],
    bulkResults: payment.bulkResults,
    payAgainRejectedOnly: paysAgainRejectedOnly(payment),
    costsStep,
    costsStopNote: costsStopNote(costsStep, payment.transactionStatus, payment.service),
    scaStep,
    scaStatus: sca?.scaStatus ?? null,
    scaRedirect:
      toSca && payment.phase === 'initiated' && awaitsAuthorisation(payment) ? payment.scaRedirect : null,
    failureCode: payment.failureCode,
    refusalReason: refusalReasonOf(payment),
    createdAt: payment.createdAt.toISOString(),
    events: toldOnce(atTellingTimes(inTellingOrder(events)), payment.service).map((event) => ({
      id: event.id,
      transactionStatus: event.transactionStatus,
      scaStatus: event.scaStatus,
      newAuthorisation: event.scaStatus ? newAuthorisationOf(event) : null,
      cancellation: cancellationOf(event),
      forChange: cancellationForChange(event),
      source: event.source,
      at: event.toldAt.toISOString(),
    })),
  };
}
