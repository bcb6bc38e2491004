import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAppDirectory } from '@/sandbox/src/app-directory';
import { DEFAULT_BANK } from '@/sandbox/src/banks';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startSandbox } from '@/sandbox/src/server';
import { sandboxDataDir } from '@/sandbox/src/testing';
import { freshAppDatabase } from '@/tests/support/app-database';
import { bankPayments } from '@/tests/support/sandbox-admin';
import { scratchDir } from '@/tests/support/scratch';

/**
 * The bank's straight-through confirmation (IOBWS) is the authorisation itself: the bank asks the PSU nothing
 * and takes our word for their right to the debtor account. So the app gives it only for an account whose
 * holder is the PSU (their verified kennitala) or one the operator let them act for; anyone else, who can type
 * any account into a form, is told that only the holder can confirm, and nothing reaches the bank.
 */
const BOKHALD = 'IS950515260012346403164039';
const BOKHALD_HOLDER = '6403164039';
const CREDITOR = 'IS870301260012345101696399';
const ANNA = 'IS770133260044551203892039';

let sandbox: RunningSandbox;
type App = {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  sca: typeof import('@/lib/payments/sca');
  holders: typeof import('@/lib/auth/account-holders');
  accounts: typeof import('@/lib/auth/accounts');
  db: import('@/lib/db').Db;
  schema: typeof import('@/lib/db/schema');
  closeDatabase: () => Promise<void>;
};
let app: App;

beforeAll(async () => {
  const dir = scratchDir('greidsla-straight-through-');
  sandbox = await startSandbox({ port: 0, dataDir: await sandboxDataDir(), log: () => {} });
  const directory = path.join(dir, 'banks.json');
  writeAppDirectory(directory, sandbox.url, [DEFAULT_BANK]);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    BANK_DIRECTORY: directory,
    BANK_TIMEOUT_MS: '20000',
  });
  const [initiation, sca, holders, accounts, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/payments/sca'),
    import('@/lib/auth/account-holders'),
    import('@/lib/auth/accounts'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  app = {
    initiateOnce: initiation.initiateOnce,
    sca,
    holders,
    accounts,
    db: await dbModule.getDb(),
    schema,
    closeDatabase: dbModule.closeDatabase,
  };
}, 180_000);

afterAll(async () => {
  await app?.closeDatabase();
  await sandbox?.close();
});

async function psuIdOf(email: string): Promise<string> {
  const [psu] = await app.db.select().from(app.schema.psus).where(eq(app.schema.psus.email, email));
  if (!psu) throw new Error(`no account ${email}`);
  return psu.id;
}

/**
 * A payment from bokhald's company account, initiated for `psuId`: the bank answers with the confirmation link.
 * `chargesAccount`: where its fees are to be taken from.
 */
async function fromCompanyAccount(
  psuId: string,
  chargesAccount?: string,
  debtorAccount: Record<string, string> = { iban: BOKHALD },
) {
  const outcome = await app.initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount,
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '1000000' },
      ...(chargesAccount ? { chargesAccount: { iban: chargesAccount } } : {}),
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '1000000', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.1.2.3',
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  const [payment] = await app.db
    .select()
    .from(app.schema.payments)
    .where(eq(app.schema.payments.id, outcome.paymentId));
  if (!payment) throw new Error('payment not saved');
  expect(app.sca.scaStateOf(payment)?.links.confirmIobwsStraightThroughProcessingAuthorisation).toBeTruthy();
  return payment;
}

async function confirm(payment: Awaited<ReturnType<typeof fromCompanyAccount>>) {
  const step = await app.sca.scaStepFor(app.db, payment);
  const attempt = app.sca.advanceSca(
    app.db,
    payment,
    { kind: 'confirm' },
    app.sca.authorisationContext(payment, '10.1.2.3'),
  );
  return {
    step: step.kind,
    outcome: await attempt.then(
      () => 'confirmed' as const,
      (error: unknown) =>
        error instanceof app.sca.NotAccountHolderError ? ('refused' as const) : Promise.reject(error),
    ),
  };
}

async function atBank(bankPaymentId: string | null) {
  const found = (await bankPayments(sandbox.url)).find((payment) => payment.paymentId === bankPaymentId);
  return found?.transactionStatus;
}

