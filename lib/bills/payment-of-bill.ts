import { linkedKennitala } from '@/lib/auth/identity';
import { isClaimId, type NotPayableWhy, notPayableWhy } from '@/lib/bank/claims';
import type { Db } from '@/lib/db';
import type { Bill } from '@/lib/db/bills-schema';
import {
  billsWithClaimIds,
  carriedOutAmountsOfBill,
  paymentsInFlightOfBills,
  paymentsReferencing,
} from '@/lib/db/queries/bills';
import { logger } from '@/lib/log';
import { normalizeIban } from '@/lib/payments/accounts';
import { toMinorUnits } from '@/lib/payments/money';
import { type Attempt, isSentAgain } from '@/lib/payments/submission-attempts';
import { type BillsFreshness, refreshBillsFromBank } from './refresh';

/**
 * One bill, at most one payment that can still succeed. A payment is a bill's when the bank would
 * match it to the claim (docs/sandbox-extras.md, "Claims"): to the claim's deposit account (as an IBAN,
 * or as the BBAN the IBAN holds) with the claim id as its reference, unstructured or structured; or to
 * the claim's key as the creditor's BBAN (ÍST TS 310). While one payment of a bill is saved and not
 * refused, at the bank, or carried out, another is refused before it reaches the bank: the unique
 * index `payments_bill_in_flight_idx` makes that hold when two are sent at once, and a payment the
 * bank refused, rejected (RJCT) or cancelled (CANC) leaves room for the next; so does one that paid part of a claim
 * that may be paid in part, once the bank has carried it out and says less is due: the index holds one payment
 * per bill and amount due (`payments.bill_amount_due`), and what is left is paid once, as the whole was. One not yet
 * carried out holds the bill whatever is due on it now (`payments_bill_open_idx`): costs added while it is at the
 * bank do not make room for a second payment of the new amount. A claim the app has not read yet
 * (the PSU has not opened their bills since it was made) is read from the banks when a payment names it, so
 * that it is paid once as any other; and a payment of it saved before payments named their bill holds it too.
 * A bill's payment is in the bill's currency, and of all that is due unless the claim may be paid in part.
 * Only the payor's own payments
 * (the PSU whose verified kennitala the claim names) are a bill's, and only single ones: a standing order or a
 * bulk payment that would pay one of their bills is refused.
 */

/**
 * Why an open bill is not paid here (lib/bank/claims.ts `notPayableWhy`), or `unreadable` where the bank last answered
 * its claim in a shape the app cannot read; undefined where nothing stands in the way.
 */
export function billNotPayableWhy(bill: Bill): NotPayableWhy | 'unreadable' | undefined {
  if (bill.unreadableSince) return 'unreadable';
  return notPayableWhy({ ...bill, claimStatus: 'Unpaid', depositAccount: { iban: bill.depositIban } });
}

/** Whether a payment of a bill can still succeed: the predicate of `payments_bill_in_flight_idx`. */
export function canStillSucceed(payment: { phase: string; transactionStatus: string | null }): boolean {
  return payment.phase !== 'refused' && !['RJCT', 'CANC'].includes(payment.transactionStatus ?? '');
}

