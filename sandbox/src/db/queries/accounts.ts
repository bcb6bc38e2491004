import { performance } from 'node:perf_hooks';
import type { Queryable } from '../db.js';
import type { Payer } from './psus.js';
import { insertInto, numeric, updateWhere } from './sql.js';

export interface AccountRow {
  iban: string;
  bban: string;
  owner_username: string;
  name: string;
  currency: string;
  balance_minor: string;
  credit_blocked?: boolean;
  /** Frozen by the bank: nothing is paid from it. */
  blocked?: boolean;
}

/** The PSU who owns an account. */
export interface AccountHolder {
  username: string;
  name: string;
  kennitala: string;
}

const COLUMNS =
  'iban, bban, owner_username, name, currency, balance_minor::text AS balance_minor, credit_blocked, blocked';

/** The account an account reference names: by IBAN, else by BBAN. */
export async function findAccountByReference(
  q: Queryable,
  reference: { iban?: string | null; bban?: string | null },
): Promise<AccountRow | undefined> {
  if (reference.iban) {
    return (
      await q.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE iban = $1`, [reference.iban])
    )[0];
  }
  if (reference.bban) {
    return (
      await q.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE bban = $1`, [reference.bban])
    )[0];
  }
  return undefined;
}

/** A debtor account with its owner. */
export interface DebtorAccount extends AccountRow {
  owner: Payer;
}

/**
 * The account an account reference names (as findAccountByReference) with its owner as a new payment needs it, in
 * one statement: the PSU, its signers, and whether it owns `creditorIban` too, an account other than this one.
 */
export async function findDebtorAccount(
  q: Queryable,
  reference: { iban?: string | null; bban?: string | null },
  creditorIban: string | null,
): Promise<DebtorAccount | undefined> {
  const by = reference.iban ? 'iban' : reference.bban ? 'bban' : undefined;
  if (!by) return undefined;
  const rows = await q.query<DebtorAccount>(
    `SELECT a.iban, a.bban, a.owner_username, a.name, a.currency, a.balance_minor::text AS balance_minor,
       a.credit_blocked, a.blocked,
       (SELECT row_to_json(payer) FROM (
          SELECT p.*,
            ARRAY(SELECT signer_username FROM psu_signers WHERE company_username = p.username ORDER BY signer_username)
              AS signers,
            EXISTS (SELECT 1 FROM accounts c WHERE c.iban = $2 AND c.iban <> a.iban AND c.owner_username = p.username)
              AS owns_creditor
          FROM psus p WHERE p.username = a.owner_username) payer) AS owner
     FROM accounts a WHERE a.${by} = $1`,
    [reference[by], creditorIban],
  );
  return rows[0];
}

/**
 * How long the bank-and-branch codes a bank keeps are taken as read. An account added in this process drops them
 * (insertAccount); one added by another process sharing the PostgreSQL database, or committed by a transaction
 * after a read in between, is seen after at most this long.
 */
const KEPT_CODES_MS = 2_000;

/** The codes read per database (a bank's own handle; a transaction's is read every time). */
let keptCodesRead = new WeakMap<Queryable, { at: number; codes: Promise<Set<string>> }>();

async function readKeptCodes(q: Queryable): Promise<Set<string>> {
  const rows = await q.query<{ code: string }>(
    'SELECT DISTINCT substring(iban from 5 for 4) AS code FROM accounts',
  );
  return new Set(rows.map((row) => row.code));
}

/**
 * Whether the bank keeps accounts of this four-digit bank-and-branch code (IBAN positions 5-8, a BBAN's first
 * four digits): a creditor account with it must then exist here. Every initiation to an account of another bank
 * asks this of each bank the sandbox plays, and the codes change only when an account is added, so a bank's are
 * read once and kept for `KEPT_CODES_MS`.
 */
export async function keepsBankCode(q: Queryable, code: string): Promise<boolean> {
  const now = performance.now();
  let read = keptCodesRead.get(q);
  if (!read || now - read.at > KEPT_CODES_MS) {
    read = { at: now, codes: readKeptCodes(q) };
    keptCodesRead.set(q, read);
    read.codes.catch(() => keptCodesRead.delete(q));
  }
  return (await read.codes).has(code);
}

