import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { newPsu } from '@/tests/support/psu';

// A kennitala is linked only from an identity provider's verified claim, one to one; sessions end
// on the server, whatever a copied cookie says.
let app: {
  accounts: typeof import('@/lib/auth/accounts');
  identity: typeof import('@/lib/auth/identity');
  sessions: typeof import('@/lib/auth/sessions');
  psuId: typeof import('@/lib/auth/psu-id');
  bills: typeof import('@/lib/bills/view');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-ident',
    SEED_DEMO_PSU: 'true',
    BANK_SEND_PSU_ID: 'true',
    SESSION_IDLE_MINUTES: '30',
    SESSION_MAX_HOURS: '8',
  });
  const [accounts, identity, sessions, psuId, bills, db, schema] = await Promise.all([
    import('@/lib/auth/accounts'),
    import('@/lib/auth/identity'),
    import('@/lib/auth/sessions'),
    import('@/lib/auth/psu-id'),
    import('@/lib/bills/view'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = { accounts, identity, sessions, psuId, bills, db, schema };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

const issuer = 'https://eid.example.is';

describe('a kennitala', () => {
  it('is nothing an account has until a provider links it: no bills, no PSU-ID', async () => {
    const psuId = await newPsu('typed@example.is');
    const db = await app.db.getDb();
    expect(await app.identity.linkedKennitala(psuId)).toBeNull();
    expect(await app.bills.payorIdOf(psuId, db)).toBeNull();
    expect(await app.psuId.psuIdHeaderFor(psuId)).toBeUndefined();
  });

  it('links from a verified claim, and is then the payor id and PSU-ID of the account', async () => {
    const psuId = await newPsu('verified@example.is');
    const person = { issuer, subject: 'sub-sigga', kennitala: '2411796449', displayName: 'Sigga' };
    expect(await app.identity.linkKennitala(psuId, person)).toEqual({ ok: true, kennitala: '2411796449' });
    expect(await app.bills.payorIdOf(psuId, await app.db.getDb())).toBe('2411796449');
    expect(await app.psuId.psuIdHeaderFor(psuId)).toBe('2411796449');
    // Linking the same again is no change; another kennitala is refused.
    expect((await app.identity.linkKennitala(psuId, person)).ok).toBe(true);
    expect(
      await app.identity.linkKennitala(psuId, { ...person, subject: 'other', kennitala: '1203892039' }),
    ).toEqual({ ok: false, reason: 'accountHasAnother' });
  });

  it('links to one account only: another account is refused it, and a claim without one links nothing', async () => {
    const taker = await newPsu('taker@example.is');
    const jon = { issuer, subject: 'sub-jon', kennitala: '0101302989', displayName: 'Jón' };
    // The demo PSU holds Jón's kennitala already.
    expect(await app.identity.linkKennitala(taker, jon)).toEqual({ ok: false, reason: 'kennitalaTaken' });
    expect(await app.identity.linkKennitala(taker, { issuer, subject: 'sub-x', displayName: 'X' })).toEqual({
      ok: false,
      reason: 'noKennitala',
    });
    expect(await app.identity.linkedKennitala(taker)).toBeNull();
  });

  it('signs in with the electronic ID to the account it is linked to, and makes a new linked account otherwise', async () => {
    const jon = { issuer, subject: 'sub-jon-2', kennitala: '0101302989', displayName: 'Jón' };
    const demo = await app.identity.psuForOidc(jon);
    expect(demo.email).toBe('demo@greidsla.is');
    expect((await app.identity.psuForOidc({ ...jon, kennitala: undefined })).id).toBe(demo.id);

    const newcomer = await app.identity.psuForOidc({
      issuer,
      subject: 'sub-new',
      kennitala: '3108962099',
      email: 'anna@greidsla.is',
      displayName: 'Ný',
    });
    // An e-mail claim never joins accounts; the address in use stays with its account.
    expect(newcomer.id).not.toBe(demo.id);
    expect(newcomer.email).toMatch(/@oidc\.invalid$/);
    expect(await app.identity.linkedKennitala(newcomer.id)).toBe('3108962099');
    const profile = await app.accounts.findProfile(newcomer.id);
    expect(profile?.emailVerifiedAt).toBeNull();
  });
});

describe('a session', () => {
  it('holds while used, and ends for good on sign-out', async () => {
    const psuId = await newPsu('session@example.is');
    const id = await app.sessions.startSession(psuId);
    expect(await app.sessions.touchSession(id)).toBe(psuId);
    await app.sessions.endSession(id, 'signOut');
    expect(await app.sessions.touchSession(id)).toBeNull();
    expect(await app.sessions.touchSession('not-a-session')).toBeNull();
  });

  it('ends the others of the account on a password change, and all of them everywhere', async () => {
    const psuId = await newPsu('many@example.is');
    const [here, phone, laptop] = await Promise.all([1, 2, 3].map(() => app.sessions.startSession(psuId)));
    const elsewhere = await app.sessions.startSession(await newPsu('someone@example.is'));
    expect(await app.sessions.endSessionsOf(psuId, 'passwordChanged', here)).toBe(2);
    expect(await app.sessions.touchSession(here ?? '')).toBe(psuId);
    expect(await app.sessions.touchSession(phone ?? '')).toBeNull();
    expect(await app.sessions.touchSession(laptop ?? '')).toBeNull();
    expect(await app.sessions.endSessionsOf(psuId, 'signOutEverywhere')).toBe(1);
    expect(await app.sessions.touchSession(here ?? '')).toBeNull();
    expect(await app.sessions.touchSession(elsewhere)).not.toBeNull();
  });

  it('ends after SESSION_IDLE_MINUTES without a request, and SESSION_MAX_HOURS after sign-in', async () => {
    const db = await app.db.getDb();
    const { sessions } = app.schema;
    const psuId = await newPsu('idle@example.is');
    const idle = await app.sessions.startSession(psuId);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, idle));
    expect(await app.sessions.touchSession(idle)).toBeNull();
    const old = await app.sessions.startSession(psuId);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, old));
    expect(await app.sessions.touchSession(old)).toBeNull();
    const fresh = await app.sessions.startSession(psuId);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.id, fresh));
    expect(await app.sessions.touchSession(fresh)).toBe(psuId);
  });

  it('is not kept alive by a page’s own background reads: a payment page left open still ends when idle', async () => {
    const db = await app.db.getDb();
    const { sessions } = app.schema;
    const psuId = await newPsu('away@example.is');
    const id = await app.sessions.startSession(psuId);
    const lastSeen = async () =>
      (await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.id, id));
    const before = await lastSeen();
    const background = new Headers({ 'X-Background-Read': '1' });
    expect(await app.sessions.sessionOfRequest(id, background)).toBe(psuId);
    expect(await lastSeen()).toEqual(before);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, id));
    expect(await app.sessions.sessionOfRequest(id, background)).toBeNull();
    expect(await app.sessions.sessionOfRequest(id, new Headers())).toBeNull();
    // A request of the PSU's own notes the use, as every request did.
    const active = await app.sessions.startSession(psuId);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.id, active));
    expect(await app.sessions.sessionOfRequest(active, new Headers())).toBe(psuId);
    const [touched] = await db
      .select({ at: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, active));
    expect(Date.now() - (touched?.at?.getTime() ?? 0)).toBeLessThan(60_000);
  });
});
