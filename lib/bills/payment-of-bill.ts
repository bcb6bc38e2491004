import { isClaimId } from '@/lib/bank/claims';
import type { Db } from '@/lib/db';
import type { Bill } from '@/lib/db/bills-schema';
import { billsWithClaimIds, paymentsInFlightOfBills } from '@/lib/db/queries/bills';
import { formHasPayment } from '@/lib/db/queries/initiation';
import { normalizeIban } from '@/lib/payments/accounts';

/**
 * One bill, at most one payment that can still succeed. A payment is a bill's when the bank would
 * match it to the claim (docs/sandbox-extras.md, "Claims"): to the claim's deposit account (as an IBAN,
 * or as the BBAN the IBAN holds) with the claim id as its reference, unstructured or structured; or to
 * the claim's key as the creditor's BBAN (ÍST TS 310). While one payment of a bill is saved and not
 * refused, at the bank, or carried out, another is refused before it reaches the bank: the unique
 * index `payments_bill_in_flight_idx` makes that hold when two are sent at once, and a payment the
 * bank refused, rejected (RJCT) or cancelled (CANC) leaves room for the next.
 */

/** Whether a payment of a bill can still succeed: the predicate of `payments_bill_in_flight_idx`. */
export function canStillSucceed(payment: { phase: string; transactionStatus: string | null }): boolean {
  return payment.phase !== 'refused' && !['RJCT', 'CANC'].includes(payment.transactionStatus ?? '');
}

type Body = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Every reference of a single payment that may name a claim. */
function referencesOf(body: Body): string[] {
  const structured = Array.isArray(body.remittanceInformationStructured)
    ? body.remittanceInformationStructured.map((item) => text((item as { reference?: unknown })?.reference))
    : [text(body.remittanceInformationStructured)];
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
 * The bill (of any bank we read claims from) this payment pays, as the bank would match it; undefined for
 * any other payment. Only single payments are looked at: the app pays a bill with one.
 */
export async function billPaidBy(db: Db, service: string, body: Body): Promise<Bill | undefined> {
  if (service !== 'payments') return undefined;
  const account = (body.creditorAccount ?? {}) as { iban?: unknown; bban?: unknown };
  const iban = typeof account.iban === 'string' ? normalizeIban(account.iban) : undefined;
  const bban = typeof account.bban === 'string' ? account.bban.replace(/\s+/g, '') : undefined;
  const byKey = bban ? claimIdOfKey(bban) : undefined;
  // Only text of a claim id's form can name a bill (the pay page takes no other): any other payment is not
  // looked up at all.
  const references = referencesOf(body).filter(isClaimId);
  if (references.length === 0 && byKey === undefined) return undefined;
  const candidates = await billsWithClaimIds(db, [...references, ...(byKey ? [byKey] : [])]);
  return candidates.find((bill) => {
    if (bill.claimId === byKey) return true;
    if (!references.includes(bill.claimId) || bill.depositIban === '') return false;
    const deposit = normalizeIban(bill.depositIban);
    return iban === deposit || (bban !== undefined && bban === deposit.slice(4));
  });
}

/** The payment of this bill that can still succeed, if any (of whichever PSU). */
export async function paymentInFlightOf(db: Db, bill: Pick<Bill, 'bankId' | 'claimId'>) {
  const [payment] = await paymentsInFlightOfBills(db, [{ bankId: bill.bankId, claimId: bill.claimId }]);
  return payment;
}

/** Why a new payment of this bill is refused before it is saved: it is paid, or its sender cancelled it. */
function billRefusalKey(bill: Pick<Bill, 'status'>): string | undefined {
  if (bill.status === 'Paid') return 'payment.bill.alreadyPaid';
  if (bill.status === 'Cancelled') return 'payment.bill.cancelled';
  return undefined;
}

/**
 * The bill a payment form's attempt pays (`bill`, undefined for any other payment), or why it is refused: a
 * bill that is paid or cancelled is not paid again. A resubmission of the form that paid it goes on, and is
 * answered with its payment as any resubmission is.
 */
export async function billOfAttempt(
  db: Db,
  attempt: { psuId: string; submissionId: string; service: string; body: Body },
): Promise<{ ok: true; bill: Bill | undefined } | { ok: false; messageKey: string }> {
  const bill = await billPaidBy(db, attempt.service, attempt.body);
  const refused = bill && billRefusalKey(bill);
  if (refused && !(await formHasPayment(db, attempt.psuId, attempt.submissionId)))
    return { ok: false, messageKey: refused };
  return { ok: true, bill };
}

/** The message of a payment refused because another payment of its bill can still succeed. */
export const BILL_IN_FLIGHT_MESSAGE = 'payment.bill.beingPaid';
