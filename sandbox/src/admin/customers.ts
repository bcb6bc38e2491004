import type { Db, Queryable } from '../db/db.js';
import { findAccountByReference, insertAccount, setBalance } from '../db/queries/accounts.js';
import { findPsu, insertPsu } from '../db/queries/psus.js';
import { currencyExponent, fractionDigits, fromMinorUnits, toMinorUnits } from '../shared/money.js';
import { hashPassword } from '../shared/passwords.js';

/** The operator adds online-banking users and accounts, and sets balances (`/sandbox/psus`, `/sandbox/accounts`). */

export interface NewAccount {
  iban: string;
  name: string;
  currency: string;
  /** A decimal string in the account currency. */
  balance: string;
}

/** Runs `insert`; 'taken' instead of the unique violation (23505) it may hit. */
async function unlessTaken(insert: () => Promise<void>): Promise<'created' | 'taken'> {
  try {
    await insert();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'taken';
    throw error;
  }
  return 'created';
}

function insertAccountOf(q: Queryable, owner: string, account: NewAccount) {
  return insertAccount(q, {
    iban: account.iban,
    ownerUsername: owner,
    name: account.name,
    currency: account.currency,
    balanceMinor: toMinorUnits(account.balance, account.currency),
  });
}

/** A user with its accounts, all or nothing; 'taken' when the username, kennitala or an IBAN exists. */
export async function createPsu(
  db: Db,
  psu: { username: string; password: string; name: string; kennitala: string; accounts: NewAccount[] },
): Promise<'created' | 'taken'> {
  return unlessTaken(() =>
    db.transaction(async (tx) => {
      await insertPsu(tx, { ...psu, passwordHash: hashPassword(psu.password) });
      for (const account of psu.accounts) await insertAccountOf(tx, psu.username, account);
    }),
  );
}

/** An account of an existing user; 'no-owner' without that user, 'taken' when the IBAN exists. */
export async function createAccount(
  db: Queryable,
  account: NewAccount & { owner: string },
): Promise<'created' | 'no-owner' | 'taken'> {
  if (!(await findPsu(db, account.owner))) return 'no-owner';
  return unlessTaken(() => insertAccountOf(db, account.owner, account));
}

/** Sets an account's balance (a decimal string in its currency). */
export async function setAccountBalance(
  db: Queryable,
  iban: string,
  balance: string,
): Promise<
  | { kind: 'set'; iban: string; currency: string; balance: string }
  | { kind: 'unknown' }
  | { kind: 'too-precise'; currency: string }
> {
  const currency = (await findAccountByReference(db, { iban }))?.currency;
  if (!currency) return { kind: 'unknown' };
  if (fractionDigits(balance) > currencyExponent(currency)) return { kind: 'too-precise', currency };
  await setBalance(db, iban, toMinorUnits(balance, currency));
  return { kind: 'set', iban, currency, balance: fromMinorUnits(toMinorUnits(balance, currency), currency) };
}
