import type { BusinessCaller } from '../business/auth.js';
import { problem } from '../business/errors.js';
import type { Db, Queryable } from '../db/db.js';
import { accountsOf } from '../db/queries/accounts.js';
import {
  type ClaimChange,
  type ClaimDateType,
  type ClaimRow,
  type ClaimStatus,
  findClaim,
  insertClaim,
  listClaims,
  updateClaim,
} from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import { isValidKennitala } from '../shared/kennitala.js';
import { currencyExponent, fractionDigits, isKnownCurrency, toMinorUnits } from '../shared/money.js';
import { claimIdOf, hasClaimIdForm, parseClaimAccount } from './claims.js';

/**
 * The claims business interface (IOBWS-Claims 3.1, ÍST TS 315): a claimant creates claims on a payor and changes
 * or cancels them; a claim is visible to its claimant and to its payor (their b2b tokens), and to nobody else,
 * who gets 404 as for a missing claim.
 */

export const CLAIM_STATUSES: readonly ClaimStatus[] = ['Unpaid', 'Paid', 'Cancelled'];
export const COLLECTION_STATES = [
  'PrimaryCollection',
  'WaitingForSecondary',
  'SecondaryCollection',
  'LegalCollection',
] as const;
/** The one claim template each claimant has at the sandbox: its claims are paid into its own account. */
export const SANDBOX_TEMPLATE_CODE = '001';

/** A new claim as IOBWS-Claims 3.1 `createClaimDetails` has it (the JSON body, read by the HTTP layer). */
export interface ClaimRequest {
  claimKey: { claimantId: string; account: string; dueDate: string };
  payorId: string;
  templateCode: string;
  amount: number;
  finalDueDate: string;
  currency: string;
  expirationDate: string | undefined;
  reference: string | undefined;
  billNumber: string | undefined;
  isPartialPaymentAllowed: boolean;
}