describe('the straight-through confirmation', () => {
  it('is refused to a PSU who typed a company account that is not theirs, and nothing reaches the bank', async () => {
    const anna = await psuIdOf('anna@greidsla.is');
    const payment = await fromCompanyAccount(anna);
    expect(await confirm(payment)).toEqual({ step: 'holder-confirms', outcome: 'refused' });
    const [after] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, payment.id));
    expect(app.sca.scaStateOf(after ?? payment)?.scaStatus ?? 'received').toBe('received');
    expect(await atBank(payment.bankPaymentId)).toBe('RCVD');
  });

  it('is refused to a new account with no verified kennitala', async () => {
    const email = `stranger-${randomUUID()}@example.is`;
    await app.accounts.createPsu({
      email,
      password: 'a long and unusual passphrase 42',
      displayName: 'Stranger',
    });
    const payment = await fromCompanyAccount(await psuIdOf(email));
    expect(await confirm(payment)).toEqual({ step: 'holder-confirms', outcome: 'refused' });
    expect(await atBank(payment.bankPaymentId)).toBe('RCVD');
  });

  it('is given for a holder the operator granted, and refused again once it is revoked', async () => {
    const anna = await psuIdOf('anna@greidsla.is');
    expect(await app.holders.grantHolderByCommand(app.db, 'anna@greidsla.is', '640316-4039')).toBe('granted');
    const granted = await fromCompanyAccount(anna);
    expect(await confirm(granted)).toEqual({ step: 'confirm', outcome: 'confirmed' });
    expect(await app.holders.revokeHolderByCommand(app.db, 'anna@greidsla.is', BOKHALD_HOLDER)).toBe(
      'revoked',
    );
    const revoked = await fromCompanyAccount(anna);
    expect(await confirm(revoked)).toEqual({ step: 'holder-confirms', outcome: 'refused' });
  });

  it('is given to the demo PSU, who acts for the company by the demo seed', async () => {
    const payment = await fromCompanyAccount(await psuIdOf('demo@greidsla.is'));
    expect(await confirm(payment)).toEqual({ step: 'confirm', outcome: 'confirmed' });
    // On its timeline as the PSU's confirmation on our page, not as the moment it was sent.
    const events = await app.db
      .select()
      .from(app.schema.paymentEvents)
      .where(eq(app.schema.paymentEvents.paymentId, payment.id));
    expect(events.filter((event) => event.source === 'confirmation').length).toBeGreaterThan(0);
  });

  it("is refused where the fees are charged to another holder's account, even from an account the PSU may pay from", async () => {
    // Anna's account: the demo PSU acts for the company, not for her; the bank would take her account's fees on our word.
    const payment = await fromCompanyAccount(await psuIdOf('demo@greidsla.is'), ANNA);
    expect(await confirm(payment)).toEqual({ step: 'holder-confirms', outcome: 'refused' });
    expect(await atBank(payment.bankPaymentId)).toBe('RCVD');
  });

  it('is refused where the debtor account names a second account by BBAN beside the IBAN: a bank may read either', async () => {
    const payment = await fromCompanyAccount(await psuIdOf('demo@greidsla.is'), undefined, {
      iban: BOKHALD,
      bban: ANNA.slice(4),
    });
    expect(await confirm(payment)).toEqual({ step: 'holder-confirms', outcome: 'refused' });
  });

  it('is given where the fees are charged to an account the PSU may pay from', async () => {
    const payment = await fromCompanyAccount(await psuIdOf('demo@greidsla.is'), BOKHALD);
    expect(await confirm(payment)).toEqual({ step: 'confirm', outcome: 'confirmed' });
  });
});

describe('the holder of an account', () => {
  it('is the kennitala in the last ten digits of an Icelandic IBAN or BBAN, and nobody for any other account', () => {
    expect(app.holders.accountHolderKennitala({ iban: BOKHALD })).toBe(BOKHALD_HOLDER);
    expect(app.holders.accountHolderKennitala({ iban: 'IS95 0515 2600 1234 6403 1640 39' })).toBe(
      BOKHALD_HOLDER,
    );
    expect(app.holders.accountHolderKennitala({ bban: '0515260012346403164039' })).toBe(BOKHALD_HOLDER);
    expect(app.holders.accountHolderKennitala({ iban: 'DE89370400440532013000' })).toBeNull();
    expect(app.holders.accountHolderKennitala({ bban: '12345' })).toBeNull();
    expect(app.holders.accountHolderKennitala(undefined)).toBeNull();
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.stringMatching(/^\d{10}$/),
        fc.stringMatching(/^\d{2}$/),
        (account, kennitala, check) => {
          expect(app.holders.accountHolderKennitala({ iban: `IS${check}${account}${kennitala}` })).toBe(
            kennitala,
          );
          expect(app.holders.accountHolderKennitala({ iban: `NO${check}${account}${kennitala}` })).toBeNull();
        },
      ),
    );
  });
});
