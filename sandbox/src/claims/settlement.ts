import type { Queryable } from '../db/db.js';
import { adjustBalance, findAccountByReference, findAccountHolder } from '../db/queries/accounts.js';
import { type ClaimRow, findClaim, lockClaim, recordClaimPayment } from '../db/queries/claims.js';
import type { PaymentRow } from '../db/queries/payments.js';
import { convertMinor, toMinorUnits } from '../shared/money.js';
import { recordEvent } from '../webhooks/deliveries.js';
import { amountDueMinor, claimIdFromBban, claimPath, hasClaimIdForm } from './claims.js';

/**
 * Paying a claim with a payment initiation. A payment (a bulk: an element) names the claim it pays in one of two
 * ways:
 * - **by its claim key** (ÍST TS 310: "Claim Payments will therefore include BBAN, rather than IBAN, as a creditor
 *   account reference"): `creditorAccount.bban` is the 28-digit claim key, `{claimant}{branch}66{number}{DDMMYY}`;
 * - **by its deposit account** (a sandbox extra, docs/sandbox-extras.md): a reference equal to the claim id
 *   (`remittanceInformationStructured[].reference`, bulk elements `remittanceInformationStructuredArray[].reference`,
 *   or `remittanceInformationUnstructured`) with the claim's deposit account as `creditorAccount` (`iban`, or
 *   `bban` = the IBAN without its first four).
 * When the payment reaches ACSC (a bulk settled in part: its booked elements; a standing order: each execution, as
 * the element of its index) it pays the claim if the debtor
 * account belongs to the payor, the currency is the claim's, the claim is still Unpaid, and the amount covers
 * what is due or the payment says `partialPayment: true` on a claim that allows it. A claim paid by its key is
 * credited to the claimant's deposit account here. Each applied payment raises `claim.paid` for the claimant.
 */

type Element = Record<string, unknown>;

/** The claim a payment (or bulk element) is meant for, and the field that names it. */
export type ClaimTarget =
  | { found: true; claim: ClaimRow; path: string; byKey: boolean }
  | { found: false; path: string };

