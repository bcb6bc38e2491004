import type { Db } from '../db/db.js';
import { seedIdentityProvider } from '../identity/seed.js';
import { seedBusiness } from './business.js';
import { seedPsus } from './psus.js';

/**
 * Idempotent: every start adds the demo users, accounts and claims, and the electronic-ID provider's people and
 * key, that a database does not have yet.
 */
export async function seed(db: Db): Promise<void> {
  await seedPsus(db);
  await seedBusiness(db);
  await seedIdentityProvider(db);
}
