import type { BusinessCaller } from '../business/auth.js';
import { problem } from '../business/errors.js';
import type { Db, Queryable } from '../db/db.js';
import { accountsOf } from '../db/queries/accounts.js';
import { type ClaimRow, findClaim, listClaims } from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import { isValidKennitala } from '../shared/kennitala.js';
import { createClaim } from './claims.js';

/**
 * The claims business interface: a claimant creates claims on a payor; a claim is visible to its claimant and to
 * its payor (their b2b tokens), and to nobody else, who gets 404 as for a missing claim.
 */

/** A new claim as the claimant asked for it (the JSON body, read by the HTTP layer). */
export interface ClaimRequest {
  payorId: string;
  currency: string;
  amount: string;
  dueDate: string;
  depositIban: string | undefined;
  partialAllowed: boolean;
  reference: string | null;
}

function visibleTo(claim: ClaimRow, caller: BusinessCaller): boolean {
  return claim.claimant_kennitala === caller.kennitala || claim.payor_id === caller.kennitala;
}

/** The claimant's account the claim is paid into: the one named, else its first ISK account. */
async function depositAccount(db: Queryable, caller: BusinessCaller, iban: string | undefined) {
  const rows = await accountsOf(db, caller.username);
  const account = iban
    ? rows.find((r) => r.iban === iban.replaceAll(' ', '').toUpperCase())
    : rows.find((r) => r.currency === 'ISK');
  if (!account)
    problem(
      400,
      'DEPOSIT_ACCOUNT_INVALID',
      iban ? 'depositAccount is not an account of the claimant.' : 'The claimant has no ISK account.',
    );
  if (account.currency !== 'ISK')
    problem(400, 'DEPOSIT_ACCOUNT_INVALID', 'depositAccount must be an ISK account.');
  return account.iban;
}

export async function createClaimFor(
  db: Db,
  caller: BusinessCaller,
  request: ClaimRequest,
): Promise<ClaimRow> {
  if (!isValidKennitala(request.payorId)) problem(400, 'PAYOR_INVALID', 'payorId must be a valid kennitala.');
  if (request.currency !== 'ISK') problem(400, 'CURRENCY_UNSUPPORTED', 'Claims on the sandbox are in ISK.');
  if (!/^[1-9][0-9]{0,14}$/.test(request.amount))
    problem(400, 'AMOUNT_INVALID', 'amount must be a positive whole number of krónur.');
  if (Number.isNaN(Date.parse(`${request.dueDate}T00:00:00Z`)))
    problem(400, 'DUE_DATE_INVALID', 'dueDate is not a date.');
  const iban = await depositAccount(db, caller, request.depositIban);
  return db.transaction(async (tx) =>
    createClaim(tx, {
      claimantUsername: caller.username,
      claimantKennitala: caller.kennitala,
      claimantName: caller.name,
      payorId: request.payorId,
      depositIban: iban,
      currency: 'ISK',
      amountMinor: BigInt(request.amount),
      dueDate: request.dueDate,
      reference: request.reference,
      partialAllowed: request.partialAllowed,
      now: await sandboxNow(tx),
    }),
  );
}

/** The claims the caller may see, narrowed by payor (a kennitala) and status. */
export async function claimsVisibleTo(
  db: Queryable,
  caller: BusinessCaller,
  filter: { payorId: string | undefined; status: string | undefined },
): Promise<ClaimRow[]> {
  if (filter.payorId !== undefined && !/^[0-9]{10}$/.test(filter.payorId))
    problem(400, 'PAYOR_INVALID', 'payorId must be a kennitala (10 digits).');
  if (filter.status !== undefined && filter.status !== 'Unpaid' && filter.status !== 'Paid')
    problem(400, 'STATUS_INVALID', 'status is Unpaid or Paid.');
  return (await listClaims(db, filter)).filter((r) => visibleTo(r, caller));
}

export async function claimVisibleTo(db: Queryable, caller: BusinessCaller, id: string): Promise<ClaimRow> {
  const row = await findClaim(db, id);
  if (!row || !visibleTo(row, caller)) problem(404, 'CLAIM_NOT_FOUND', 'No such claim.');
  return row;
}