function visibleTo(claim: ClaimRow, caller: BusinessCaller): boolean {
  return claim.claimant_kennitala === caller.kennitala || claim.payor_id === caller.kennitala;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function plusYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** The amount as minor units of the currency: positive, with no more fraction digits than it has. */
function amountMinor(amount: number, currency: string): bigint {
  const text = String(amount);
  if (!Number.isFinite(amount) || amount <= 0 || /e/i.test(text))
    problem(400, 'AMOUNT_INVALID', 'amount must be a positive number.');
  if (fractionDigits(text) > currencyExponent(currency))
    problem(
      400,
      'AMOUNT_INVALID',
      `${currency} amounts have at most ${currencyExponent(currency)} decimals.`,
    );
  return toMinorUnits(text, currency);
}

/**
 * The template's deposit account: the claimant's first account in the claim's currency, else its first ISK
 * account (a claim in another currency is then credited in krónur at the payment date's rate).
 */
async function depositAccount(db: Queryable, caller: BusinessCaller, currency: string): Promise<string> {
  const rows = await accountsOf(db, caller.username);
  const account = rows.find((r) => r.currency === currency) ?? rows.find((r) => r.currency === 'ISK');
  if (!account) problem(400, 'TEMPLATE_UNKNOWN', 'The claimant has no account to receive claims into.');
  return account.iban;
}

export async function createClaimFor(
  db: Db,
  caller: BusinessCaller,
  request: ClaimRequest,
): Promise<ClaimRow> {
  const key = request.claimKey;
  if (key.claimantId !== caller.kennitala)
    problem(400, 'CLAIMANT_INVALID', 'claimKey.claimantId must be the kennitala of the caller.');
  const account = parseClaimAccount(key.account);
  if (!account) problem(400, 'CLAIM_KEY_INVALID', 'claimKey.account is bank and branch, 66, claim number.');
  if (!isValidKennitala(request.payorId)) problem(400, 'PAYOR_INVALID', 'payorId must be a valid kennitala.');
  if (request.templateCode !== SANDBOX_TEMPLATE_CODE)
    problem(400, 'TEMPLATE_UNKNOWN', `The claimant's claim template is ${SANDBOX_TEMPLATE_CODE}.`);
  if (!isKnownCurrency(request.currency))
    problem(400, 'CURRENCY_UNSUPPORTED', `${request.currency} is not an ISO 4217 currency.`);
  const minor = amountMinor(request.amount, request.currency);
  if (!isDate(key.dueDate) || !isDate(request.finalDueDate) || request.finalDueDate < key.dueDate)
    problem(400, 'DUE_DATE_INVALID', 'dueDate and finalDueDate are dates, finalDueDate not before dueDate.');
  const expiration = request.expirationDate ?? plusYears(request.finalDueDate, 4);
  if (!isDate(expiration) || expiration < request.finalDueDate)
    problem(400, 'DUE_DATE_INVALID', 'expirationDate is a date not before finalDueDate.');
  const deposit = await depositAccount(db, caller, request.currency);
  const row = await insertClaim(db, {
    id: claimIdOf({ claimantId: key.claimantId, ...account, dueDate: key.dueDate }),
    claim_no: account.claimNo,
    branch: account.branch,
    claimant_username: caller.username,
    claimant_kennitala: caller.kennitala,
    claimant_name: caller.name,
    payor_id: request.payorId,
    deposit_iban: deposit,
    currency: request.currency,
    amount_minor: minor,
    due_date: key.dueDate,
    final_due_date: request.finalDueDate,
    expiration_date: expiration,
    reference: request.reference ?? null,
    bill_number: request.billNumber ?? null,
    template_code: request.templateCode,
    partial_allowed: request.isPartialPaymentAllowed,
    created_at: await sandboxNow(db),
  });
  // The reference's batch result code for a claim key already taken.
  if (!row) problem(400, 'CLAIM_EXISTS', 'The claimant already has a claim with this claim number.');
  return row;
}

/** What a claimant may change (IOBWS-Claims 3.1 `mergeClaimDetails`), as read from the merge patch. */
export interface ClaimPatch {
  claimStatus?: ClaimStatus | undefined;
  collectionState?: string | undefined;
  amount?: number | undefined;
  finalDueDate?: string | undefined;
  expirationDate?: string | undefined;
  reference?: string | null | undefined;
  billNumber?: string | null | undefined;
  isPartialPaymentAllowed?: boolean | undefined;
}

/**
 * The claimant changes a claim: `claimStatus: Cancelled` cancels an unpaid one, `Unpaid` revives a cancelled one
 * (the reference: "Claim is recreated by changing the claim status from Cancelled to Unpaid"); a paid claim
 * cannot be cancelled, nor set Paid by hand (it is paid by a payment). The payor may read the claim, not change it.
 */
export async function patchClaimFor(
  db: Db,
  caller: BusinessCaller,
  id: string,
  patch: ClaimPatch,
): Promise<ClaimRow> {
  return db.transaction(async (tx) => {
    const row = await claimVisibleTo(tx, caller, id);
    if (row.claimant_kennitala !== caller.kennitala)
      problem(403, 'CLAIMANT_ONLY', 'Only the claimant may change a claim.');
    const now = await sandboxNow(tx);
    const change: ClaimChange = {};
    if (patch.claimStatus !== undefined && patch.claimStatus !== row.status) {
      if (patch.claimStatus === 'Paid')
        problem(400, 'CLAIM_STATUS_INVALID', 'A claim is paid by a payment, not set Paid.');
      if (row.status === 'Paid') problem(400, 'CLAIM_IS_PAID', 'A paid claim cannot be changed.');
      change.status = patch.claimStatus;
      change.closing_date =
        patch.claimStatus === 'Cancelled' ? new Date(now).toISOString().slice(0, 10) : null;
    } else if (row.status !== 'Unpaid' && Object.values(patch).some((v) => v !== undefined)) {
      problem(400, row.status === 'Paid' ? 'CLAIM_IS_PAID' : 'CLAIM_IS_CANCELLED', 'The claim is closed.');
    }
    if (patch.collectionState !== undefined) {
      if (!(COLLECTION_STATES as readonly string[]).includes(patch.collectionState))
        problem(
          400,
          'COLLECTION_STATE_INVALID',
          `collectionState is one of ${COLLECTION_STATES.join(', ')}.`,
        );
      change.collection_state = patch.collectionState;
    }
    if (patch.amount !== undefined) {
      if (BigInt(row.paid_minor) > 0n) problem(400, 'CLAIM_IS_PAID', 'A claim partly paid keeps its amount.');
      change.amount_minor = amountMinor(patch.amount, row.currency);
    }
    if (patch.finalDueDate !== undefined) {
      if (!isDate(patch.finalDueDate) || patch.finalDueDate < row.due_date)
        problem(400, 'DUE_DATE_INVALID', 'finalDueDate is a date not before the due date.');
      change.final_due_date = patch.finalDueDate;
    }
    if (patch.expirationDate !== undefined) {
      if (!isDate(patch.expirationDate)) problem(400, 'DUE_DATE_INVALID', 'expirationDate is not a date.');
      change.expiration_date = patch.expirationDate;
    }
    change.reference = patch.reference;
    change.bill_number = patch.billNumber;
    change.partial_allowed = patch.isPartialPaymentAllowed;
    await updateClaim(tx, row.id, change, now);
    return (await findClaim(tx, row.id)) ?? row;
  });
}

/** The query of a claim list (IOBWS-Claims 3.1 `getClaims`), as read by the HTTP layer. */
export interface ClaimQuery {
  payorId: string | undefined;
  claimantId: string | undefined;
  status: string | undefined;
  collectionState: string | undefined;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  dateType: string | undefined;
  page: string | undefined;
  itemsPerPage: string | undefined;
}

/** The reference's defaults: page 1, 100 items per page. */
export const DEFAULT_ITEMS_PER_PAGE = 100;
const MAX_ITEMS_PER_PAGE = 1000;

function positiveInteger(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || n < 1 || n > max)
    problem(400, 'PAGING_INVALID', `${name} is a whole number from 1 to ${max}.`);
  return n;
}

