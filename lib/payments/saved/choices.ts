import type { Db } from '@/lib/db';
import { listMyAccounts } from '@/lib/db/queries/my-accounts';
import { listPayees } from '@/lib/db/queries/payees';
import type { PayeeAccountKind } from '@/lib/db/saved-schema';
import { accountDisplay } from '@/lib/format';
import { sortPayees } from './payee-match';

/** One of the PSU's own accounts, as a form offers it. */
export interface MyAccountChoice {
  iban: string;
  name: string;
  /** How the PSU knows it: "0133-26-012345", or the IBAN. */
  label: string;
}

/** A saved payee, as the recipient search offers it. */
export interface PayeeChoice {
  id: string;
  name: string;
  accountKind: PayeeAccountKind;
  account: string;
  /** How the PSU knows the account: "0133-26-012345 · IS87…", the IBAN, or the card number. */
  label: string;
  kennitala: string | null;
  /** Marked by the PSU: offered first. */
  favourite: boolean;
}

export interface SavedChoices {
  accounts: MyAccountChoice[];
  payees: PayeeChoice[];
}

/** An account as the PSU knows it, with the IBAN beside a domestic account (lib/format). */
export function accountLabel(account: string): string {
  const shown = accountDisplay(account);
  if (shown.kind === 'domestic') return `${shown.account} · ${shown.iban}`;
  return shown.kind === 'iban' ? shown.iban : shown.text;
}

/**
 * The signed-in PSU's own accounts, as the paying-account list of a form offers them: a domestic account by its
 * number alone (its IBAN shows in the field once picked), so that a phone's narrow list shows it whole.
 */
export async function myAccountChoices(db: Db, psuId: string): Promise<MyAccountChoice[]> {
  const accounts = await listMyAccounts(db, psuId);
  return accounts.map(({ iban, name }) => ({ iban, name, label: ownAccountLabel(iban) }));
}

function ownAccountLabel(iban: string): string {
  const shown = accountDisplay(iban);
  return shown.kind === 'domestic' ? shown.account : accountLabel(iban);
}

/** What a payment form offers the signed-in PSU: their accounts and their payees. */
export async function savedChoicesFor(db: Db, psuId: string): Promise<SavedChoices> {
  const [accounts, payees] = await Promise.all([myAccountChoices(db, psuId), listPayees(db, psuId)]);
  // Favourites first, then in Icelandic alphabetical order, as the payees page lists them.
  return {
    accounts,
    payees: sortPayees(payees.map((payee) => ({ ...payee, label: accountLabel(payee.account) }))),
  };
}
