import { createClaim } from '../claims/claims.js';
import type { Db } from '../db/db.js';
import { insertAccount } from '../db/queries/accounts.js';
import { hasClaims } from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import { findPsu, insertPsu } from '../db/queries/psus.js';
import { icelandicIban } from '../shared/iban.js';
import { hashPassword } from '../shared/passwords.js';

/** A business user (a company) of the `openid b2b` token request, with the account its claims are paid to. */
export interface BusinessUser {
  username: string;
  password: string;
  name: string;
  kennitala: string;
  account: { iban: string; name: string; currency: string; balanceMinor: string };
}

export interface SeedClaim {
  payorId: string;
  amount: bigint;
  dueInDays: number;
  partialAllowed: boolean;
  reference: string;
}

/** The demo business user (a company): client_id/client_secret of the `openid b2b` token request. */
export const BUSINESS_USER: BusinessUser = {
  username: 'greidsla-ehf',
  password: 'sandbox-b2b',
  name: 'Greiðsla ehf.',
  kennitala: '5501692829',
  account: {
    iban: icelandicIban('0159', '26', '002024', '5501692829'),
    name: 'Kröfureikningur',
    currency: 'ISK',
    balanceMinor: '0',
  },
};

/** Open claims of Greiðsla ehf. on Jón Jónsson, due this many days after the seeding day. */
export const SEED_CLAIMS: readonly SeedClaim[] = [
  { payorId: '0101302989', amount: 12_500n, dueInDays: 14, partialAllowed: false, reference: 'ASKRIFT-2026' },
  { payorId: '0101302989', amount: 48_900n, dueInDays: 30, partialAllowed: true, reference: 'REIKN-1042' },
] as const;

/**
 * Idempotent: adds the business user, its account and its seeded claims where they are missing, so a
 * data dir made before they existed gets them on the next start.
 */
export async function seedBusiness(
  db: Db,
  u: BusinessUser = BUSINESS_USER,
  claims: readonly SeedClaim[] = SEED_CLAIMS,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findPsu(tx, u.username))) {
      await insertPsu(tx, { ...u, passwordHash: hashPassword(u.password) });
      await insertAccount(
        tx,
        {
          iban: u.account.iban,
          ownerUsername: u.username,
          name: u.account.name,
          currency: u.account.currency,
          balanceMinor: u.account.balanceMinor,
        },
        { ifAbsent: true },
      );
    }
    if (claims.length === 0 || (await hasClaims(tx, u.username))) return;
    const now = await sandboxNow(tx);
    for (const claim of claims) {
      await createClaim(tx, {
        claimantUsername: u.username,
        claimantKennitala: u.kennitala,
        claimantName: u.name,
        payorId: claim.payorId,
        depositIban: u.account.iban,
        currency: 'ISK',
        amountMinor: claim.amount,
        dueDate: new Date(now + claim.dueInDays * 86_400_000).toISOString().slice(0, 10),
        reference: claim.reference,
        partialAllowed: claim.partialAllowed,
        now,
      });
    }
  });
}
