import type { Queryable } from '../db/db.js';
import { type ClaimRow, claimPayments } from '../db/queries/claims.js';
import { fromMinorUnits } from '../shared/money.js';

/**
 * Claims as IOBWS-Claims 3.1 (ÍST TS 315) has them. A claim is identified by its key: claimant kennitala (10),
 * the claim account `{bank and branch (4)}66{claim number (6)}` and the due date. Its id is the standard composite
 * `{claimant}{branch}66{number}+{YYYYMMDD}`, e.g. `5501692829015966000001+20260415`; a payment initiation names
 * the claim as a BBAN (ÍST TS 310, "Claim key transformed to BBAN"): `{claimant}{branch}66{number}{DDMMYY}`.
 */
export interface ClaimKey {
  claimantId: string;
  branch: string;
  claimNo: number;
  /** YYYY-MM-DD */
  dueDate: string;
}

const number6 = (claimNo: number) => String(claimNo).padStart(6, '0');

export function claimIdOf(key: ClaimKey): string {
  return `${key.claimantId}${key.branch}66${number6(key.claimNo)}+${key.dueDate.replaceAll('-', '')}`;
}

/** What `claimIdOf` makes: kennitala and claim account digits, `+`, the due date's eight digits. */
const CLAIM_ID = /^[0-9]+66[0-9]{6}\+[0-9]{8}$/;

/** Whether a text has the form of a claim id: one that has not names no claim, without asking the database. */
export function hasClaimIdForm(text: string): boolean {
  return CLAIM_ID.test(text);
}

/** The claim key's `account`: bank and branch, ledger 66, claim number (IOBWS-Claims 3.1 `account`). */
export function claimAccount(branch: string, claimNo: number): string {
  return `${branch}66${number6(claimNo)}`;
}

/** The claim's number as people read it: bank and branch, ledger 66, claim number ("0159-66-000123"). */
export function claimNumberShown(branch: string, claimNo: number): string {
  return `${branch}-66-${number6(claimNo)}`;
}

/** `015966000123` → its branch and claim number; undefined when it is not a claim account (ledger 66). */
export function parseClaimAccount(account: string): { branch: string; claimNo: number } | undefined {
  const match = /^([0-9]{4})66([0-9]{6})$/.exec(account);
  return match?.[1] && match[2] ? { branch: match[1], claimNo: Number(match[2]) } : undefined;
}

/** ÍST TS 310, Table "Claim key transformed to BBAN": 28 digits, the due date as DDMMYY. */
export function claimBban(row: ClaimRow): string {
  const [year = '', month = '', day = ''] = row.due_date.split('-');
  return `${row.claimant_kennitala}${claimAccount(row.branch, row.claim_no)}${day}${month}${year.slice(2)}`;
}

/** The id of the claim a 28-digit claim BBAN names (the century of its DDMMYY due date taken as 20xx). */
export function claimIdFromBban(bban: string): string | undefined {
  const match = /^([0-9]{10})([0-9]{4})66([0-9]{6})([0-9]{2})([0-9]{2})([0-9]{2})$/.exec(bban);
  if (!match) return undefined;
  const [, claimant = '', branch = '', claimNo = '', day = '', month = '', year = ''] = match;
  return `${claimant}${branch}66${claimNo}+20${year}${month}${day}`;
}

function money(minor: bigint, currency: string): number {
  return Number(fromMinorUnits(minor, currency));
}

/** What is still to be paid: nothing once the claim is paid or cancelled. */
export function amountDueMinor(row: ClaimRow): bigint {
  if (row.status !== 'Unpaid') return 0n;
  const due = BigInt(row.amount_minor) - BigInt(row.paid_minor);
  return due > 0n ? due : 0n;
}

function claimKeyJson(row: ClaimRow) {
  return {
    claimantId: row.claimant_kennitala,
    account: claimAccount(row.branch, row.claim_no),
    dueDate: row.due_date,
  };
}

/**
 * A claim as IOBWS-Claims 3.1 `claimDetails`. Besides its fields the sandbox sends `claimId` (the composite id of
 * the reference's `claimStatusSuccess`), `claimantName` and `depositAccount` in the reference's `depositAccount`
 * shape (`{id: bank, ledger and number (12 digits), ownerId: kennitala}`, as in its claim templates): extras a
 * real bank need not send (docs/sandbox-extras.md).
 */
export function claimJson(row: ClaimRow) {
  const paid = BigInt(row.paid_minor);
  return {
    claimId: row.id,
    claimKey: claimKeyJson(row),
    payorId: row.payor_id,
    claimStatus: row.status,
    collectionState: row.collection_state,
    expirationDate: row.expiration_date,
    ...(row.closing_date ? { closingDate: row.closing_date } : {}),
    templateCode: row.template_code,
    claimType: 'NormalClaim',
    amount: money(BigInt(row.amount_minor), row.currency),
    totalAmountDue: money(amountDueMinor(row), row.currency),
    ...(row.reference ? { reference: row.reference } : {}),
    finalDueDate: row.final_due_date,
    ...(row.bill_number ? { billNumber: row.bill_number } : {}),
    isPartialPaymentAllowed: row.partial_allowed,
    isPartiallyPaid: paid > 0n && paid < BigInt(row.amount_minor),
    currency: row.currency,
    ...(row.currency === 'ISK' ? {} : { currencyPaymentRate: 'PaymentDateRate' }),
    lastChangeDate: new Date(row.updated_at).toISOString(),
    createdDate: new Date(row.created_at).toISOString(),
    claimantName: row.claimant_name,
    depositAccount: { id: row.deposit_iban.slice(4, 16), ownerId: row.deposit_iban.slice(16) },
  };
}

/** The reference's `claimStatusSuccess`: the answer to creating or changing a claim. */
export function claimStatusSuccess(row: ClaimRow) {
  return { success: { claimKey: claimKeyJson(row), claimId: row.id, directPaymentClaim: false } };
}

/**
 * The payments of a claim as IOBWS-Claims 3.1 `claimTransaction`s, oldest first; `paymentId` and `elementIndex`
 * (the payment initiation and its bulk element) are sandbox extras.
 */
export async function claimTransactionsJson(db: Queryable, row: ClaimRow) {
  let total = 0n;
  return (await claimPayments(db, row.id)).map((p) => {
    const amount = BigInt(p.amount_minor);
    total += amount;
    const at = new Date(p.at).toISOString();
    return {
      claimKey: claimKeyJson(row),
      payorId: row.payor_id,
      amount: money(amount, row.currency),
      finalDueDate: row.final_due_date,
      templateCode: row.template_code,
      ...(row.reference ? { reference: row.reference } : {}),
      transactionTimestamp: at,
      bookingDate: at.slice(0, 10),
      paymentType: total >= BigInt(row.amount_minor) ? 'Complete' : 'Partial',
      depositedAmount: money(amount, row.currency),
      totalAmountPaid: money(total, row.currency),
      currency: row.currency,
      paymentId: p.payment_id,
      elementIndex: p.element_index,
    };
  });
}

/** The claims list of the claims interface (mounted at `/business`), and a claim under it. */
export const CLAIMS_PATH = '/business/claims';

export function claimPath(claimId: string): string {
  return `${CLAIMS_PATH}/${claimId}`;
}
