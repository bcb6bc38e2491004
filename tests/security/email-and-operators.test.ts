import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { latestLinkTo, mailTo } from '@/tests/support/mailbox';
import { newPsu, psuIdOf } from '@/tests/support/psu';
import { scratchDir } from '@/tests/support/scratch';

// E-mail verification through the real local mailbox, and the operator role it may grant.
const mailbox = path.join(scratchDir('greidsla-mailbox-'), 'mailbox');
let database: Record<string, string>;
let app: {
  verification: typeof import('@/lib/auth/email-verification');
  roles: typeof import('@/lib/auth/operator-roles');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  database = (await freshAppDatabase()) as Record<string, string>;
  Object.assign(process.env, database, {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-mail',
    SEED_DEMO_PSU: 'true',
    APP_BASE_URL: 'http://app.test',
    MAILBOX_DIR: mailbox,
    OPERATOR_EMAILS: 'demo@greidsla.is, Ops@Greidsla.is',
  });
  const [verification, roles, db, schema] = await Promise.all([
    import('@/lib/auth/email-verification'),
    import('@/lib/auth/operator-roles'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = { verification, roles, db, schema };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

function tokenOf(link: string | undefined): string {
  return new URL(link ?? 'http://x').searchParams.get('token') ?? '';
}

describe('the verification link', () => {
  it('goes to the local mailbox in the page language, and verifies the address of its account once', async () => {
    const db = await app.db.getDb();
    const psuId = await newPsu('ops@greidsla.is');
    await app.verification.sendVerificationLink(psuId, 'is');
    const [message] = mailTo(mailbox, 'ops@greidsla.is');
    expect(message?.subject).toBe('Staðfestu netfangið þitt hjá Greiðslu');
    const link = latestLinkTo(mailbox, 'ops@greidsla.is');
    expect(link).toMatch(/^http:\/\/app\.test\/is\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    // Registering a listed address granted nothing; neither does its link in another account's hands.
    expect(await app.roles.holdsOperatorRole(db, psuId)).toBe(false);
    const stranger = await newPsu('stranger@example.is');
    expect(await app.verification.verifyEmail(stranger, tokenOf(link))).toBe('invalid');
    expect(await app.roles.holdsOperatorRole(db, psuId)).toBe(false);

    expect(await app.verification.verifyEmail(psuId, tokenOf(link))).toBe('verified');
    expect(await app.roles.holdsOperatorRole(db, psuId)).toBe(true);
    expect(await app.verification.verifyEmail(psuId, tokenOf(link))).toBe('invalid');
  });

  it('verifies nothing once it has expired, or once the account has another address', async () => {
    const db = await app.db.getDb();
    const { emailVerifications, psus } = app.schema;
    const psuId = await newPsu('late@example.is');
    await app.verification.sendVerificationLink(psuId, 'en');
    const link = latestLinkTo(mailbox, 'late@example.is');
    const [message] = mailTo(mailbox, 'late@example.is');
    expect(message?.subject).toBe('Confirm your e-mail address at Greiðsla');
    // How long the link lasts, in the words the account page uses for it.
    expect(message?.text).toContain('The link is valid for 24 hours.');
    await db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.psuId, psuId));
    expect(await app.verification.verifyEmail(psuId, tokenOf(link))).toBe('invalid');

    await app.verification.sendVerificationLink(psuId, 'en');
    await db.update(psus).set({ email: 'moved@example.is' }).where(eq(psus.id, psuId));
    expect(await app.verification.verifyEmail(psuId, tokenOf(latestLinkTo(mailbox, 'late@example.is')))).toBe(
      'invalid',
    );
  });
});

describe('the operator role', () => {
  it('is held, after start, by the verified, listed demo account', async () => {
    const db = await app.db.getDb();
    // What lib/server/start.ts does at start.
    await app.roles.syncListedOperators(db);
    const demo = await psuIdOf('demo@greidsla.is');
    expect(await app.roles.holdsOperatorRole(db, demo)).toBe(true);
  });

  it('given by the list is taken back when the address leaves it; given by the command it stays', async () => {
    const db = await app.db.getDb();
    const demo = await psuIdOf('demo@greidsla.is');
    await app.roles.syncListedOperators(db, new Set(['someone@else.is']));
    expect(await app.roles.holdsOperatorRole(db, demo)).toBe(false);
    expect(await app.roles.grantOperatorByCommand(db, 'DEMO@greidsla.is')).toBe('granted');
    await app.roles.syncListedOperators(db, new Set());
    expect(await app.roles.holdsOperatorRole(db, demo)).toBe(true);
    expect(await app.roles.revokeOperatorByCommand(db, 'demo@greidsla.is')).toBe('revoked');
    expect(await app.roles.holdsOperatorRole(db, demo)).toBe(false);
    expect(await app.roles.grantOperatorByCommand(db, 'nobody@example.is')).toBe('noSuchAccount');
  });

  it('is not given by the command, nor a holder’s mandate, to an account whose address was never confirmed', async () => {
    const db = await app.db.getDb();
    // Anyone may sign up with an address before its owner does: the grant would go to them.
    const early = await newPsu('cfo@company.is');
    expect(await app.roles.grantOperatorByCommand(db, 'CFO@company.is')).toBe('notVerified');
    expect(await app.roles.holdsOperatorRole(db, early)).toBe(false);
    const holders = await import('@/lib/auth/account-holders');
    expect(await holders.grantHolderByCommand(db, 'cfo@company.is', '640316-4039')).toBe('notVerified');
    const { holderMandates } = await import('@/lib/db/holder-schema');
    const { eq } = await import('drizzle-orm');
    expect(await db.select().from(holderMandates).where(eq(holderMandates.psuId, early))).toEqual([]);
  });
});

describe('npm run grant-operator', () => {
  it('grants the role to an account by its address, in the database the app uses', async () => {
    await app.db.closeDatabase();
    const run = promisify(execFile);
    const env = { ...process.env, ...database, MAILBOX_DIR: mailbox, OPERATOR_EMAILS: '' };
    const tsx = path.join(process.cwd(), 'node_modules/.bin/tsx');
    const unconfirmed = await run(tsx, ['scripts/operator-role.ts', 'grant', 'stranger@example.is'], {
      env,
    }).catch((error: { code: number; stdout: string }) => error);
    expect(unconfirmed).toMatchObject({ code: 1 });
    expect(unconfirmed.stdout).toContain('stranger@example.is has not confirmed its e-mail address yet');
    const { psus } = await import('@/lib/db/schema');
    const { eq, sql } = await import('drizzle-orm');
    const before = await app.db.getDb();
    await before
      .update(psus)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(psus.email, 'stranger@example.is'));
    await app.db.closeDatabase();
    const granted = await run(tsx, ['scripts/operator-role.ts', 'grant', 'stranger@example.is'], { env });
    expect(granted.stdout).toContain('stranger@example.is is an operator now.');
    const missing = await run(tsx, ['scripts/operator-role.ts', 'grant', 'nobody@example.is'], { env }).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stdout).toContain('No account has the e-mail address nobody@example.is');
    const db = await app.db.getDb();
    expect(await app.roles.holdsOperatorRole(db, await psuIdOf('stranger@example.is'))).toBe(true);
    // Two processes, each opening the embedded database: 55 and 69 s beside two other test runs (load 20), past
    // the suite's 120 s bound for a case; a bound on a failure, not on a pass.
  }, 300_000);
});
