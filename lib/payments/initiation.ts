import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, or } from 'drizzle-orm';
import { psuIdHeaderFor } from '@/lib/auth/psu-id';
import { bankNotes } from '@/lib/bank/bank-text';
import { bankById } from '@/lib/bank/directory';
import { BankError, BankUnavailableError, bankErrorMessageKey, refusalCodeOf } from '@/lib/bank/errors';
import {
  type Initiated,
  initiatePayment,
  type PaymentProduct,
  type PaymentService,
} from '@/lib/bank/payments';
import { currentBank } from '@/lib/bank/scope';
import { claimPaidBy } from '@/lib/bills/claim-payment';
import { BILL_IN_FLIGHT_MESSAGE, billOfAttempt } from '@/lib/bills/payment-of-bill';
import { settings } from '@/lib/config';
import { type Db, getDb } from '@/lib/db';
import { databaseNow, databaseNowPlus } from '@/lib/db/clock';
import { OUTCOME_UNKNOWN } from '@/lib/db/payment-types';
import { insertClaimedPayment, undecided } from '@/lib/db/queries/initiation';
import { BILL_IN_FLIGHT_INDEX, BILL_OPEN_INDEX, type Payment, payments } from '@/lib/db/schema';
import { isUniqueViolationOf } from '@/lib/db/unique-violation';
import { logger } from '@/lib/log';
import { inBackground } from '@/lib/server/background';
import { bulkOverviewOf } from './bulk-recipients';
import { costsPage, costsStepOf } from './costs-step';
import { logBankAnswerExtras, recordAnswer } from './initiation-answer';
import {
  issueNotificationUri,
  newNotificationToken,
  notificationContentPreferred,
  notificationUri,
} from './notifications';
import { inPaymentBank, paymentBank } from './payment-bank';
import { countInitiation, countStatusRecorded } from './payment-metrics';
import { psuIpAddressToKeep } from './psu-request';
import { refusedFieldsOf } from './refusal-fields';
import { returnUris } from './return-state';
import { scaDestinationOf } from './sca-destination';
import { decidedMeanwhile, type InitiationOutcome, refusal, settled } from './sending-outcome';
import { statusClass } from './status';
import { afterInitiation, afterUnknownOutcome } from './status-checks';
import { decideAttempt, sameContentStillUnknown } from './submission-attempts';
import { keepUnrecordedAnswer } from './unrecorded-answer';

export interface InitiationRequest {
  psuId: string;
  /** Chosen by the form when it is shown; every resubmission of that form carries the same one. */
  submissionId: string;
  service: PaymentService;
  product: PaymentProduct;
  body: Record<string, unknown>;
  scaLanguage: 'is' | 'en';
  uiLocale: 'is' | 'en';
  summary: {
    amount: string;
    currency: string;
    creditorName?: string | null;
    /** The PSU's own name for the payment (a standing order's); never sent to the bank. */
    label?: string | null;
    creditorAccount: string;
    reference?: string | null;
    elementCount?: number;
  };
  /** The PSU's IPv4, or our TPP_PUBLIC_IP where theirs is not known (psuIpAddress in ./psu-request). */
  psuIpAddress: string;
  psuUserAgent?: string;
}

export type { InitiationOutcome } from './sending-outcome';

/**
 * How long a bank keeps an Idempotency-Key: "at least 24 hours" (ÍST TS 316), and a bank may forget it after.
 * A payment saved longer ago whose sending never finished is not sent again, by the PSU's resubmission or by the
 * start-up sweep: the bank might not recognise a payment it made from it, and make a second.
 */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

// How long a sender may hold a payment before another request may send it again. Longer than the
// bank timeout, so a live sender is never overtaken.
export const claimSeconds = () => Math.ceil(settings().BANK_TIMEOUT_MS / 1000) + 10;

/**
 * The payment this submission is: one saved before (the same content again), or a new one saved now, before
 * the bank is called (lib/payments/submission-attempts.ts); or the earlier attempt of the form, when the
 * content changed while that one is at the bank. A new payment is saved claimed for sending by this request,
 * with its notification token where its bank takes one, in one statement: `sendable` is what sending it needs.
 */
