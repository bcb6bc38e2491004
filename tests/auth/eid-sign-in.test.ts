import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { APP_ORIGIN, AuthBrowser } from '@/tests/support/auth-browser';
import { type HostileIdp, type NextToken, startHostileIdp } from '@/tests/support/hostile-idp';
import { newPsu } from '@/tests/support/psu';
import { scratchDir } from '@/tests/support/scratch';

// The electronic-ID sign-in through next-auth's real routes (sign-in, provider, callback), against
// an OpenID provider on loopback that the test turns hostile: OpenID Connect Core 3.1.3.7 says what
// an ID token must pass before its claims are believed. Also what a sign-in does to the session the
// browser had, and what the auth routes write to the log.
const person = { sub: 'subject-sigga-7', nationalRegisterId: '1704952179', name: 'Sigríður Hostadóttir' };
const logFile = path.join(scratchDir('greidsla-auth-log-'), 'app.log');
let idp: HostileIdp;
let app: {
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
  identity: typeof import('@/lib/auth/identity');
  browserSession: typeof import('@/lib/auth/browser-session');
  idToken: typeof import('@/lib/auth/id-token');
  config: typeof import('@/lib/config');
};

beforeAll(async () => {
  idp = await startHostileIdp(person);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-eid-sign-in',
    APP_BASE_URL: APP_ORIGIN,
    SEED_DEMO_PSU: 'true',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    LOG_LEVEL: 'info',
    LOG_FILE: logFile,
  });
  const [db, schema, identity, browserSession, idToken, config] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('@/lib/auth/identity'),
    import('@/lib/auth/browser-session'),
    import('@/lib/auth/id-token'),
    import('@/lib/config'),
  ]);
  app = { db, schema, identity, browserSession, idToken, config };
});

afterAll(async () => {
  await idp?.close();
  await app?.db.closeDatabase();
});

const now = () => Math.floor(Date.now() / 1000);

/** The account an identity of this provider's subject signed in to, if any. */
async function accountOfSubject(subject: string): Promise<string | undefined> {
  const db = await app.db.getDb();
  const [row] = await db
    .select({ psuId: app.schema.psuIdentities.psuId })
    .from(app.schema.psuIdentities)
    .where(eq(app.schema.psuIdentities.subject, subject));
  return row?.psuId;
}

async function refused(browser: AuthBrowser): Promise<void> {
  const answer = await browser.signInWithEid();
  // AccessDenied when our check refuses the token, Configuration when next-auth refuses it first.
  expect(answer.location).toMatch(/\/sign-in\?error=(AccessDenied|Configuration)$/);
  expect(await browser.signedInAs()).toBeUndefined();
}

function logLines(): { level: number; msg: string; line: string }[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ ...(JSON.parse(line) as { level: number; msg: string }), line }));
}

