import { insertClaim } from '../claims/claims.js';
import { sandboxNow } from '../clock.js';
import type { Db } from '../db/db.js';
import { icelandicIban } from '../shared/iban.js';
import { hashPassword } from '../shared/passwords.js';

/** The demo business user (a company): client_id/client_secret of the `openid b2b` token request. */
export const BUSINESS_USER = {
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
} as const;

/** Open claims of Greiðsla ehf. on Jón Jónsson, due this many days after the seeding day. */
export const SEED_CLAIMS = [
  { payorId: '0101302989', amount: 12_500n, dueInDays: 14, partialAllowed: false, reference: 'ASKRIFT-2026' },
  { payorId: '0101302989', amount: 48_900n, dueInDays: 30, partialAllowed: true, reference: 'REIKN-1042' },
] as const;

/**
 * Idempotent: adds the business user, its account and its seeded claims where they are missing, so a
 * data dir made before they existed gets them on the next start.
 */
export async function seedBusiness(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const u = BUSINESS_USER;
    const existing = await tx.query('SELECT 1 FROM psus WHERE username = $1', [u.username]);
    if (existing.length === 0) {
      await tx.query('INSERT INTO psus (username, password_hash, name, kennitala) VALUES ($1, $2, $3, $4)', [
        u.username,
        hashPassword(u.password),
        u.name,
        u.kennitala,
      ]);
      await tx.query(
        `INSERT INTO accounts (iban, bban, owner_username, name, currency, balance_minor)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [
          u.account.iban,
          u.account.iban.slice(4),
          u.username,
          u.account.name,
          u.account.currency,
          u.account.balanceMinor,
        ],
      );
    }
    const claims = await tx.query('SELECT 1 FROM claims WHERE claimant_username = $1 LIMIT 1', [u.username]);
    if (claims.length > 0) return;
    const now = await sandboxNow(tx);
    for (const claim of SEED_CLAIMS) {
      await insertClaim(tx, {
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
