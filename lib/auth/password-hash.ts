import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { settings } from '@/lib/config';

/**
 * One bcrypt cost for every hash (PASSWORD_HASH_COST, 12 unless a test run lowers it): the seeded accounts,
 * new ones, and the decoy compared when an e-mail is unknown. A cheaper hash anywhere would let its accounts
 * be told apart by how fast a wrong password is answered.
 */
export function passwordHashCost(): number {
  return settings().PASSWORD_HASH_COST;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, passwordHashCost());
}

let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `hash`; with no hash (an unknown e-mail) a decoy hash of a random
 * string is compared, so that the answer takes as long as for a wrong password.
 */
export async function passwordMatches(password: string, hash: string | undefined): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const matches = await bcrypt.compare(password, hash ?? (await decoy));
  return hash !== undefined && matches;
}

/** A hash made at another cost (an older seed, an older setting): made again at the next sign-in. */
export function needsRehash(hash: string): boolean {
  return bcrypt.getRounds(hash) !== passwordHashCost();
}