type Body = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Every reference of one credit transfer (a single payment, a standing order, a bulk's row) that may name a claim. */
function referencesOf(body: Body): string[] {
  const structured = [
    body.remittanceInformationStructured,
    body.remittanceInformationStructuredArray,
  ].flatMap((field) =>
    Array.isArray(field)
      ? field.map((item) => text((item as { reference?: unknown })?.reference))
      : [text(field)],
  );
  return [text(body.remittanceInformationUnstructured), ...structured].filter(
    (reference): reference is string => reference !== undefined,
  );
}

/** The claim id a claim key written as a BBAN stands for (`{claimant}{branch}66{number}{DDMMYY}`). */
function claimIdOfKey(bban: string): string | undefined {
  const key = /^([0-9]{14}66[0-9]{6})([0-9]{2})([0-9]{2})([0-9]{2})$/.exec(bban);
  return key ? `${key[1]}+20${key[4]}${key[3]}${key[2]}` : undefined;
}

/**
 * Who pays, read once and only when a transfer names a claim: `payor`, the paying PSU's verified kennitala (the
 * payor id of their bills), and `readBills`, which reads their claims from the banks, at most once.
 */
interface PayorBills {
  payor: () => Promise<string | null>;
  /** Whether every bank answered in time (else a claim may be unknown to us that the payment pays). */
  readBills: () => Promise<boolean>;
}

/**
 * A transfer that names a claim of a form the payor's bills could not be checked for in time (a claims bank that
 * did not answer, or failed): whether it pays a bill another payment pays already cannot be told, so it is not sent.
 */
const UNCHECKED = 'unchecked';

/**
 * The bill of the payor (of any bank we read claims from) that one credit transfer pays, as the bank would
 * match it; undefined for any other transfer, and for a PSU with no verified kennitala. Another payor's bill
 * is not looked at: a PSU who pays someone else's claim neither blocks nor learns of that person's payments.
 */
async function billOfTransfer(
  db: Db,
  body: Body,
  who: PayorBills,
): Promise<Bill | typeof UNCHECKED | undefined> {
  const account = (body.creditorAccount ?? {}) as { iban?: unknown; bban?: unknown };
  const iban = typeof account.iban === 'string' ? normalizeIban(account.iban) : undefined;
  const bban = typeof account.bban === 'string' ? account.bban.replace(/\s+/g, '') : undefined;
  const byKey = bban ? claimIdOfKey(bban) : undefined;
  // Only text of a claim id's form can name a bill (the pay page takes no other): any other payment is not
  // looked up at all.
  const references = referencesOf(body).filter(isClaimId);
  if (references.length === 0 && byKey === undefined) return undefined;
  const payorId = await who.payor();
  if (!payorId) return undefined;
  const claimIds = [...references, ...(byKey ? [byKey] : [])];
  const toDeposit = (bill: Bill) => {
    const deposit = normalizeIban(bill.depositIban);
    return iban === deposit || (bban !== undefined && bban === deposit.slice(4));
  };
  const paid = (bill: Bill) => {
    if (bill.payorId !== payorId) return false;
    if (bill.claimId === byKey) return true;
    return references.includes(bill.claimId) && bill.depositIban !== '' && toDeposit(bill);
  };
  const knownBills = await billsWithClaimIds(db, claimIds);
  const known = knownBills.find(paid);
  if (known) return known;
  // A claim we know is paid at its own deposit account: a transfer elsewhere with its id as text is not its payment,
  // and needs no reading of the claims (a friend paid with a bill's number as the message, say).
  const unknown = references.filter(
    (claimId) =>
      !knownBills.some((bill) => bill.claimId === claimId && bill.depositIban !== '' && !toDeposit(bill)),
  );
  if (unknown.length === 0 && byKey === undefined) return undefined;
  const complete = await who.readBills();
  return (await billsWithClaimIds(db, claimIds)).find(paid) ?? (complete ? undefined : UNCHECKED);
}

/** The bill a single payment pays (the app pays a bill with one, from its page). */
function billPaidBy(db: Db, service: string, body: Body, who: PayorBills) {
  return service === 'payments' ? billOfTransfer(db, body, who) : Promise.resolve(undefined);
}

/**
 * Where a standing order, or each row of a bulk payment, would pay one of the PSU's bills: the form's paths of
 * those payments' messages (`payment.payments.N.…` for a bulk's row), for the form to mark; none for any other.
 */
async function billsInSeveralPayments(db: Db, service: string, body: Body, who: PayorBills) {
  const transfers =
    service === 'periodic-payments'
      ? [{ body, path: 'payment.remittanceInformationUnstructured' }]
      : service === 'bulk-payments' && Array.isArray(body.payments)
        ? body.payments.map((row, index) => ({
            body: (row ?? {}) as Body,
            path: `payment.payments.${index}.remittanceInformationUnstructured`,
          }))
        : [];
  const paths: string[] = [];
  let unchecked = false;
  for (const transfer of transfers) {
    const bill = await billOfTransfer(db, transfer.body, who);
    if (bill === UNCHECKED) unchecked = true;
    else if (bill) paths.push(transfer.path);
  }
  return { paths, unchecked };
}

/**
 * The payment of this bill, for what is due on it now, that can still succeed, if any: the payor's (only their
 * payments are a bill's).
 */
export async function paymentInFlightOf(db: Db, bill: Pick<Bill, 'bankId' | 'claimId' | 'totalAmountDue'>) {
  const [payment] = await paymentsInFlightOfBills(db, [
    { bankId: bill.bankId, claimId: bill.claimId, amountDue: bill.totalAmountDue },
  ]);
  return payment;
}

/**
 * Why a new payment of this bill is refused before it is saved: it is paid, or its sender cancelled it; the
 * payment is in another currency than the bill, or of less than is due where the claim may not be paid in part
 * (the bank would book it as a plain transfer, and the bill would stay unpaid and held by it), or where it may but
 * the payment does not say it is a part payment (the same), or of more than is due (a slip of the keys a bank may
 * carry out: the claim paid, and the rest gone to the claimant). Where part of the bill was paid and the bank did
 * not say what is left (`totalAmountDue` null), only a part payment of less than the bill's amount is sent (or one
 * without an amount, which pays what the bank says is due): the whole amount again would pay twice over.
 */
function billRefusalKey(bill: Bill, body: Body): string | undefined {
  if (bill.status === 'Paid') return 'payment.bill.alreadyPaid';
  if (bill.status === 'Cancelled') return 'payment.bill.cancelled';
  // The bank's answer about it cannot be read now, or an amount in more decimals than its currency has (an ISK bill
  // of 1500.5): no payment of it is sent.
  const why = billNotPayableWhy(bill);
  if (why === 'unreadable' || why === 'notWholeUnits') return `payment.bill.${why}`;
  // A payment without an amount (spec 2.1) pays what the bank says is due.
  const { amount, currency } = (body.instructedAmount ?? {}) as { amount?: unknown; currency?: unknown };
  if (typeof currency === 'string' && currency !== bill.currency) return 'payment.bill.otherCurrency';
  if (typeof amount !== 'string') return undefined;
  const paid = toMinorUnits(amount, bill.currency);
  if (bill.totalAmountDue === null) {
    const part =
      bill.isPartialPaymentAllowed &&
      body.partialPayment === true &&
      paid < toMinorUnits(bill.amount, bill.currency);
    return part ? undefined : 'payment.bill.amountDueUnknown';
  }
  const due = toMinorUnits(bill.totalAmountDue, bill.currency);
  if (paid > due) return 'payment.bill.aboveDue';
  if (paid < due) {
    if (!bill.isPartialPaymentAllowed) return 'payment.bill.belowDue';
    // Where the claim may be paid in part: a part payment only where it says so (partialPayment), as a bank pays a
    // claim in part; unmarked, it books it as a plain transfer to the deposit account, the claim stays due in
    // full, and the payment, carried out, holds the bill for what was due.
    if (body.partialPayment !== true) return 'payment.bill.partNotMarked';
  }
  return undefined;
}

/**
 * Where the bank did not say what is left of a bill, whether the payment is of more than can be: the bill's amount
 * less the payor's own payments of it that the bank carried out (others may have paid part too, never less).
 */
async function aboveWhatCanBeLeft(db: Db, bill: Bill, body: Body): Promise<boolean> {
  const { amount } = (body.instructedAmount ?? {}) as { amount?: unknown };
  if (bill.totalAmountDue !== null || typeof amount !== 'string') return false;
  const paid = (await carriedOutAmountsOfBill(db, bill)).reduce(
    (sum, part) => sum + toMinorUnits(part, bill.currency),
    0n,
  );
  return toMinorUnits(amount, bill.currency) > toMinorUnits(bill.amount, bill.currency) - paid;
}

/**
 * Whether a payment is the bill's as its pay form sends it: to the bill's deposit account with its claim id; a
 * payment to someone else that happens to carry the same text is not.
 */
export function paysBillByDeposit(
  payment: { reference: string | null; creditorAccount: string },
  bill: Pick<Bill, 'claimId' | 'depositIban'>,
): boolean {
  return (
    payment.reference === bill.claimId &&
    normalizeIban(payment.creditorAccount) === normalizeIban(bill.depositIban)
  );
}

/**
 * A payment of the PSU's that pays this bill and can still succeed, saved before payments named their bill (by
 * its deposit account and claim id, as the bills page counts it): the unique index sees only those that do.
 */
async function unmarkedPaymentOf(db: Db, psuId: string, bill: Bill) {
  const payments = await paymentsReferencing(db, psuId, [bill.claimId]);
  return payments.find(
    (payment) => payment.billClaimId === null && paysBillByDeposit(payment, bill) && canStillSucceed(payment),
  );
}

/**
 * The bill a payment form's attempt pays (`bill`, undefined for any other payment), or why it is refused: a
 * bill that is paid or cancelled is not paid again, and a bill is paid with a single payment of its own, never
 * by a standing order or a row of a bulk payment, which the bill's own payment could not see. The same content
 * sent again from the form that paid it goes on, and is answered with its payment as any resubmission is; other
 * content from that form (a correction after the bank refused it) is checked as any new payment.
 */
export async function billOfAttempt(
  db: Db,
  attempt: Attempt & { body: Body },
): Promise<
  | { ok: true; bill: Bill | undefined }
  | { ok: false; messageKey: string; fieldErrors?: Record<string, string[]> }
> {
  // Read only where a transfer names a claim: a payment that names none costs no statement here.
  let payorRead: Promise<string | null> | undefined;
  let billsRead: Promise<boolean> | undefined;
  const who: PayorBills = {
    payor: () => {
      payorRead ??= linkedKennitala(attempt.psuId, db);
      return payorRead;
    },
    readBills: () => {
      billsRead ??= who
        .payor()
        .then((payorId) =>
          payorId ? withinBillsReadTime(attempt.psuId, refreshBillsFromBank(db, payorId)) : true,
        );
      return billsRead;
    },
  };
  const several = await billsInSeveralPayments(db, attempt.service, attempt.body, who);
  if (several.paths.length > 0 || several.unchecked) {
    if (await isSentAgain(db, attempt)) return { ok: true, bill: undefined };
    if (several.paths.length === 0) return { ok: false, messageKey: BILLS_NOT_CHECKED_MESSAGE };
    const fieldErrors = Object.fromEntries(several.paths.map((path) => [path, ['forms.common.paysABill']]));
    return { ok: false, messageKey: 'payment.bill.singleOnly', fieldErrors };
  }
  let bill = await billPaidBy(db, attempt.service, attempt.body, who);
  if (!bill || (await isSentAgain(db, attempt)))
    return { ok: true, bill: bill === UNCHECKED ? undefined : bill };
  if (bill === UNCHECKED) return { ok: false, messageKey: BILLS_NOT_CHECKED_MESSAGE };
  let refused = billRefusalKey(bill, attempt.body);
  // More than the app read as due: the bank may say more is due now (costs added since), so it is asked again.
  if (refused === 'payment.bill.aboveDue' && (await who.readBills())) {
    bill = (await billPaidBy(db, attempt.service, attempt.body, who)) ?? bill;
    if (bill === UNCHECKED) return { ok: false, messageKey: BILLS_NOT_CHECKED_MESSAGE };
    refused = billRefusalKey(bill, attempt.body);
  }
  if (refused) return { ok: false, messageKey: refused };
  if (await aboveWhatCanBeLeft(db, bill, attempt.body))
    return { ok: false, messageKey: 'payment.bill.aboveLeftAtMost' };
  if (await unmarkedPaymentOf(db, attempt.psuId, bill))
    return { ok: false, messageKey: BILL_IN_FLIGHT_MESSAGE };
  return { ok: true, bill };
}

/**
 * How long a payment waits for its payor's claims to be read (a claims bank that does not answer would otherwise
 * hold it for the bank timeout): past it, a payment that names a claim we do not know is not sent (the PSU tries
 * again), and the reading, left to finish, keeps the bills it brings for the next.
 */
export const BILLS_READ_WAIT_MS = 3000;

/** Whether the reading ended in time with every bank's claims read. */
async function withinBillsReadTime(psuId: string, reading: Promise<BillsFreshness>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), BILLS_READ_WAIT_MS);
  });
  // A reading that failed has logged why (./refresh.ts).
  const done = reading.then(
    (freshness) => freshness.fresh,
    () => false,
  );
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.warn({ psuId }, 'claims not read in time for a payment naming a claim');
  return outcome === true;
}

/** The message of a payment naming a claim that could not be checked against the payor's bills in time. */
const BILLS_NOT_CHECKED_MESSAGE = 'payment.bill.notChecked';

/** The message of a payment refused because another payment of its bill can still succeed. */
export const BILL_IN_FLIGHT_MESSAGE = 'payment.bill.beingPaid';