/** The username of an account's owner. */
export async function ownerOfAccount(q: Queryable, iban: string | null): Promise<string | undefined> {
  if (iban === null) return undefined;
  const rows = await q.query<{ owner_username: string }>(
    'SELECT owner_username FROM accounts WHERE iban = $1',
    [iban],
  );
  return rows[0]?.owner_username;
}

export async function findAccountHolder(
  q: Queryable,
  iban: string | null | undefined,
): Promise<AccountHolder | undefined> {
  if (!iban) return undefined;
  const rows = await q.query<AccountHolder>(
    `SELECT p.username, p.name, p.kennitala FROM accounts a JOIN psus p ON p.username = a.owner_username
     WHERE a.iban = $1`,
    [iban],
  );
  return rows[0];
}

/** The accounts of one PSU, by IBAN. */
export async function accountsOf(
  q: Queryable,
  username: string,
): Promise<Array<{ iban: string; currency: string }>> {
  return q.query('SELECT iban, currency FROM accounts WHERE owner_username = $1 ORDER BY iban', [username]);
}

/**
 * An account's balance and what payments accepted for execution (ACSP, ACFC) but not yet debited hold of it
 * (standing orders hold nothing: each execution is checked on its own). `lock` takes the account row for the
 * transaction; `exceptPaymentId` leaves that payment's own amount out.
 */
export async function accountFunds(
  q: Queryable,
  iban: string,
  options: { lock?: boolean; exceptPaymentId?: string } = {},
): Promise<{ balanceMinor: bigint; heldMinor: bigint } | undefined> {
  const account = await q.query<{ balance_minor: string }>(
    `SELECT balance_minor::text AS balance_minor FROM accounts WHERE iban = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [iban],
  );
  const row = account[0];
  if (!row) return undefined;
  const held = await q.query<{ total: string | null }>(
    `SELECT sum(total_minor)::text AS total FROM payments
     WHERE debtor_iban = $1 AND transaction_status IN ('ACSP', 'ACFC') AND payment_service <> 'periodic-payments'
       AND ($2::text IS NULL OR id <> $2)`,
    [iban, options.exceptPaymentId ?? null],
  );
  return { balanceMinor: BigInt(row.balance_minor), heldMinor: BigInt(held[0]?.total ?? '0') };
}

/** Adds `deltaMinor` (negative: a debit) to an account's balance. */
export async function adjustBalance(q: Queryable, iban: string, deltaMinor: bigint): Promise<void> {
  await q.query('UPDATE accounts SET balance_minor = balance_minor + $2::numeric WHERE iban = $1', [
    iban,
    deltaMinor.toString(),
  ]);
}

export async function setBalance(q: Queryable, iban: string, balanceMinor: bigint): Promise<void> {
  await updateWhere(q, 'accounts', { balance_minor: numeric(balanceMinor) }, 'iban = $1', [iban]);
}

/** The BBAN is the IBAN without its country code and check digits. Throws 23505 on a taken IBAN unless `ifAbsent`. */
export async function insertAccount(
  q: Queryable,
  account: {
    iban: string;
    ownerUsername: string;
    name: string;
    currency: string;
    balanceMinor: bigint | string;
    creditBlocked?: boolean;
    blocked?: boolean;
  },
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  await insertInto(
    q,
    'accounts',
    {
      iban: account.iban,
      bban: account.iban.slice(4),
      owner_username: account.ownerUsername,
      name: account.name,
      currency: account.currency,
      balance_minor: numeric(account.balanceMinor),
      credit_blocked: account.creditBlocked,
      blocked: account.blocked,
    },
    options.ifAbsent ? 'ON CONFLICT DO NOTHING' : '',
  );
  // Its code may be new to the bank.
  keptCodesRead = new WeakMap();
}

/** Every account with its owner, for the operator. */
export async function listAccountsWithOwners(q: Queryable) {
  return q.query<{
    iban: string;
    username: string;
    owner: string;
    kennitala: string;
    name: string;
    currency: string;
    balance_minor: string;
  }>(
    `SELECT a.iban, p.username, p.name AS owner, p.kennitala, a.name, a.currency, a.balance_minor::text AS balance_minor
     FROM accounts a JOIN psus p ON p.username = a.owner_username ORDER BY p.username, a.iban`,
  );
}