async function saveOnce(
  db: Db,
  request: InitiationRequest,
  bankId: string,
  bill: { bankId: string; claimId: string; totalAmountDue: string | null } | undefined,
) {
  const notification = bankById(bankId)?.offer.notifications ? newNotificationToken() : undefined;
  let inserted: Payment | undefined;
  const saved = await decideAttempt(db, request, async (database, decided) => {
    const row = await insertClaimedPayment(
      database,
      {
        psuId: request.psuId,
        submissionId: decided.submissionId,
        correctionOf: decided.correctionOf,
        fingerprint: decided.fingerprint,
        idempotencyKey: crypto.randomUUID(),
        service: request.service,
        product: request.product,
        body: request.body,
        scaLanguage: request.scaLanguage,
        uiLocale: request.uiLocale,
        amount: request.summary.amount,
        currency: request.summary.currency,
        creditorName: request.summary.creditorName ?? null,
        label: request.summary.label ?? null,
        creditorAccount: request.summary.creditorAccount,
        reference: request.summary.reference ?? null,
        elementCount: request.summary.elementCount ?? null,
        listOverview:
          request.service === 'bulk-payments'
            ? bulkOverviewOf({ body: request.body, ...request.summary })
            : null,
        psuIpAddress: psuIpAddressToKeep(request.psuIpAddress),
        bankId,
        billBankId: bill?.bankId ?? null,
        billClaimId: bill?.claimId ?? null,
        billAmountDue: bill?.totalAmountDue ?? null,
      },
      { seconds: claimSeconds(), notificationTokenHash: notification?.hash },
    );
    inserted = row;
    return row;
  });
  const sendable =
    saved.kind === 'payment' && inserted !== undefined && saved.payment.id === inserted.id
      ? { notificationUri: notification && notificationUri(inserted.id, notification.token) }
      : undefined;
  return { saved, sendable };
}

