import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt's cost as log2 of N: 14 (N = 16384, Node's default) where no setting lowers it. */
const DEFAULT_COST = 14;

/** Whether `cost` is one a hash may be made or verified with: a whole number from 10 to 16. */
const usableCost = (cost: number) => Number.isInteger(cost) && cost >= 10 && cost <= 16;

/**
 * The cost new hashes are made with: SANDBOX_PASSWORD_HASH_COST (10–16), read when used, so that a test run can
 * lower it (it signs in at the bank's pages thousands of times, and seeds a new database for many of its files).
 */
export function passwordHashCost(): number {
  const cost = Number(process.env.SANDBOX_PASSWORD_HASH_COST);
  return usableCost(cost) ? cost : DEFAULT_COST;
}

/** scrypt's memory bound for a cost: 128 · N · r bytes, and room (Node's default bound is 32 MB). */
const maxmem = (cost: number) => 256 * 2 ** cost * 8;

/**
 * Online-banking passwords are stored as `scrypt$<cost>$<salt>$<hash>` (salt and hash base64), never in clear;
 * one stored before the cost was written (`scrypt$<salt>$<hash>`) has Node's default cost.
 */
export function hashPassword(password: string, cost = passwordHashCost()): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 2 ** cost, maxmem: maxmem(cost) });
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split('$');
  const [scheme, costText, salt, hash] =
    parts.length === 3 ? [parts[0], String(DEFAULT_COST), ...parts.slice(1)] : parts;
  const cost = Number(costText);
  if (scheme !== 'scrypt' || !salt || !hash || !usableCost(cost)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: 2 ** cost,
    maxmem: maxmem(cost),
  });
  return timingSafeEqual(actual, expected);
}
