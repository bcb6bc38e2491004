import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDirectory } from '@/lib/bank/directory';
import { bankNumberOf, bankOfAccount, FULL_OFFER } from '@/lib/bank/offer';
import { OTHER_BANKS } from '@/sandbox/src/banks';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startSandbox } from '@/sandbox/src/server';
import { sandboxDataDir } from '@/sandbox/src/testing';
import { freshAppDatabase } from '@/tests/support/app-database';
import { scratchDir } from '@/tests/support/scratch';

const NORDUR = OTHER_BANKS.find((bank) => bank.id === 'nordur');
if (!NORDUR) throw new Error('no sandbox bank nordur');
const JON_AT_ROOT = 'IS140159260076545510730339';
const JON_AT_NORDUR = NORDUR.psus[0]?.accounts[0]?.iban ?? '';
const CREDITOR = 'IS870301260012345101696399';

function entry(id: string, bankNumbers: string[], base: string, secret = 'demo-tpp-secret') {
  return {
    id,
    name: `Bank ${id}`,
    bankNumbers,
    urls: { payments: `${base}/psd2`, auth: base, events: `${base}/events`, business: `${base}/business` },
    credentials: {
      clientId: 'demo-tpp',
      clientSecret: secret,
      subscriptionKey: 'demo-subscription-key',
      businessUsername: 'greidsla-ehf',
      businessPassword: 'sandbox-b2b',
    },
    offer: FULL_OFFER,
  };
}

describe('the bank directory file', () => {
  it('names every problem with its place', () => {
    const text = JSON.stringify({
      banks: [
        entry('a', ['01'], 'http://127.0.0.1:1'),
        entry('b', ['01', '3'], 'ftp://x'),
        entry('a', [], 'x'),
      ],
    });
    let message = '';
    try {
      parseDirectory(text, 'banks.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Invalid bank directory banks.json');
    expect(message).toContain('banks.1.bankNumbers.1: two digits');
    expect(message).toContain('banks.1.urls.payments');
    expect(message).toContain("01 is already a's");
    expect(message).toContain('banks.2.id: a twice');
    expect(message).toContain('banks.2.bankNumbers: name its bank numbers');
    expect(() => parseDirectory('{', 'banks.json')).toThrow(/not JSON/);
  });

  it('in production, refuses a bank address in plain http to another machine; the sandbox on this one may be http', () => {
    const text = JSON.stringify({
      banks: [entry('a', ['01'], 'http://bank.example'), entry('b', ['02'], 'http://127.0.0.1:1')],
    });
    expect(() => parseDirectory(text, 'banks.json', { production: true })).toThrow(
      /banks\.0\.urls\.payments: must be https:\/\//,
    );
    expect(parseDirectory(text, 'banks.json')).toHaveLength(2);
    const secure = JSON.stringify({ banks: [entry('a', ['01'], 'https://bank.example')] });
    expect(parseDirectory(secure, 'banks.json', { production: true })).toHaveLength(1);
  });

  it('says which dialect each bank speaks: ours by default, IOBWS 3.2 with its claim payments where named', () => {
    const iobws = {
      ...entry('sudur', ['11'], 'http://127.0.0.1:1'),
      dialect: 'iobws-3.2',
      offer: { ...FULL_OFFER, products: ['credit-transfers', 'claim-payments'] },
    };
    const [ours, theirs] = parseDirectory(
      JSON.stringify({ banks: [entry('a', ['01'], 'http://127.0.0.1:1'), iobws] }),
      'banks.json',
    );
    expect(ours).toMatchObject({ dialect: 'spec', claimPayments: false });
    expect(theirs).toMatchObject({
      dialect: 'iobws-3.2',
      claimPayments: true,
      offer: { products: ['credit-transfers'] },
    });
    const wrong = { ...entry('b', ['03'], 'http://127.0.0.1:1'), offer: iobws.offer };
    expect(() => parseDirectory(JSON.stringify({ banks: [wrong, iobws] }), 'banks.json')).toThrow(
      /banks\.0\.offer\.products\.1: claim-payments is not a product of the spec dialect/,
    );
    expect(() =>
      parseDirectory(JSON.stringify({ banks: [{ ...iobws, dialect: 'iobws-9' }] }), 'banks.json'),
    ).toThrow(/banks\.0\.dialect/);
  });

  // ÍST TS-310 / IBAN: positions 5-6 of an IS IBAN are the first two digits of the bank-and-branch number.
  it('routes an account by its bank number, typed as an IBAN or a domestic account', () => {
    const banks = [
      { id: 'a', bankNumbers: ['01', '05'] },
      { id: 'b', bankNumbers: ['03'] },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom('01', '03', '05', '07'),
        fc.stringMatching(/^\d{2}$/),
        fc.stringMatching(/^\d{6}$/),
        (number, branch, account) => {
          const domestic = `${number}${branch}-26-${account}`;
          const expected = banks.find((bank) => bank.bankNumbers.includes(number))?.id;
          expect(bankNumberOf(domestic)).toBe(number);
          expect(bankOfAccount(banks, domestic)?.id).toBe(expected);
        },
      ),
    );
    expect(bankOfAccount(banks, JON_AT_ROOT)?.id).toBe('a');
    expect(bankOfAccount(banks, JON_AT_NORDUR)?.id).toBe('b');
    expect(bankOfAccount(banks, 'DE89370400440532013000')).toBeUndefined();
    expect(bankOfAccount([{ id: 'only', bankNumbers: [] }], '0701-26-000001')?.id).toBe('only');
  });
});

