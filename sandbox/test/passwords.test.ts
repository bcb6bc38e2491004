import { randomBytes, scryptSync } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, passwordHashCost, verifyPassword } from '../src/shared/passwords.js';

afterEach(() => vi.unstubAllEnvs());

describe('online-banking passwords', () => {
  it('verify against their own hash only, at any cost from 10 to 16', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 10, max: 12 }),
        (password, other, cost) => {
          const stored = hashPassword(password, cost);
          expect(stored).toMatch(new RegExp(`^scrypt\\$${cost}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
          expect(verifyPassword(password, stored)).toBe(true);
          expect(verifyPassword(other, stored)).toBe(other === password);
        },
      ),
      { numRuns: 30 },
    );
    expect(verifyPassword('sandbox', hashPassword('sandbox', 16))).toBe(true);
  });

  it('are hashed at cost 14 unless SANDBOX_PASSWORD_HASH_COST names one from 10 to 16', () => {
    vi.stubEnv('SANDBOX_PASSWORD_HASH_COST', '');
    expect(passwordHashCost()).toBe(14);
    vi.stubEnv('SANDBOX_PASSWORD_HASH_COST', '10');
    expect(passwordHashCost()).toBe(10);
    expect(hashPassword('sandbox')).toMatch(/^scrypt\$10\$/);
    for (const unusable of ['9', '17', '12.5', 'ten']) {
      vi.stubEnv('SANDBOX_PASSWORD_HASH_COST', unusable);
      expect(passwordHashCost(), unusable).toBe(14);
    }
  });

  it('stored before the cost was written (scrypt$salt$hash) verify at cost 14', () => {
    const salt = randomBytes(16);
    const stored = `scrypt$${salt.toString('base64')}$${scryptSync('sandbox', salt, 32).toString('base64')}`;
    expect(verifyPassword('sandbox', stored)).toBe(true);
    expect(verifyPassword('sandbox ', stored)).toBe(false);
  });

  it('never verify against a hash of another scheme, cost or shape', () => {
    const [, , salt, hash] = hashPassword('sandbox', 10).split('$');
    for (const stored of [
      `bcrypt$10$${salt}$${hash}`,
      `scrypt$9$${salt}$${hash}`,
      `scrypt$17$${salt}$${hash}`,
      `scrypt$11$${salt}$${hash}`,
      `scrypt$10$${salt}$`,
      'scrypt$10',
      '',
    ])
      expect(verifyPassword('sandbox', stored), stored).toBe(false);
  });
});