async function claim(db: Db, paymentId: string): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ phase: 'sending', claimedUntil: databaseNowPlus(claimSeconds()) })
    .where(
      and(
        eq(payments.id, paymentId),
        or(
          eq(payments.phase, 'new'),
          and(eq(payments.phase, 'sending'), lt(payments.claimedUntil, databaseNow())),
        ),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length === 1;
}

/**
 * Sends a payment this request has claimed. `first`: its first sending, its Idempotency-Key never sent before,
 * with the notification URI whose token was saved with it (without one, one is issued where the bank takes
 * them). `resendLater`: an unknown outcome schedules a resend; not for the resend job's own, which it retries.
 */
async function send(
  db: Db,
  payment: Payment,
  request: Pick<InitiationRequest, 'psuIpAddress' | 'psuUserAgent'>,
  first?: { notificationUri?: string },
  resendLater = true,
): Promise<InitiationOutcome> {
  const uris = returnUris(payment.id, payment.psuId);
  let initiated: Initiated;
  try {
    initiated = await initiatePayment({
      service: payment.service,
      product: payment.product,
      body: payment.body,
      idempotencyKey: payment.idempotencyKey,
      psuIpAddress: request.psuIpAddress,
      psuUserAgent: request.psuUserAgent,
      scaLanguage: payment.scaLanguage,
      redirectUri: uris.ok,
      nokRedirectUri: uris.nok,
      psuId: await psuIdHeaderFor(payment.psuId, db),
      // A bill's payment goes as a claim payment where its bank takes those (lib/bank decides).
      claim: await claimPaidBy(db, payment),
      // A bank that takes no TPP-Notification-URI is sent none; its payments are polled.
      notification: currentBank('payments').offer.notifications
        ? {
            uri: first?.notificationUri ?? (await issueNotificationUri(payment.id, db)),
            contentPreferred: notificationContentPreferred,
          }
        : undefined,
    });
  } catch (error) {
    // A 4xx refuses the payment, except 429 (busy) and 408 (the bank did not get the request in time), and
    // 409 to a key sent before: part 7 gives 409 STATUS_INVALID, a refusal of a first sending; to a key used
    // before it says that the first call with it has not completed (ÍST TS 316), and the bank may have made
    // the payment all the same, so its outcome stays unknown and it is never offered to be paid anew. The key
    // was sent before also where this sending's own first attempt went unanswered and was repeated.
    const definitive =
      error instanceof BankError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![408, 429].includes(error.status) &&
      (error.status !== 409 || (first !== undefined && !error.afterUnsettledAttempt));
    logger.warn(
      {
        paymentId: payment.id,
        bankRequestId:
          error instanceof BankError || error instanceof BankUnavailableError ? error.requestId : undefined,
        status: error instanceof BankError ? error.status : undefined,
        bankMessages: error instanceof BankError ? error.messages : undefined,
        err: error instanceof BankError ? undefined : error,
      },
      definitive ? 'bank refused the initiation' : 'initiation not confirmed; the payment can be sent again',
    );
    countInitiation(payment, definitive ? 'refused' : 'unknown');
    if (definitive) {
      const code = refusalCodeOf(error);
      const refusedFields = refusedFieldsOf(error.messages);
      // Every message of the refusal, its text made safe to show: the payment's page gives each reason.
      const notes = bankNotes(error.messages);
      const refused = await db
        .update(payments)
        .set({
          phase: 'refused',
          claimedUntil: null,
          failureCode: code,
          refusedFields: refusedFields.length ? refusedFields : null,
          bankNotes: notes.length ? notes : null,
          updatedAt: databaseNow(),
        })
        .where(and(eq(payments.id, payment.id), undecided))
        .returning({ id: payments.id });
      if (!refused.length) return await decidedMeanwhile(db, payment);
      // In the words a request waiting for this sending reads from the record (./sending-outcome.ts).
      return refusal(payment.id, code, refusedFields);
    }
    // The outcome is unknown (timeout, 5xx, 429, 408, 409 to a key sent before): release the payment, marked
    // so. A job resends it soon, as the PSU's retry does, with the same Idempotency-Key, so the bank answers
    // with the payment it may already have made; meanwhile its page says so, and offers no "Pay again".
    const released = await db
      .update(payments)
      .set({ phase: 'new', claimedUntil: null, failureCode: OUTCOME_UNKNOWN })
      .where(and(eq(payments.id, payment.id), undecided))
      .returning({ id: payments.id });
    if (!released.length) return await decidedMeanwhile(db, payment);
    const retryAfter = error instanceof BankError ? error.retryAfterSeconds : undefined;
    if (resendLater) inBackground(() => afterUnknownOutcome(payment.id, retryAfter));
    const stillSending = error instanceof BankError && error.status === 409;
    return {
      ok: false,
      paymentId: payment.id,
      messageKey: stillSending ? 'payment.stillSending' : bankErrorMessageKey(error, 'initiation'),
    };
  }
  // The bank has the payment from here on: a failure to record its answer is never told as "not sent".
  let recorded: Payment | undefined;
  try {
    recorded = await recordAnswer(db, payment, initiated);
  } catch (error) {
    return {
      ok: false,
      paymentId: payment.id,
      ...(await keepUnrecordedAnswer(db, payment, initiated, error)),
    };
  }
  if (!recorded) return await decidedMeanwhile(db, payment);
  countInitiation(payment, 'accepted');
  countStatusRecorded(payment, initiated.transactionStatus);
  logBankAnswerExtras(payment.id, initiated);
  // Not waited for: the first status check is scheduled once the PSU has their answer (afterInitiation
  // logs a failure, and the sweep at start-up schedules the check instead).
  const firstCheck = statusClass(initiated.transactionStatus, payment.service);
  inBackground(() => afterInitiation(payment.id, firstCheck));
  return {
    ok: true,
    paymentId: payment.id,
    // The payment's page sends the PSU on to the costs where they are still theirs to decide.
    redirectTo:
      costsStepOf(recorded) === 'pending'
        ? costsPage(payment.id)
        : await scaDestinationOf(db, recorded, request.psuIpAddress),
  };
}

/** Sends the payment to the bank of its debtor account, chosen when it was saved: every call goes there. */
function sendToItsBank(...sent: Parameters<typeof send>): Promise<InitiationOutcome> {
  const payment = sent[1];
  const sending = inPaymentBank(payment, () => send(...sent)).finally(() => sendingHere.delete(payment.id));
  sendingHere.set(payment.id, sending);
  return sending;
}

/**
 * The payments this process is sending now, by id. A concurrent submission of one of them waits for its
 * sending to end rather than asking the database every 200 ms (one sender's database is the embedded one,
 * on the same thread as the sending); a submission in another process polls.
 */
const sendingHere = new Map<string, Promise<InitiationOutcome>>();

/** Until the sending this process holds of the payment ends (at most until `deadline`), else 200 ms. */
async function untilSendingMayHaveEnded(paymentId: string, deadline: number): Promise<void> {
  const here = sendingHere.get(paymentId);
  if (!here) return sleep(200);
  const timer = new AbortController();
  const expired = sleep(Math.max(0, deadline - Date.now()), undefined, { signal: timer.signal });
  await Promise.race([here, expired]).catch(() => undefined);
  timer.abort();
}

/**
 * `saveOnce`, where another payment of the same bill that can still succeed refuses this one (undefined): the
 * unique `payments_bill_in_flight_idx` (per amount due) and `payments_bill_open_idx` (one not yet carried out,
 * whatever was due) settle concurrent attempts. When it refuses, the payment that holds the
 * bill may be this very form's, saved by a concurrent submission: asked once more, the form finds it.
 */
async function saveBillPaymentOnce(
  db: Db,
  request: InitiationRequest,
  bankId: string,
  bill: { bankId: string; claimId: string; totalAmountDue: string | null } | undefined,
): Promise<Awaited<ReturnType<typeof saveOnce>> | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await saveOnce(db, request, bankId, bill);
    } catch (error) {
      const held =
        isUniqueViolationOf(error, BILL_IN_FLIGHT_INDEX) || isUniqueViolationOf(error, BILL_OPEN_INDEX);
      if (!bill || !held) throw error;
      if (attempt > 0) return undefined;
    }
  }
}