describe('an electronic-ID sign-in (OpenID Connect Core 3.1.3.7)', () => {
  it('signs in with an honest ID token, signed with a published key', async () => {
    const browser = new AuthBrowser();
    idp.next({ claims: { sub: 'honest-1' } });
    const answer = await browser.signInWithEid();
    expect(answer.location).toBe(`${APP_ORIGIN}/en/payments`);
    const psuId = await browser.signedInAs();
    expect(psuId).toBeTruthy();
    expect(await accountOfSubject('honest-1')).toBe(psuId);
  });

  it.each<[string, NextToken]>([
    ['a key the provider never published', { key: 'unpublished' }],
    ['a key never published, under the kid of a published one', { key: 'unpublishedWithPublishedKid' }],
    ['an issue time an hour in the future', { claims: { iat: now() + 3600, exp: now() + 7200 } }],
    ['an issue time long ago', { claims: { iat: now() - 3 * 3600 } }],
    ['no issue time', { claims: { iat: undefined } }],
    ['no expiry', { claims: { exp: undefined } }],
    ['another audience', { claims: { aud: 'another-client' } }],
    ['several audiences and no azp', { claims: { aud: [idp?.clientId ?? 'greidsla-test', 'another'] } }],
    ['another issuer', { claims: { iss: 'https://eid.example.test' } }],
  ])('gives no session for an ID token with %s', async (_, token) => {
    const subject = `hostile-${Math.random().toString(36).slice(2)}`;
    idp.next({ ...token, claims: { sub: subject, ...token.claims } });
    await refused(new AuthBrowser());
    expect(await accountOfSubject(subject)).toBeUndefined();
  });

  it('follows the provider to a new key: an unknown kid makes it fetch the key set again', async () => {
    idp.publishRotatedKey();
    const browser = new AuthBrowser();
    // The key set was fetched by the sign-ins above; jose fetches it again at most once a second.
    await expect
      .poll(async () => {
        idp.next({ key: 'rotated', claims: { sub: 'rotated-1' } });
        await browser.signInWithEid();
        return browser.signedInAs();
      })
      .toBeTruthy();
    expect(idp.jwksRequests).toBeGreaterThan(1);
  });

  it('takes no key set from a plain-http address off this machine, and no such issuer', async () => {
    idp.discovery = { jwks_uri: 'http://keys.example.test/jwks' };
    try {
      idp.next({ claims: { sub: 'http-keys' } });
      await refused(new AuthBrowser());
    } finally {
      idp.discovery = {};
    }
    expect(() =>
      app.config.parseSettings({
        AUTH_SECRET: 'x'.repeat(32),
        OIDC_ISSUER: 'http://eid.example.test',
        OIDC_CLIENT_ID: 'a',
        OIDC_CLIENT_SECRET: 'b',
      }),
    ).toThrow(/OIDC_ISSUER: must be an https address/);
    expect(
      await app.idToken.verifyIdToken('a.b.c', { issuer: 'http://eid.example.test', clientId: 'a' }),
    ).toEqual({ ok: false, reason: 'insecureIssuer' });
  });

  it('signs in a person whose name holds NUL and other unprintable characters, under a clean name', async () => {
    const browser = new AuthBrowser();
    idp.next({
      claims: { sub: 'nul-name', nationalRegisterId: undefined, name: 'Jón\u0000Jóns\u202Eson\uD800' },
    });
    await browser.signInWithEid();
    const psuId = await browser.signedInAs();
    expect(psuId).toBeTruthy();
    const db = await app.db.getDb();
    const [row] = await db
      .select({ name: app.schema.psus.displayName })
      .from(app.schema.psus)
      .where(eq(app.schema.psus.id, psuId ?? ''));
    expect(row?.name).toBe('Jón Jóns son');
  });
});

