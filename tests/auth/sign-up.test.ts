import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';
import { mailTo } from '@/tests/support/mailbox';
import { scratchDir } from '@/tests/support/scratch';

// Sign-up must not tell whether an address has an account: the same answer, and a message to the
// address either way; only its owner reads which.
const mailbox = scratchDir('greidsla-sign-up-mail-');
let app: {
  signUp: typeof import('@/lib/auth/sign-up');
  accounts: typeof import('@/lib/auth/accounts');
  db: typeof import('@/lib/db');
  schema: typeof import('@/lib/db/schema');
};

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-sign-up',
    SEED_DEMO_PSU: 'false',
    MAILBOX_DIR: mailbox,
    APP_BASE_URL: 'https://greidsla.example.is',
  });
  const [signUp, accounts, db, schema] = await Promise.all([
    import('@/lib/auth/sign-up'),
    import('@/lib/auth/accounts'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = { signUp, accounts, db, schema };
});

afterAll(async () => {
  await app?.db.closeDatabase();
});

describe('sign-up', () => {
  it('answers alike for a new and a known address, and mails both', async () => {
    const email = 'Maria@Example.is';
    const first = await app.signUp.signUpPsu(
      { email, displayName: 'María', password: 'kaffi og kleinur á sunnudögum' },
      'en',
    );
    const again = await app.signUp.signUpPsu(
      { email: 'maria@example.is', displayName: 'Önnur', password: 'te og pönnukökur á mánudögum' },
      'is',
    );
    expect(again).toEqual(first);
    const messages = mailTo(mailbox, 'maria@example.is');
    expect(messages.map((message) => message.subject)).toEqual([
      'Confirm your e-mail address at Greiðsla',
      'Reynt var að stofna aðgang með netfanginu þínu hjá Greiðslu',
    ]);
    expect(messages[1]?.text).toContain('https://greidsla.example.is/is/sign-in');
    // Nothing of the account changed: its name and password are the first sign-up's.
    const db = await app.db.getDb();
    const rows = await db
      .select({ name: app.schema.psus.displayName })
      .from(app.schema.psus)
      .where(eq(app.schema.psus.email, 'maria@example.is'));
    expect(rows).toEqual([{ name: 'María' }]);
    expect(
      await app.accounts.checkPassword('maria@example.is', 'kaffi og kleinur á sunnudögum'),
    ).not.toBeNull();
  });
});
