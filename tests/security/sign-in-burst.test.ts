import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

// Sign-in throttling under real concurrency against the database, and one bcrypt cost for every
// account. Settings are read once per process: set them before the app's modules first use them.
let app: {
  credentials: typeof import('@/lib/auth/credentials');
  throttle: typeof import('@/lib/auth/sign-in-throttle');
  accounts: typeof import('@/lib/auth/accounts');
  hash: typeof import('@/lib/auth/password-hash');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-burst',
    SEED_DEMO_PSU: 'true',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '5',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000',
  });
  const [credentials, throttle, accounts, hash, db, schema] = await Promise.all([
    import('@/lib/auth/credentials'),
    import('@/lib/auth/sign-in-throttle'),
    import('@/lib/auth/accounts'),
    import('@/lib/auth/password-hash'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = { credentials, throttle, accounts, hash, db, schema };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

const clientHeaders = new Headers({ 'x-forwarded-for': '198.51.100.7' });

async function burst(email: string, passwords: string[]) {
  const outcomes = await Promise.allSettled(
    passwords.map((password) => app.credentials.verifyPsuCredentials({ email, password }, clientHeaders)),
  );
  return {
    checked: outcomes.filter((o) => o.status === 'fulfilled').length,
    throttled: outcomes.filter((o) => o.status === 'rejected' && o.reason?.code === 'throttled').length,
  };
}

describe('a concurrent burst of sign-ins', () => {
  it('gets no more password checks than the limit of 5, and then not the right password either', async () => {
    const email = 'burst@example.is';
    const password = 'the right one, long enough';
    await app.accounts.createPsu({ email, displayName: 'Burst', password });
    const guesses = Array.from({ length: 8 }, (_, i) => `wrong guess ${i}`);
    expect(await burst(email, guesses)).toEqual({ checked: 5, throttled: 3 });
    expect(await burst(email, [password])).toEqual({ checked: 0, throttled: 1 });
  });

  it('keeps the window of one e-mail apart from another', async () => {
    const outcome = await burst('demo@greidsla.is', ['greidsla-demo']);
    expect(outcome).toEqual({ checked: 1, throttled: 0 });
  });
});

describe('a right password beside guesses', () => {
  const subjects = (email: string) => app.throttle.signInSubjects(email, clientHeaders);
  const reserve = async (email: string, count: number) => {
    const verdicts = [];
    for (let i = 0; i < count; i++) verdicts.push(await app.throttle.reserveSignInAttempt(subjects(email)));
    return verdicts.map((v) => v.allowed);
  };

  it('forgets the failures settled before it, so the PSU starts afresh', async () => {
    const email = 'typos@example.is';
    expect(await reserve(email, 4)).toEqual([true, true, true, true]);
    for (let i = 0; i < 4; i++) await app.throttle.settleSignInAttempt(subjects(email), false);
    expect(await reserve(email, 1)).toEqual([true]);
    await app.throttle.settleSignInAttempt(subjects(email), true);
    expect(await reserve(email, 6)).toEqual([true, true, true, true, true, false]);
  });

  it('leaves the guesses still being checked counted: one more check, not a fresh window', async () => {
    const email = 'in-flight@example.is';
    expect(await reserve(email, 5)).toEqual([true, true, true, true, true]);
    await app.throttle.settleSignInAttempt(subjects(email), true);
    expect(await reserve(email, 2)).toEqual([true, false]);
    for (let i = 0; i < 5; i++) await app.throttle.settleSignInAttempt(subjects(email), false);
    expect(await reserve(email, 1)).toEqual([false]);
  });
});

describe('bcrypt cost', () => {
  it('is the same for the seeded accounts, a new account and the decoy', async () => {
    const db = await app.db.getDb();
    const rows = await db
      .select({ email: app.schema.psus.email, hash: app.schema.psus.passwordHash })
      .from(app.schema.psus);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(bcrypt.getRounds(row.hash), row.email).toBe(app.hash.passwordHashCost());
  });

  it('hashes a password kept at an older cost again at the next right sign-in', async () => {
    const db = await app.db.getDb();
    await db
      .update(app.schema.psus)
      .set({ passwordHash: bcrypt.hashSync('greidsla-demo', 10) })
      .where(eq(app.schema.psus.email, 'anna@greidsla.is'));
    expect(await app.accounts.checkPassword('anna@greidsla.is', 'greidsla-demo')).not.toBeNull();
    const [anna] = await db
      .select({ hash: app.schema.psus.passwordHash })
      .from(app.schema.psus)
      .where(eq(app.schema.psus.email, 'anna@greidsla.is'));
    expect(bcrypt.getRounds(anna?.hash ?? '')).toBe(app.hash.passwordHashCost());
  });
});

describe('guesses from one IPv6 network', () => {
  it('share one window: a new address in the same /64 does not start the count again', async () => {
    const email = 'network@example.is';
    const password = 'the right one, long enough';
    await app.accounts.createPsu({ email, displayName: 'Network', password });
    const from = (address: string) => new Headers({ 'x-forwarded-for': address });
    const attempt = (address: string, guess: string) =>
      app.credentials.verifyPsuCredentials({ email, password: guess }, from(address)).then(
        () => 'checked',
        (error) => (error?.code === 'throttled' ? 'throttled' : 'checked'),
      );
    for (let i = 1; i <= 5; i++)
      expect(await attempt(`2001:db8:7:7::${i.toString(16)}`, `wrong ${i}`)).toBe('checked');
    expect(await attempt('2001:db8:7:7:ffff:1:2:3', password)).toBe('throttled');
    // Another network is another client: the PSU at home is not locked out by the guesser's.
    expect(await attempt('2001:db8:7:8::1', password)).toBe('checked');
  });
});
