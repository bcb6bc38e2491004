import { amountDue, claimTargetOf } from '../claims/settlement.js';
import type { Queryable } from '../db/db.js';
import { findAccountByReference } from '../db/queries/accounts.js';
import { fail } from '../errors.js';
import { fromMinorUnits } from '../shared/money.js';
import { SANDBOX_BANK_CODES } from './bank-codes.js';

type AccountReference = { iban?: string | null; bban?: string | null };
type Body = Record<string, unknown>;

/**
 * A creditor account that names this bank (an Icelandic IBAN, or a 22-digit BBAN, with one of its bank codes)
 * must exist here: the bank knows its own accounts at initiation (400 CREDITOR_ACCOUNT_NOT_FOUND). Accounts at
 * other banks are not checked. Bulk elements are checked element by element at execution instead (PART).
 */
export async function checkCreditorHere(
  db: Queryable,
  reference: AccountReference | undefined,
  path: string,
) {
  if (!reference) return;
  const bankCode = reference.iban
    ? reference.iban.startsWith('IS')
      ? reference.iban.slice(4, 8)
      : undefined
    : reference.bban && /^[0-9]{22}$/.test(reference.bban)
      ? reference.bban.slice(0, 4)
      : undefined;
  if (!bankCode || !SANDBOX_BANK_CODES.has(bankCode)) return;
  if (!(await findAccountByReference(db, reference)))
    fail(400, 'CREDITOR_ACCOUNT_NOT_FOUND', path, 'The creditor account does not exist at this bank.');
}

const COLLECTION_AGENCY_STATES = new Set(['SecondaryCollection', 'LegalCollection']);

/**
 * A payment (or bulk element, `prefix` `payments[i].`) meant for a claim (claims/settlement.ts: by its claim key
 * as a BBAN, ÍST TS 310, or by reference and deposit account) must name one that can still be paid here:
 * - no claim with that key: 400 CLAIM_NOT_FOUND; a cancelled one likewise (it is no longer there to be paid);
 * - paid: 400 CLAIM_ALREADY_PAID;
 * - past its expiration date ("the claim cancellation date", IOBWS-Claims 3.1): 400 RESOURCE_EXPIRED, a payload
 *   reference to a resource that "has expired, not addressable anymore" (BG IG 14.11);
 * - with a collection agency (collectionState SecondaryCollection or LegalCollection): 400 RESOURCE_BLOCKED, "not
 *   addressable by this request, since it is blocked" (BG IG 14.11): it is paid to the agency.
 * A payment by claim key pays in the claim's currency (else 400 FORMAT_ERROR on its currency). Returns what is
 * still due: the amount of a payment that gives none (spec 2.1: instructedAmount is optional).
 */
export async function checkClaimPayment(
  db: Queryable,
  element: Body,
  prefix: string,
  today: string,
): Promise<{ currency: string; amount: string } | undefined> {
  const target = await claimTargetOf(db, element);
  if (!target) return undefined;
  const path = `${prefix}${target.path}`;
  if (!target.found) fail(400, 'CLAIM_NOT_FOUND', path, 'No claim has this claim key.');
  const claim = target.claim;
  if (claim.status === 'Paid')
    fail(400, 'CLAIM_ALREADY_PAID', path, 'The claim this payment refers to is already paid.');
  if (claim.status === 'Cancelled')
    fail(400, 'CLAIM_NOT_FOUND', path, 'The claim this payment refers to was cancelled by its claimant.');
  if (claim.expiration_date < today)
    fail(400, 'RESOURCE_EXPIRED', path, `The claim expired on ${claim.expiration_date} and cannot be paid.`);
  if (COLLECTION_AGENCY_STATES.has(claim.collection_state))
    fail(400, 'RESOURCE_BLOCKED', path, 'The claim is with a collection agency: it is paid there.');
  const currency = (element.instructedAmount as { currency?: unknown } | undefined)?.currency;
  if (target.byKey && currency !== undefined && currency !== claim.currency) {
    fail(
      400,
      'FORMAT_ERROR',
      `${prefix}instructedAmount.currency`,
      `The claim is in ${claim.currency}: pay it in ${claim.currency}.`,
    );
  }
  const due = amountDue(claim);
  return { currency: due.currency, amount: fromMinorUnits(due.minor, due.currency) };
}
