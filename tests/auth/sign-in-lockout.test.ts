import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { newPsu } from '@/tests/support/psu';

// Throttled sign-in must not become a way for strangers to lock a PSU out: the failures that count
// against an e-mail address are those from one client address, and an attempt refused unchecked
// counts against nothing.
let app: {
  credentials: typeof import('@/lib/auth/credentials');
  db: typeof import('@/lib/db');
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-lockout',
    SEED_DEMO_PSU: 'false',
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '3',
    RATE_LIMIT_SIGN_IN_PER_IP: '10',
  });
  const [credentials, db] = await Promise.all([import('@/lib/auth/credentials'), import('@/lib/db')]);
  app = { credentials, db };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

const from = (address: string) => new Headers({ 'x-forwarded-for': address });
const right = 'long enough password 1';

async function attempt(
  email: string,
  password: string,
  address: string,
): Promise<'in' | 'wrong' | 'throttled'> {
  try {
    return (await app.credentials.verifyPsuCredentials({ email, password }, from(address))) ? 'in' : 'wrong';
  } catch (error) {
    if ((error as { code?: string }).code === 'throttled') return 'throttled';
    throw error;
  }
}

describe('sign-in throttling', () => {
  it('locks out the guesser at their address, not the PSU at theirs', async () => {
    const email = 'owner@example.is';
    await newPsu(email);
    const stranger = '203.0.113.50';
    for (let i = 0; i < 3; i++) expect(await attempt(email, `guess ${i}`, stranger)).toBe('wrong');
    expect(await attempt(email, right, stranger)).toBe('throttled');
    for (let i = 0; i < 5; i++) expect(await attempt(email, `guess ${i}`, stranger)).toBe('throttled');
    // The PSU, at home, signs in while the stranger goes on.
    expect(await attempt(email, right, '198.51.100.1')).toBe('in');
    expect(await attempt(email, `another guess`, stranger)).toBe('throttled');
  });

  it('does not count a refused attempt: hammering one locked address fills no other window', async () => {
    const locked = 'locked@example.is';
    const other = 'other@example.is';
    await newPsu(locked);
    await newPsu(other);
    const address = '203.0.113.60';
    for (let i = 0; i < 3; i++) expect(await attempt(locked, `guess ${i}`, address)).toBe('wrong');
    // Twenty refusals at this address: counted, they would fill its window of 10 twice over.
    for (let i = 0; i < 20; i++) expect(await attempt(locked, `guess ${i}`, address)).toBe('throttled');
    expect(await attempt(other, right, address)).toBe('in');
  });
});
