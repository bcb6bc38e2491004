import { type BankProfile, DEFAULT_BANK, seededPsus } from '../banks.js';
import type { Db } from '../db/db.js';
import { seedIdentityProvider } from '../identity/seed.js';
import { seedBusiness } from './business.js';
import { seedPsus } from './psus.js';

/**
 * Idempotent: every start adds the bank's demo users, accounts and claims, and the electronic-ID provider's
 * people and key, that a database does not have yet.
 */
export async function seed(db: Db, bank: BankProfile = DEFAULT_BANK): Promise<void> {
  await seedPsus(db, seededPsus(bank));
  await seedBusiness(db, bank.business, bank.claims);
  await seedIdentityProvider(db);
}