/** One page of the claims the caller may see, narrowed as asked, with the paging figures of the answer. */
export async function claimsVisibleTo(db: Queryable, caller: BusinessCaller, query: ClaimQuery) {
  for (const [name, value] of [
    ['payorId', query.payorId],
    ['claimantId', query.claimantId],
  ] as const) {
    if (value !== undefined && !/^[0-9]{10}$/.test(value))
      problem(400, 'PAYOR_INVALID', `${name} must be a kennitala (10 digits).`);
  }
  if (query.status !== undefined && !(CLAIM_STATUSES as readonly string[]).includes(query.status))
    problem(400, 'STATUS_INVALID', `status is one of ${CLAIM_STATUSES.join(', ')}.`);
  if (
    query.collectionState !== undefined &&
    !(COLLECTION_STATES as readonly string[]).includes(query.collectionState)
  )
    problem(400, 'COLLECTION_STATE_INVALID', `collectionState is one of ${COLLECTION_STATES.join(', ')}.`);
  for (const value of [query.dateFrom, query.dateTo]) {
    if (value !== undefined && !isDate(value)) problem(400, 'DATE_INVALID', 'dateFrom and dateTo are dates.');
  }
  const dateType = (query.dateType ?? 'DueDate') as ClaimDateType;
  if (
    !['DueDate', 'FinalDueDate', 'ExpirationDate', 'ClosingDate', 'CreationDate', 'LastChangeDate'].includes(
      dateType,
    )
  )
    problem(400, 'DATE_TYPE_INVALID', 'dateType is not one the reference names.');
  const page = positiveInteger(query.page, 'page', 1, Number.MAX_SAFE_INTEGER);
  const perPage = positiveInteger(
    query.itemsPerPage,
    'itemsPerPage',
    DEFAULT_ITEMS_PER_PAGE,
    MAX_ITEMS_PER_PAGE,
  );
  const { rows, total } = await listClaims(
    db,
    {
      visibleTo: caller.kennitala,
      payorId: query.payorId,
      claimantId: query.claimantId,
      status: query.status as ClaimStatus | undefined,
      collectionState: query.collectionState,
      dates:
        query.dateFrom || query.dateTo
          ? { type: dateType, from: query.dateFrom, to: query.dateTo }
          : undefined,
    },
    { offset: (page - 1) * perPage, limit: perPage },
  );
  return { rows, paging: { page, perPage, total, pages: Math.max(1, Math.ceil(total / perPage)) } };
}

export async function claimVisibleTo(db: Queryable, caller: BusinessCaller, id: string): Promise<ClaimRow> {
  // An id of no claim's form (a NUL, a stray byte) names no claim: not looked up, where PostgreSQL would refuse it.
  const row = hasClaimIdForm(id) ? await findClaim(db, id) : undefined;
  if (!row || !visibleTo(row, caller)) problem(404, 'CLAIM_NOT_FOUND', 'No such claim.');
  return row;
}
