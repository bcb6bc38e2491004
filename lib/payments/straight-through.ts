import { mayActForHolderOf } from '@/lib/auth/account-holders';
import type { Db } from '@/lib/db';
import type { Payment } from '@/lib/db/schema';

type AccountReference = { iban?: unknown; bban?: unknown };

const isReference = (account: unknown): account is AccountReference =>
  typeof account === 'object' && account !== null;

/**
 * Every account a payment debits, by each identifier it is named by: the debtor account (the bulk's, and each
 * bulk element's own) and the account its fees are charged to (chargesAccount). A reference that names an
 * account both by IBAN and by BBAN is taken as two: a bank may read either.
 */
function debitedAccounts(body: Payment['body']): AccountReference[] {
  const elements = Array.isArray(body.payments) ? (body.payments as unknown[]) : [];
  const references = [
    body.debtorAccount,
    body.chargesAccount,
    ...elements.map((element) =>
      isReference(element) ? (element as { debtorAccount?: unknown }).debtorAccount : undefined,
    ),
  ].filter(isReference);
  return references.flatMap((account) =>
    typeof account.iban === 'string' && typeof account.bban === 'string'
      ? [{ iban: account.iban }, { bban: account.bban }]
      : [account],
  );
}

/**
 * The straight-through confirmation is the authorisation itself: the bank asks the PSU nothing more. So it is
 * given only where every account the payment debits (`debitedAccounts`) is of the PSU's own or of a holder they
 * may act for (lib/auth/account-holders.ts).
 */
export async function mayConfirmStraightThrough(db: Db, payment: Payment): Promise<boolean> {
  const debited = debitedAccounts(payment.body);
  if (debited.length === 0) return false;
  for (const account of debited) {
    if (!(await mayActForHolderOf(db, payment.psuId, account))) return false;
  }
  return true;
}
