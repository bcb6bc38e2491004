import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

// Settings are read once per process: set them before the app's modules first use them.
let app: {
  rateLimit: typeof import('@/lib/security/rate-limit');
  accounts: typeof import('@/lib/auth/accounts');
  auth: typeof import('@/lib/auth/credentials');
  psuId: typeof import('@/lib/auth/psu-id');
  closeDatabase: () => Promise<void>;
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-5678',
    SEED_DEMO_PSU: 'true',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
    RATE_LIMIT_SIGN_IN_PER_IP: '100',
    BANK_SEND_PSU_ID: 'true',
  });
  const [rateLimit, accounts, auth, psuId, db] = await Promise.all([
    import('@/lib/security/rate-limit'),
    import('@/lib/auth/accounts'),
    import('@/lib/auth/credentials'),
    import('@/lib/auth/psu-id'),
    import('@/lib/db'),
  ]);
  app = { rateLimit, accounts, auth, psuId, closeDatabase: db.closeDatabase };
});

afterAll(async () => {
  await app?.closeDatabase();
});

describe('rate limits in the database', () => {
  it('counts hits in a window and refuses past the limit, with the time left', async () => {
    const limit = { name: 'test:a', limit: 3, windowSeconds: 60 };
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await app.rateLimit.hitLimit(limit, 'subject-1'));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]?.retryAfterSeconds).toBeGreaterThan(50);
    expect(verdicts[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await app.rateLimit.hitLimit(limit, 'subject-2')).allowed).toBe(true);
  });

  it('holds under concurrent hits: exactly the limit is allowed', async () => {
    const limit = { name: 'test:concurrent', limit: 5, windowSeconds: 60 };
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => app.rateLimit.hitLimit(limit, 'burst')),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it('starts a new window once the old one has ended', async () => {
    const limit = { name: 'test:short', limit: 1, windowSeconds: 1 };
    expect((await app.rateLimit.hitLimit(limit, 's')).allowed).toBe(true);
    expect((await app.rateLimit.hitLimit(limit, 's')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await app.rateLimit.hitLimit(limit, 's')).allowed).toBe(true);
  });

  it('keeps no e-mail address in its keys', () => {
    const key = app.rateLimit.limitKey({ name: 'sign-in:email' }, 'jon@example.is');
    expect(key).not.toContain('jon');
    expect(key).toMatch(/^sign-in:email:[A-Za-z0-9_-]{43}$/);
  });
});

describe('sign-in throttling in the credentials check', () => {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.9' });

  it('refuses even the right password after too many failures, then clears on success later', async () => {
    const email = 'anna@greidsla.is';
    for (let i = 0; i < 3; i++) {
      expect(await app.auth.verifyPsuCredentials({ email, password: 'wrong-password' }, headers)).toBeNull();
    }
    await expect(
      app.auth.verifyPsuCredentials({ email, password: 'greidsla-demo' }, headers),
    ).rejects.toMatchObject({ code: 'throttled' });
    // Another PSU from the same address is not locked out by Anna's window.
    expect(
      await app.auth.verifyPsuCredentials({ email: 'demo@greidsla.is', password: 'greidsla-demo' }, headers),
    ).toMatchObject({ email: 'demo@greidsla.is' });
  });
});

describe('accounts', () => {
  it('creates a PSU once per e-mail, checks and changes the password', async () => {
    const created = await app.accounts.createPsu({
      email: 'New.Person@Example.is',
      displayName: 'Ný Manneskja',
      password: 'heitt kakó á Þingvöllum',
    });
    expect(created.ok).toBe(true);
    expect(
      (
        await app.accounts.createPsu({
          email: 'new.person@example.is',
          displayName: 'x',
          password: 'y'.repeat(12),
        })
      ).ok,
    ).toBe(false);
    const psu = await app.accounts.checkPassword('new.person@example.is', 'heitt kakó á Þingvöllum');
    expect(psu?.name).toBe('Ný Manneskja');
    if (!psu) throw new Error('no PSU');
    expect(await app.accounts.changePassword(psu.id, 'not it', 'annað gott lykilorð 7')).toEqual({
      ok: false,
      reason: 'wrongPassword',
    });
    expect(
      await app.accounts.changePassword(psu.id, 'heitt kakó á Þingvöllum', 'annað gott lykilorð 7'),
    ).toEqual({
      ok: true,
    });
    expect(await app.accounts.checkPassword('new.person@example.is', 'heitt kakó á Þingvöllum')).toBeNull();
    // A kennitala comes from an identity provider only (tests/security/identity.test.ts).
    expect(await app.psuId.psuIdHeaderFor(psu.id)).toBeUndefined();
  });
});