/**
 * Initiates a payment exactly once per submission of the same content: the payment is saved before
 * the bank is called; of concurrent submissions one sends it and the rest wait for that outcome. A
 * form corrected after the bank refused it is a new payment.
 */
export async function initiateOnce(request: InitiationRequest): Promise<InitiationOutcome> {
  const bank = paymentBank(request);
  if (!bank.ok) return bank;
  const db = await getDb();
  const bill = await billOfAttempt(db, request);
  if (!bill.ok) return bill;
  // A bill's payment has its own guard, one in flight per bill (below), and says so in its words.
  const unknown = bill.bill
    ? undefined
    : await sameContentStillUnknown(db, request, IDEMPOTENCY_WINDOW_HOURS);
  if (unknown) return { ok: false, paymentId: unknown.id, messageKey: 'payment.sameStillUnknown' };
  const attempt = await saveBillPaymentOnce(db, request, bank.id, bill.bill);
  if (!attempt) return { ok: false, messageKey: BILL_IN_FLIGHT_MESSAGE };
  const { saved, sendable } = attempt;
  if (saved.kind === 'changedWhileSent') {
    return { ok: false, paymentId: saved.payment.id, messageKey: 'payment.changedWhileSent' };
  }
  let { payment } = saved;
  if (sendable) return sendToItsBank(db, payment, request, sendable);
  const deadline = Date.now() + settings().BANK_TIMEOUT_MS + 5_000;
  for (;;) {
    const outcome = settled(payment);
    if (outcome) return outcome;
    if (savedBeyondKeyWindow(payment))
      return { ok: false, paymentId: payment.id, messageKey: 'payment.unsentTooLong' };
    if (await claim(db, payment.id)) return sendToItsBank(db, payment, request);
    if (Date.now() > deadline)
      return { ok: false, paymentId: payment.id, messageKey: 'payment.stillSending' };
    await untilSendingMayHaveEnded(payment.id, deadline);
    const [reread] = await db.select().from(payments).where(eq(payments.id, payment.id));
    if (!reread) throw new Error('A saved payment disappeared');
    payment = reread;
  }
}

/** Saved longer ago than the bank keeps its Idempotency-Key: sent again, it could be made twice. */
const savedBeyondKeyWindow = (payment: Payment) =>
  Date.now() - payment.createdAt.getTime() > IDEMPOTENCY_WINDOW_HOURS * 3_600_000;

/**
 * Recovery after a crash or restart (lib/jobs sweeps these at start): a payment saved whose sending never finished
 * (phase `new`, or `sending` by a process that died) is sent again with its own Idempotency-Key, as the PSU's retry
 * would be: the bank answers with the payment it made, or makes it now, awaiting the PSU's SCA. `busy`: another
 * sender holds it (a live one, or a dead one whose claim has not lapsed yet); try later. An unknown outcome again
 * is the resend job's to retry, backed off (lib/jobs/status-reconciliation.ts). PSU-IP-Address is the one kept on
 * the payment, or ours (TPP_PUBLIC_IP). One saved longer ago than the bank keeps its key is not sent (undefined).
 */
export async function resendUnsentPayment(
  paymentId: string,
): Promise<InitiationOutcome | { ok: false; busy: true } | undefined> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return undefined;
  const outcome = settled(payment);
  if (outcome) return outcome;
  if (savedBeyondKeyWindow(payment)) return undefined;
  if (!(await claim(db, payment.id))) return { ok: false, busy: true };
  logger.info({ paymentId }, 'resending a payment whose sending did not finish');
  const request = { psuIpAddress: payment.psuIpAddress ?? settings().TPP_PUBLIC_IP };
  return sendToItsBank(db, payment, request, undefined, false);
}
