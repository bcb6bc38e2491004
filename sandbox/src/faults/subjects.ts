import type { Queryable } from '../db/db.js';
import { findAccountByReference, findAccountHolder } from '../db/queries/accounts.js';
import { debtorIbanOfAuthorisation } from '../db/queries/authorisations.js';
import { findPayment } from '../db/queries/payments.js';

/**
 * Which PSU a request or notification is about, for rules with `psu`: the identifiers of the debtor account's
 * owner (the IBAN, the owner's username and kennitala).
 */
export async function psuIdentifiers(
  db: Queryable,
  debtorIban: string | null | undefined,
): Promise<string[]> {
  if (!debtorIban) return [];
  const owner = await findAccountHolder(db, debtorIban);
  return owner ? [debtorIban, owner.username, owner.kennitala] : [debtorIban];
}

/** The PSU of an initiation: the owner of the debtor account its body names. */
export async function psuOfDebtorAccount(
  db: Queryable,
  debtorAccount: { iban?: unknown; bban?: unknown } | undefined,
): Promise<string[]> {
  if (typeof debtorAccount?.iban === 'string') return psuIdentifiers(db, debtorAccount.iban);
  if (typeof debtorAccount?.bban === 'string')
    return psuIdentifiers(db, (await findAccountByReference(db, { bban: debtorAccount.bban }))?.iban);
  return [];
}

export async function psuOfPayment(db: Queryable, paymentId: string): Promise<string[]> {
  return psuIdentifiers(db, (await findPayment(db, paymentId))?.debtor_iban);
}

export async function psuOfAuthorisation(db: Queryable, authorisationId: string): Promise<string[]> {
  return psuIdentifiers(db, await debtorIbanOfAuthorisation(db, authorisationId));
}
