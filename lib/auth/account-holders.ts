import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { holderMandates } from '@/lib/db/holder-schema';
import { ibanToDomesticAccount, normalizeKennitala } from '@/lib/payments/accounts';
import { accountNamedByEmail } from './command-account';
import { linkedKennitala } from './identity';

/**
 * Whose accounts a PSU may pay from where the bank takes our word for it. A bank that offers the
 * straight-through confirmation (IOBWS, `confirmIobwsStraightThroughProcessingAuthorisation`) asks the
 * PSU for no SCA of its own: our confirmation is the authorisation. So the app gives it only for an
 * account whose holder is the PSU, by the kennitala an identity provider verified (never one typed),
 * or a holder the operator granted the PSU to act for (a company's procuration, `npm run grant-holder`).
 * Every other approach authenticates the account holder at the bank, and needs none of this.
 */

/** The holder of an Icelandic account: the kennitala in the last ten digits of its IBAN or 22-digit BBAN. */
export function accountHolderKennitala(
  account: { iban?: unknown; bban?: unknown } | undefined,
): string | null {
  if (typeof account?.iban === 'string') return ibanToDomesticAccount(account.iban)?.kennitala ?? null;
  if (typeof account?.bban === 'string')
    return /^\d{12}(\d{10})$/.exec(account.bban.replace(/\s/g, ''))?.[1] ?? null;
  return null;
}

/** Whether the PSU may confirm for the holder of `account`: it is theirs, or the operator granted it. */
export async function mayActForHolderOf(
  db: Db,
  psuId: string,
  account: { iban?: unknown; bban?: unknown } | undefined,
): Promise<boolean> {
  const holder = accountHolderKennitala(account);
  if (!holder) return false;
  if ((await linkedKennitala(psuId, db)) === holder) return true;
  const [mandate] = await db
    .select({ psuId: holderMandates.psuId })
    .from(holderMandates)
    .where(and(eq(holderMandates.psuId, psuId), eq(holderMandates.holderKennitala, holder)))
    .limit(1);
  return mandate !== undefined;
}

export type HolderCommandOutcome =
  | 'granted'
  | 'revoked'
  | 'unchanged'
  | 'noSuchAccount'
  | 'notKennitala'
  | 'notVerified';

/**
 * The operator's grant: `email`'s account may confirm payments from the accounts of `kennitala`'s holder. Only an
 * account whose owner proved the address: anyone may sign up with an address before its owner does, and the
 * grant would go to them.
 */
export async function grantHolderByCommand(
  db: Db,
  email: string,
  kennitala: string,
  grantedBy: 'command' | 'demo-seed' = 'command',
): Promise<HolderCommandOutcome> {
  const holder = normalizeKennitala(kennitala);
  if (!holder) return 'notKennitala';
  const psu = await accountNamedByEmail(db, email);
  if (!psu) return 'noSuchAccount';
  if (psu.verifiedAt === null) return 'notVerified';
  const granted = await db
    .insert(holderMandates)
    .values({ psuId: psu.id, holderKennitala: holder, grantedBy })
    .onConflictDoNothing()
    .returning({ psuId: holderMandates.psuId });
  return granted.length > 0 ? 'granted' : 'unchanged';
}

export async function revokeHolderByCommand(
  db: Db,
  email: string,
  kennitala: string,
): Promise<HolderCommandOutcome> {
  const holder = normalizeKennitala(kennitala);
  if (!holder) return 'notKennitala';
  const psuId = (await accountNamedByEmail(db, email))?.id;
  if (!psuId) return 'noSuchAccount';
  const deleted = await db
    .delete(holderMandates)
    .where(and(eq(holderMandates.psuId, psuId), eq(holderMandates.holderKennitala, holder)))
    .returning({ psuId: holderMandates.psuId });
  return deleted.length > 0 ? 'revoked' : 'unchanged';
}