describe('two banks, one app', () => {
  let sandbox: RunningSandbox;
  let app: {
    initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
    syncPaymentStatus: typeof import('@/lib/payments/sync').syncPaymentStatus;
    scope: typeof import('@/lib/bank/scope');
    tokens: typeof import('@/lib/bank/tokens');
    bankPayments: typeof import('@/lib/bank/payments');
    webhooks: typeof import('@/lib/bank/webhooks-service');
    db: import('@/lib/db').Db;
    closeDatabase: () => Promise<void>;
    schema: typeof import('@/lib/db/schema');
  };
  let psuId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      dataDir: await sandboxDataDir([NORDUR]),
      otherBanks: [NORDUR],
      log: () => {},
    });
    const dir = scratchDir('greidsla-directory-');
    const file = path.join(dir, 'banks.json');
    const nordur = entry('nordur', ['03'], `${sandbox.url}/banks/nordur`, NORDUR.client.clientSecret);
    nordur.credentials.subscriptionKey = NORDUR.client.subscriptionKey;
    nordur.credentials.businessPassword = NORDUR.business.password;
    writeFileSync(file, JSON.stringify({ banks: [entry('default', ['01', '05'], sandbox.url), nordur] }));
    Object.assign(process.env, await freshAppDatabase(), {
      AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
      BANK_DIRECTORY: file,
      BANK_TIMEOUT_MS: '20000',
    });
    const [initiation, sync, scope, tokens, bankPayments, webhooks, dbModule, schema] = await Promise.all([
      import('@/lib/payments/initiation'),
      import('@/lib/payments/sync'),
      import('@/lib/bank/scope'),
      import('@/lib/bank/tokens'),
      import('@/lib/bank/payments'),
      import('@/lib/bank/webhooks-service'),
      import('@/lib/db'),
      import('@/lib/db/schema'),
    ]);
    const db = await dbModule.getDb();
    app = {
      initiateOnce: initiation.initiateOnce,
      syncPaymentStatus: sync.syncPaymentStatus,
      scope,
      tokens,
      bankPayments,
      webhooks,
      db,
      closeDatabase: dbModule.closeDatabase,
      schema,
    };
    const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
    psuId = psu?.id ?? '';
  }, 180_000);

  afterAll(async () => {
    await app?.closeDatabase();
    await sandbox?.close();
  });

  function request(debtor: string) {
    return {
      psuId,
      submissionId: randomUUID(),
      service: 'payments' as const,
      product: 'credit-transfers' as const,
      body: {
        debtorAccount: { iban: debtor },
        creditorAccount: { iban: CREDITOR },
        instructedAmount: { currency: 'ISK', amount: '1500' },
        remittanceInformationUnstructured: 'two banks',
      },
      scaLanguage: 'is' as const,
      uiLocale: 'is' as const,
      summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
      psuIpAddress: '10.1.2.3',
    };
  }

  async function saved(paymentId: string) {
    const [row] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, paymentId));
    if (!row) throw new Error('payment not saved');
    return row;
  }

  it('keeps a token per bank and interface, each from its own bank', async () => {
    const { inBank } = app.scope;
    const atRoot = await inBank('default', () => app.tokens.accessToken('payments'));
    const atNordur = await inBank('nordur', () => app.tokens.accessToken('payments'));
    expect(atNordur).not.toBe(atRoot);
    // Cached apart: asking again in each bank gives that bank's own token back.
    expect(await inBank('nordur', () => app.tokens.accessToken('payments'))).toBe(atNordur);
    expect(await inBank('default', () => app.tokens.accessToken('payments'))).toBe(atRoot);
    // A payment call without a bank is refused rather than sent to a guessed one.
    expect(() => app.scope.currentBank('payments')).toThrow(app.scope.UnknownBankError);
  });

  it('sends each payment to the bank of its debtor account and reads its status there only', async () => {
    const root = await app.initiateOnce(request(JON_AT_ROOT));
    const nordur = await app.initiateOnce(request(JON_AT_NORDUR));
    expect(root.ok && nordur.ok, JSON.stringify([root, nordur])).toBe(true);
    if (!root.ok || !nordur.ok) return;
    const [rootRow, nordurRow] = [await saved(root.paymentId), await saved(nordur.paymentId)];
    expect(rootRow.bankId).toBe('default');
    expect(nordurRow.bankId).toBe('nordur');
    expect(nordurRow.scaRedirect?.startsWith(`${sandbox.url}/banks/nordur/`)).toBe(true);

    for (const row of [rootRow, nordurRow]) {
      const ref = { service: row.service, product: row.product, paymentId: row.bankPaymentId ?? '' };
      const other = row.bankId === 'default' ? 'nordur' : 'default';
      // The other bank does not know the payment: a read there is a 404, never its status.
      await expect(
        app.scope.inBank(other, () => app.bankPayments.readPaymentStatus(ref)),
      ).rejects.toMatchObject({
        status: 404,
      });
      expect(await app.scope.inBank(row.bankId, () => app.bankPayments.readPaymentStatus(ref))).toEqual({
        transactionStatus: 'RCVD',
      });
      const synced = await app.syncPaymentStatus(app.db, row, 'poll');
      expect(synced.status).toBe('RCVD');
    }
  });

  it('refuses an account at a bank not in the directory before anything is saved or sent', async () => {
    const before = (await app.db.select().from(app.schema.payments)).length;
    const outcome = await app.initiateOnce(request('IS390701260047110101302989'));
    expect(outcome).toEqual({ ok: false, messageKey: 'banks.unknown' });
    expect((await app.db.select().from(app.schema.payments)).length).toBe(before);
  });

  it('creates a webhook subscription at one bank that the other bank never sees (webhooks spec)', async () => {
    const { inBank } = app.scope;
    const created = await inBank('nordur', () =>
      app.webhooks.createBankSubscription({
        callbackUrl: 'https://hooks.example.is/n',
        eventTypes: ['claim.paid'],
      }),
    );
    const atNordur = await inBank('nordur', () => app.webhooks.listBankSubscriptions());
    const atRoot = await inBank('default', () => app.webhooks.listBankSubscriptions());
    expect(atNordur.map((s) => s.subscriptionId)).toContain(created.subscriptionId);
    expect(atRoot.map((s) => s.subscriptionId)).not.toContain(created.subscriptionId);
    expect(
      await inBank('default', () => app.webhooks.getBankSubscription(created.subscriptionId)),
    ).toBeUndefined();
  });
});
