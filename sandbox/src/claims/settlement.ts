import type { Queryable } from '../db/db.js';
import { findAccountHolder } from '../db/queries/accounts.js';
import { type ClaimRow, findClaim, lockClaim, recordClaimPayment } from '../db/queries/claims.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { toMinorUnits } from '../shared/money.js';
import { recordEvent } from '../webhooks/deliveries.js';
import { claimPath } from './claims.js';

/**
 * Paying a claim with a payment initiation. When a single payment, or a bulk as a whole, reaches ACSC, or a
 * bulk is settled in part (PART: its booked elements), each payment (a bulk: each booked element) pays a
 * claim when all of these hold:
 * - a reference of the payment equals the claim id: `remittanceInformationStructured[].reference`
 *   (bulk elements: `remittanceInformationStructuredArray[].reference`) or `remittanceInformationUnstructured`;
 * - the creditor account is the claim's deposit account (`iban`, or `bban` = the IBAN without its first four);
 * - the debtor account belongs to the claim's payor (the owner's kennitala equals `payorId`);
 * - the currency is the claim's (ISK) and the claim is still Unpaid;
 * - the amount covers what is due, or the payment says `partialPayment: true` and the claim allows partial
 *   payment (`isPartialPaymentAllowed`); an amount that reaches the total closes the claim either way.
 * A payment that does not match is executed as any other transfer and leaves the claim as it was.
 * Each applied payment raises `claim.paid` for the claimant (a partial one too: the receiver reads the claim).
 */
export async function settleClaims(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  /** Bulk elements that were rejected (a bulk settled through PART): they pay nothing. */
  rejected: ReadonlySet<number> = new Set(),
): Promise<number> {
  if (payment.payment_service === 'periodic-payments') return 0;
  const elements =
    payment.payment_service === 'bulk-payments'
      ? Array.isArray(payment.body.payments)
        ? (payment.body.payments as Record<string, unknown>[])
        : []
      : [payment.body];
  const debtorKennitala = (await findAccountHolder(tx, payment.debtor_iban))?.kennitala;
  if (!debtorKennitala) return 0;
  let applied = 0;
  for (const [index, element] of elements.entries()) {
    if (rejected.has(index)) continue;
    if (await applyElement(tx, payment.id, index, element, debtorKennitala, now)) applied++;
  }
  return applied;
}

/** Each reference of a payment (or bulk element) with its field path, e.g. `remittanceInformationStructured[0].reference`. */
function referencesWithPaths(element: Record<string, unknown>): Array<{ reference: string; path: string }> {
  const result: Array<{ reference: string; path: string }> = [];
  for (const key of ['remittanceInformationStructured', 'remittanceInformationStructuredArray']) {
    const value = element[key];
    if (typeof value === 'string') result.push({ reference: value.trim(), path: key });
    if (!Array.isArray(value)) continue;
    for (const [index, item] of value.entries()) {
      if (typeof item === 'string') result.push({ reference: item.trim(), path: `${key}[${index}]` });
      const reference = (item as { reference?: unknown } | null)?.reference;
      if (typeof reference === 'string')
        result.push({ reference: reference.trim(), path: `${key}[${index}].reference` });
    }
  }
  if (typeof element.remittanceInformationUnstructured === 'string')
    result.push({
      reference: element.remittanceInformationUnstructured.trim(),
      path: 'remittanceInformationUnstructured',
    });
  return result.filter((r) => r.reference !== '');
}

/**
 * The path of a reference by which a payment (or bulk element) pays a claim that is already paid: its reference
 * is the claim id and its creditor account the claim's deposit account, so it is meant for that claim. The bank
 * refuses it at initiation (IOBWS 3.2's CLAIM_ALREADY_PAID; which condition yields it is not shown).
 */
export async function alreadyPaidClaimPath(
  db: Queryable,
  element: Record<string, unknown>,
): Promise<string | undefined> {
  for (const { reference, path } of referencesWithPaths(element)) {
    const claim = await findClaim(db, reference);
    if (claim?.status === 'Paid' && creditorMatches(element, claim)) return path;
  }
  return undefined;
}

function creditorMatches(element: Record<string, unknown>, claim: ClaimRow): boolean {
  const account = element.creditorAccount as { iban?: unknown; bban?: unknown } | undefined;
  if (!account) return false;
  if (typeof account.iban === 'string')
    return account.iban.replaceAll(' ', '').toUpperCase() === claim.deposit_iban;
  if (typeof account.bban === 'string') return account.bban === claim.deposit_iban.slice(4);
  return false;
}

async function applyElement(
  tx: Queryable,
  paymentId: string,
  index: number,
  element: Record<string, unknown>,
  debtorKennitala: string,
  now: number,
): Promise<boolean> {
  const amount = element.instructedAmount as { currency?: unknown; amount?: unknown } | undefined;
  if (typeof amount?.currency !== 'string' || typeof amount.amount !== 'string') return false;
  for (const { reference } of referencesWithPaths(element)) {
    if (!(await lockClaim(tx, reference))) continue;
    const claim = await findClaim(tx, reference);
    if (claim?.status !== 'Unpaid' || !creditorMatches(element, claim)) continue;
    if (claim.payor_id !== debtorKennitala || claim.currency !== amount.currency) continue;
    const paying = toMinorUnits(amount.amount, amount.currency);
    const total = BigInt(claim.amount_minor);
    const paid = BigInt(claim.paid_minor);
    const partial = element.partialPayment === true;
    if (paid + paying < total && !(partial && claim.partial_allowed)) continue;
    const settledOn = paid + paying >= total ? new Date(now).toISOString().slice(0, 10) : null;
    const recorded = await recordClaimPayment(
      tx,
      { claimId: claim.id, paymentId, elementIndex: index, amountMinor: paying, partial },
      now,
      settledOn,
    );
    if (!recorded) return false;
    await recordEvent(tx, {
      owner: claim.claimant_username,
      eventType: 'claim.paid',
      resourcePath: claimPath(claim.id),
      occurredAt: now,
    });
    return true;
  }
  return false;
}