describe('a sign-in over a session open in the browser', () => {
  it('with a password, ends the session the browser had', async () => {
    await newPsu('first@example.is');
    await newPsu('second@example.is');
    const browser = new AuthBrowser();
    await browser.signInWithPassword('first@example.is', 'long enough password 1');
    const first = await browser.signedInAs();
    expect(first).toBeTruthy();
    const copy = new AuthBrowser();
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    await browser.signInWithPassword('second@example.is', 'long enough password 1');
    expect(await browser.signedInAs()).not.toBe(first);
    // The earlier cookie names a session that has ended.
    expect(await copy.signedInAs()).toBeUndefined();
  });

  it('with the electronic ID, signs in as that person and links nothing to the open account', async () => {
    const psuId = await newPsu('open-session@example.is');
    const browser = new AuthBrowser();
    await browser.signInWithPassword('open-session@example.is', 'long enough password 1');
    expect(await browser.signedInAs()).toBe(psuId);
    idp.next({ claims: { sub: 'eid-over-open', nationalRegisterId: '2411796449', name: 'Guðný Önnur' } });
    await browser.signInWithEid();
    const now = await browser.signedInAs();
    expect(now).toBeTruthy();
    expect(now).not.toBe(psuId);
    expect(await app.identity.linkedKennitala(psuId)).toBeNull();
    expect(await app.identity.linkedKennitala(now ?? '')).toBe('2411796449');
  });

  it('links the kennitala to the account only when its PSU asked from the account page, in this session', async () => {
    const psuId = await newPsu('links@example.is');
    const browser = new AuthBrowser();
    await browser.signInWithPassword('links@example.is', 'long enough password 1');
    const headers = new Headers({ cookie: browser.cookieHeader() });
    const [session] = await app.browserSession.sessionsNamedBy(headers);
    if (!session) throw new Error('no session');

    // A link request of another browser's session, copied into this one, links nothing.
    const other = new AuthBrowser();
    await other.signInWithPassword('first@example.is', 'long enough password 1');
    const [othersSession] = await app.browserSession.sessionsNamedBy(
      new Headers({ cookie: other.cookieHeader() }),
    );
    if (!othersSession) throw new Error('no session');
    const forged = await app.browserSession.linkRequestCookie(othersSession);
    browser.cookies.set(forged.name, forged.value);
    idp.next({ claims: { sub: 'link-1', nationalRegisterId: '1203892039', name: 'Link Person' } });
    await browser.signInWithEid();
    expect(await app.identity.linkedKennitala(psuId)).toBeNull();
    expect(await app.identity.linkedKennitala(othersSession.psuId)).toBeNull();

    // Signed in again, the account page's request (its cookie) links the electronic ID's kennitala.
    await browser.signInWithPassword('links@example.is', 'long enough password 1');
    const [again] = await app.browserSession.sessionsNamedBy(new Headers({ cookie: browser.cookieHeader() }));
    if (!again) throw new Error('no session');
    const asked = await app.browserSession.linkRequestCookie(again);
    browser.cookies.set(asked.name, asked.value);
    idp.next({ claims: { sub: 'link-2', nationalRegisterId: '3108962099', name: 'Link Person' } });
    await browser.signInWithEid();
    expect(await app.identity.linkedKennitala(psuId)).toBe('3108962099');
    expect(await browser.signedInAs()).toBe(psuId);
  });
});

describe('the log of the auth routes', () => {
  it('holds no error line and no personal data for what clients and a hostile provider caused', async () => {
    const browser = new AuthBrowser();
    const tampered = [
      '/api/auth/callback/credentials',
      '/api/auth/callback/eid',
      '/api/auth/callback/eid?code=x&state=y',
      '/api/auth/callback/eid?error=access_denied&state=y',
      '/api/auth/callback/nothing',
      '/api/auth/signin/nothing',
      '/api/auth/nothing',
      '/api/auth/session',
    ];
    for (const address of tampered) expect((await browser.request(address)).status).toBeLessThan(500);
    expect((await browser.request('/api/auth/callback/nothing')).status).toBe(404);
    await browser.request('/api/auth/callback/credentials', {
      form: { email: 'x@example.is', password: 'x' },
    });
    await browser.request('/api/auth/signin/eid', { form: { csrfToken: 'forged' } });
    browser.cookies.set('authjs.session-token', 'forged');
    await browser.request('/api/auth/session');
    // A sign-out over a cookie that does not decode: the cookie goes, and the log says it at warn level.
    const csrfToken = await browser.csrfToken();
    browser.cookies.set('authjs.session-token', 'forged');
    const signedOut = await browser.request('/api/auth/signout', { form: { csrfToken } });
    expect(signedOut.status).toBe(302);
    expect(browser.cookies.has('authjs.session-token')).toBe(false);
    idp.next({ key: 'unpublished', claims: { sub: 'logged-subject-9', name: 'Hallgerður Langbrók' } });
    await refused(new AuthBrowser());
    idp.next({ claims: { sub: 'logged-subject-9', name: 'Hallgerður Langbrók', iat: now() + 3600 } });
    await refused(new AuthBrowser());

    const lines = logLines();
    expect(lines.filter((line) => line.level >= 50).map((line) => line.line)).toEqual([]);
    for (const { line } of lines) {
      expect(line).not.toContain('Hallgerð');
      expect(line).not.toContain('Sigríður');
      expect(line).not.toContain('logged-subject-9');
      expect(line).not.toContain('"stack"');
    }
    expect(lines.some((line) => line.msg === 'electronic-ID token refused')).toBe(true);
    expect(lines.some((line) => line.msg === 'auth request refused')).toBe(true);
  });
});