/** Each reference of a payment (or bulk element) with its field path, e.g. `remittanceInformationStructured[0].reference`. */
function referencesWithPaths(element: Element): Array<{ reference: string; path: string }> {
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

function depositMatches(element: Element, claim: ClaimRow): boolean {
  const account = element.creditorAccount as { iban?: unknown; bban?: unknown } | undefined;
  if (!account) return false;
  if (typeof account.iban === 'string')
    return account.iban.replaceAll(' ', '').toUpperCase() === claim.deposit_iban;
  if (typeof account.bban === 'string') return account.bban === claim.deposit_iban.slice(4);
  return false;
}

/**
 * The claim a payment names: by its key (a 28-digit claim BBAN; `found: false` when no claim has that key), or by
 * a reference and the claim's deposit account. Undefined for an ordinary transfer.
 */
export async function claimTargetOf(db: Queryable, element: Element): Promise<ClaimTarget | undefined> {
  const bban = (element.creditorAccount as { bban?: unknown } | undefined)?.bban;
  const byKey = typeof bban === 'string' ? claimIdFromBban(bban) : undefined;
  if (byKey !== undefined) {
    const claim = await findClaim(db, byKey);
    return claim
      ? { found: true, claim, path: 'creditorAccount.bban', byKey: true }
      : { found: false, path: 'creditorAccount.bban' };
  }
  for (const { reference, path } of referencesWithPaths(element)) {
    if (!hasClaimIdForm(reference)) continue;
    const claim = await findClaim(db, reference);
    if (claim && depositMatches(element, claim)) return { found: true, claim, path, byKey: false };
  }
  return undefined;
}

/**
 * Why a single payment meant for a claim may no longer be carried out: the claim was paid (by another payment
 * approved at the same time) or cancelled since the payment was initiated, or less is due on it now than the
 * payment pays (another payment of part of it booked first). Checked before the payment is accepted for settlement
 * and again before it is booked, so that one claim is never paid twice nor over what is due: the later payment is
 * rejected (RJCT) with the spec's code for it, CLAIM_ALREADY_PAID or CLAIM_NOT_FOUND, or FORMAT_ERROR (its amount)
 * as at initiation (pis/creditor-checks.ts), and nothing is debited. Undefined when it may go on (an ordinary
 * transfer, or a claim still open with at least its amount due).
 */
export async function claimRefusalOf(tx: Queryable, payment: PaymentRow): Promise<string | undefined> {
  if (payment.payment_service !== 'payments') return undefined;
  const target = await claimTargetOf(tx, payment.body);
  if (!target?.found) return undefined;
  const claim = await findClaim(tx, target.claim.id);
  if (claim?.status === 'Paid') return 'CLAIM_ALREADY_PAID the claim was paid by another payment';
  if (claim?.status === 'Cancelled') return 'CLAIM_NOT_FOUND the claim was cancelled by its claimant';
  const amount = payment.body.instructedAmount as { currency?: unknown; amount?: unknown } | undefined;
  if (
    claim &&
    amount?.currency === claim.currency &&
    typeof amount.amount === 'string' &&
    toMinorUnits(amount.amount, claim.currency) > amountDueMinor(claim)
  )
    return 'FORMAT_ERROR more than is due on the claim now: another payment of it was booked first';
  return undefined;
}

/** The amount still due on a claim, as the instructedAmount of a payment that gives none (spec 2.1: optional). */
export function amountDue(claim: ClaimRow): { currency: string; minor: bigint } {
  return { currency: claim.currency, minor: amountDueMinor(claim) };
}

export async function settleClaims(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  /** Bulk elements that were rejected (a bulk settled through PART): they pay nothing. */
  rejected: ReadonlySet<number> = new Set(),
  /** A standing order's execution (0 the first): it pays as a single payment, recorded as that element. */
  execution?: number,
): Promise<number> {
  if (payment.payment_service === 'periodic-payments' && execution === undefined) return 0;
  const elements =
    payment.payment_service === 'bulk-payments'
      ? Array.isArray(payment.body.payments)
        ? (payment.body.payments as Element[])
        : []
      : [payment.body];
  const debtorKennitala = (await findAccountHolder(tx, payment.debtor_iban))?.kennitala;
  if (!debtorKennitala) return 0;
  let applied = 0;
  for (const [index, element] of elements.entries()) {
    if (rejected.has(index)) continue;
    if (await applyElement(tx, payment.id, execution ?? index, element, debtorKennitala, now)) applied++;
  }
  return applied;
}

async function applyElement(
  tx: Queryable,
  paymentId: string,
  index: number,
  element: Element,
  debtorKennitala: string,
  now: number,
): Promise<boolean> {
  const amount = element.instructedAmount as { currency?: unknown; amount?: unknown } | undefined;
  if (typeof amount?.currency !== 'string' || typeof amount.amount !== 'string') return false;
  const target = await claimTargetOf(tx, element);
  if (!target?.found || !(await lockClaim(tx, target.claim.id))) return false;
  const claim = await findClaim(tx, target.claim.id);
  if (claim?.status !== 'Unpaid') return false;
  if (claim.payor_id !== debtorKennitala || claim.currency !== amount.currency) return false;
  const paying = toMinorUnits(amount.amount, amount.currency);
  const total = BigInt(claim.amount_minor);
  const paid = BigInt(claim.paid_minor);
  const partial = element.partialPayment === true;
  if (paid + paying < total && !(partial && claim.partial_allowed)) return false;
  const settledOn = paid + paying >= total ? new Date(now).toISOString().slice(0, 10) : null;
  const recorded = await recordClaimPayment(
    tx,
    { claimId: claim.id, paymentId, elementIndex: index, amountMinor: paying, partial },
    now,
    settledOn,
  );
  if (!recorded) return false;
  if (target.byKey) {
    const deposit = await findAccountByReference(tx, { iban: claim.deposit_iban });
    if (deposit)
      await adjustBalance(tx, deposit.iban, convertMinor(paying, claim.currency, deposit.currency));
  }
  // claim.paid says a claim was settled (business spec 6): a payment of part of it settles nothing.
  if (settledOn)
    await recordEvent(tx, {
      owner: claim.claimant_username,
      eventType: 'claim.paid',
      resourcePath: claimPath(claim.id),
      occurredAt: now,
    });
  return true;
}
