import { SANDBOX_TEMPLATE_CODE } from '../claims/claim-requests.js';
import { claimIdOf } from '../claims/claims.js';
import type { Db } from '../db/db.js';
import { insertAccount } from '../db/queries/accounts.js';
import { claimNumbersOf, insertClaim } from '../db/queries/claims.js';
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

export interface SeedClaim {
  claimNo: number;
  payorId: string;
  currency: string;
  amountMinor: bigint;
  dueInDays: number;
  partialAllowed: boolean;
  reference: string;
  status?: 'Paid' | 'Cancelled';
}

const JON = '0101302989';
const ANNA = '1203892039';

/**
 * Claims of Greiðsla ehf., due this many days after the seeding day. On Jón Jónsson: two open ones in krónur, one
 * the claimant cancelled, one in euros. On Anna Sigurðardóttir: 105 weekly gym fees over two years (the ones due
 * before the seeding week paid, one cancelled), more than the 100 a list page holds by default, so that reading
 * her claims takes two pages.
 */
export const SEED_CLAIMS: readonly SeedClaim[] = [
  {
    claimNo: 1,
    payorId: JON,
    currency: 'ISK',
    amountMinor: 12_500n,
    dueInDays: 14,
    partialAllowed: false,
    reference: 'ASKRIFT-2026',
  },
  {
    claimNo: 2,
    payorId: JON,
    currency: 'ISK',
    amountMinor: 48_900n,
    dueInDays: 30,
    partialAllowed: true,
    reference: 'REIKN-1042',
  },
  {
    claimNo: 900_001,
    payorId: JON,
    currency: 'ISK',
    amountMinor: 7_900n,
    dueInDays: 21,
    partialAllowed: false,
    reference: 'AFTURKOLLUD-77',
    status: 'Cancelled',
  },
  {
    claimNo: 900_002,
    payorId: JON,
    currency: 'EUR',
    amountMinor: 8_990n,
    dueInDays: 45,
    partialAllowed: false,
    reference: 'EUR-2026',
  },
  ...Array.from(
    { length: 105 },
    (_, i): SeedClaim => ({
      claimNo: 910_001 + i,
      payorId: ANNA,
      currency: 'ISK',
      amountMinor: 2_990n,
      dueInDays: (i - 101) * 7,
      partialAllowed: false,
      reference: `RAEKT-${String(i + 1).padStart(3, '0')}`,
      ...(i === 50 ? { status: 'Cancelled' as const } : i < 101 ? { status: 'Paid' as const } : {}),
    }),
  ),
];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Idempotent: adds the business user, its account and each seeded claim (by claim number) where missing, so a
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
    const now = await sandboxNow(tx);
    const branch = u.account.iban.slice(4, 8);
    const used = await claimNumbersOf(tx, u.kennitala);
    for (const claim of claims) {
      if (used.has(claim.claimNo)) continue;
      const due = now + claim.dueInDays * 86_400_000;
      const dueDate = day(due);
      const finalDueDate = day(due + 10 * 86_400_000);
      await insertClaim(tx, {
        id: claimIdOf({ claimantId: u.kennitala, branch, claimNo: claim.claimNo, dueDate }),
        claim_no: claim.claimNo,
        branch,
        claimant_username: u.username,
        claimant_kennitala: u.kennitala,
        claimant_name: u.name,
        payor_id: claim.payorId,
        deposit_iban: u.account.iban,
        currency: claim.currency,
        amount_minor: claim.amountMinor,
        due_date: dueDate,
        final_due_date: finalDueDate,
        expiration_date: day(due + 4 * 365 * 86_400_000),
        reference: claim.reference,
        bill_number: null,
        template_code: SANDBOX_TEMPLATE_CODE,
        partial_allowed: claim.partialAllowed,
        status: claim.status,
        paid_minor: claim.status === 'Paid' ? claim.amountMinor : 0n,
        closing_date: claim.status ? (claim.status === 'Paid' ? dueDate : day(now)) : null,
        created_at: now,
      });
    }
  });
}
