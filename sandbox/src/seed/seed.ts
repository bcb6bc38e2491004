import { type BankProfile, DEFAULT_BANK, seededPsus } from '../banks.js';
import type { Db } from '../db/db.js';
import { TEST_PEOPLE } from '../identity/people.js';
import { seedIdentityProvider } from '../identity/seed.js';
import { BUSINESS_USER, SEED_CLAIMS, seedBusiness } from './business.js';
import { SEED_CARDS, seedCards } from './cards.js';
import { SEED_PSUS, seedPsus } from './psus.js';

/** What the seed holds, as text: a database template made from another seed is not reused (testing.ts). */
export const SEED_FINGERPRINT = JSON.stringify(
  { SEED_PSUS, BUSINESS_USER, SEED_CLAIMS, SEED_CARDS, TEST_PEOPLE },
  (_, value) => (typeof value === 'bigint' ? value.toString() : value),
);

/**
 * Idempotent: every start adds the bank's demo users, accounts, claims and cards, and the electronic-ID provider's
 * people and key, that a database does not have yet.
 */
export async function seed(db: Db, bank: BankProfile = DEFAULT_BANK): Promise<void> {
  await seedPsus(db, seededPsus(bank));
  await seedBusiness(db, bank.business, bank.claims);
  await seedCards(db, bank.cards);
  await seedIdentityProvider(db);
}
