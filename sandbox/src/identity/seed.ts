import type { Db } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { ensureSigningKey } from './keys.js';
import { addPerson, TEST_PEOPLE } from './people.js';

/** The provider's test people that a database lacks, and its signing key when it has none. */
export async function seedIdentityProvider(db: Db): Promise<void> {
  for (const person of TEST_PEOPLE) await addPerson(db, person);
  await ensureSigningKey(db, await sandboxNow(db));
}
