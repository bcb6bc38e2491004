import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '@/sandbox/src/server';
import { CREDITOR, startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { addFault, advanceSandboxClock, bankPayments, clearFaults } from '@/tests/support/sandbox-admin';
import { type RecordedCall, RecordingProxy } from './recording-proxy';

// The PSU signed in to the app, for the route handlers the bank sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * The app's bank client against the payment interface spec (shared/spec/payment-initiation.md, with
 * the reference where it says "not shown"), over HTTP to the sandbox bank through a recording proxy:
 * what the app sends (method, path, headers, body) and what it does with each answer. The proxy can
 * hand the bank's `_links` on under a path only a client that follows them can know, or as links
 * relative to `{base_url}`, and can answer a call itself where the sandbox never answers so.
 *
 * PSU-ID is switched on (BANK_SEND_PSU_ID), so every PSU here pays from an account of their own.
 */

const KENNITALA = {
  bokhald: '6403164039',
  olafur: '2207793199',
  helga: '1505852289',
  jon: '0101302989',
} as const;
const ACCOUNT = {
  bokhald: 'IS950515260012346403164039',
  olafur: 'IS830515260012342207793199',
  helga: 'IS950515260012341505852289',
  jon: 'IS140159260076545510730339',
} as const;
type Psu = keyof typeof KENNITALA;

const PSU_IP = '10.20.30.40';
/** Our own address (TPP_PUBLIC_IP), sent where the PSU's IPv4 is not known. */
const TPP_IP = '198.51.100.7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
const appPsu: Record<Psu, string> = { bokhald: '', olafur: '', helga: '', jon: '' };
let app: {
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
  initiation: typeof import('@/lib/payments/initiation');
  sca: typeof import('@/lib/payments/sca');
  sync: typeof import('@/lib/payments/sync');
  bank: typeof import('@/lib/bank/payments');
  jobs: typeof import('@/lib/jobs');
};

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'spec-conformance-secret-spec-conformance-0123',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_BUSINESS_BASE_URL: `${proxyUrl}/business`,
    BANK_EVENTS_BASE_URL: `${proxyUrl}/events`,
    BANK_TIMEOUT_MS: '15000',
    BANK_SEND_PSU_ID: 'true',
    TPP_PUBLIC_IP: TPP_IP,
    // Each PSU here holds their own kennitala, and a kennitala links to one account only.
    SEED_DEMO_PSU: 'false',
  });
  const [initiation, dbModule, schema, sca, sync, bank, jobs] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('@/lib/payments/sca'),
    import('@/lib/payments/sync'),
    import('@/lib/bank/payments'),
    import('@/lib/jobs'),
  ]);
  const db = await dbModule.getDb();
  app = { db, closeDatabase: dbModule.closeDatabase, schema, initiation, sca, sync, bank, jobs };
  for (const psu of Object.keys(KENNITALA) as Psu[]) {
    const [row] = await db
      .insert(schema.psus)
      .values({ email: `${psu}@spec.test`, passwordHash: 'not-used', displayName: psu })
      .returning();
    appPsu[psu] = row?.id ?? '';
    // As an identity provider's verified claim links it (lib/auth/identity.ts).
    await db
      .insert(schema.kennitalaLinks)
      .values({ kennitala: KENNITALA[psu], psuId: appPsu[psu], issuer: 'https://eid.test', subject: psu });
  }
});

afterAll(async () => {
  await app?.jobs.stopJobs();
  await app?.closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
});

beforeEach(async () => {
  proxy.reset();
  await clearFaults(sandbox.url);
});

// --- helpers -------------------------------------------------------------------------------------

function request(psu: Psu, tag: string, overrides: { amount?: string } = {}) {
  const amount = overrides.amount ?? '1500';
  return {
    psuId: appPsu[psu],
    submissionId: randomUUID(),
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    body: {
      debtorAccount: { iban: ACCOUNT[psu] },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount },
      remittanceInformationUnstructured: `spec ${tag} ${randomUUID().slice(0, 8)}`,
    },
    scaLanguage: 'en' as const,
    uiLocale: 'en' as const,
    summary: { amount, currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: PSU_IP,
  };
}

async function appPayment(id: string) {
  const [row] = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.id, id));
  if (!row) throw new Error(`no app payment ${id}`);
  return row;
}

async function initiated(psu: Psu, tag: string) {
  const outcome = await app.initiation.initiateOnce(request(psu, tag));
  if (!outcome.ok) throw new Error(`initiation failed: ${JSON.stringify(outcome)}`);
  return appPayment(outcome.paymentId);
}

function calls(method: string, path: RegExp): RecordedCall[] {
  return proxy.bankCalls().filter((call) => call.method === method && path.test(call.path));
}

function only(method: string, path: RegExp): RecordedCall {
  const found = calls(method, path);
  expect(found, `${method} ${path}: ${proxy.bankCalls().map((c) => `${c.method} ${c.path}`)}`).toHaveLength(
    1,
  );
  return found[0] as RecordedCall;
}

const PAYMENT = '/psd2/api/v1/payments/credit-transfers';

// --- tests ---------------------------------------------------------------------------------------

describe('token', () => {
  it('is requested with the client credentials grant, scope pis:, as a form', async () => {
    const tokens = await import('@/lib/bank/tokens');
    tokens.discardAccessToken('payments', await tokens.accessToken('payments'));
    proxy.reset();
    await tokens.accessToken('payments');
    const call = only('POST', /^\/oauth\/v2\/oauth-token$/);
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers['ocp-apim-subscription-key']).toBe('demo-subscription-key');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'demo-tpp',
      client_secret: 'demo-tpp-secret',
      scope: 'pis:',
    });
  });
  it('is replaced once when the bank no longer knows it (401 TOKEN_UNKNOWN), then the call is made again', async () => {
    const payment = await initiated('bokhald', 'unknown token');
    const { processGlobal } = await import('@/lib/server/process-global');
    // As after a restart of the bank: the cached token is one it never issued.
    // The token cache of the directory's one bank (`default`, from the BANK_* settings), payment interface.
    const tokens = processGlobal<Map<string, { cached?: { value: string; refreshAt: number } }>>(
      'bank-tokens',
      () => new Map(),
    );
    tokens.set('default\u0000payments', {
      cached: { value: 'a-token-the-bank-never-issued', refreshAt: Date.now() + 3_600_000 },
    });
    proxy.calls.length = 0;
    const status = await app.bank.readPaymentStatus(
      { service: 'payments', product: 'credit-transfers', paymentId: payment.bankPaymentId ?? '' },
      PSU_IP,
    );
    expect(status.transactionStatus).toBe('RCVD');
    expect(proxy.bankCalls().map((call) => `${call.method} ${call.status}`)).toEqual([
      'GET 401',
      'POST 200',
      'GET 200',
    ]);
  });
});

describe('initiation', () => {
  it('sends the headers the spec requires, and those it offers that we can fill', async () => {
    const payment = await initiated('bokhald', 'headers');
    const call = only('POST', new RegExp(`^${PAYMENT}$`));
    const h = call.headers;
    expect(h['x-request-id']).toMatch(UUID);
    expect(h['psu-ip-address']).toBe(PSU_IP);
    expect(h.authorization).toMatch(/^Bearer \S+$/);
    expect(h['ocp-apim-subscription-key']).toBe('demo-subscription-key');
    expect(h['content-type']).toMatch(/^application\/json/);
    expect(h.accept).toBe('application/json');
    expect(h['idempotency-key']).toBe(payment.idempotencyKey);
    expect(h['idempotency-key']).toMatch(UUID);
    expect(h['tpp-redirect-preferred']).toBe('true');
    expect(h['tpp-redirect-uri']).toMatch(/^http:\/\/127\.0\.0\.1:9\/api\/payments\/.+outcome=ok/);
    expect(h['tpp-nok-redirect-uri']).toMatch(/outcome=nok/);
    expect(h['tpp-notification-uri']).toMatch(/^http:\/\/127\.0\.0\.1:9\//);
    expect(h['tpp-notification-content-preferred']).toMatch(
      /^status=(SCA|PROCESS|LAST)(, ?(SCA|PROCESS|LAST))*$/,
    );
    expect(h['psu-accept-language']).toBe('en');
    expect(h['psu-id']).toBe(KENNITALA.bokhald);
    expect(JSON.parse(call.body)).toEqual(payment.body);
  });
});

describe('links the bank gives are followed, not rebuilt', () => {
  it('reads the transaction status at the status link of the initiation answer', async () => {
    proxy.linkMode = 'via-link';
    const payment = await initiated('bokhald', 'status link');
    proxy.calls.length = 0;
    const { status } = await app.sync.syncPaymentStatus(app.db, payment, 'poll');
    expect(status).toBe('RCVD');
    only('GET', new RegExp(`^/via-link${PAYMENT}/${payment.bankPaymentId}/status$`));
  });

  it('cancels at the self link of the initiation answer', async () => {
    proxy.linkMode = 'via-link';
    const payment = await initiated('bokhald', 'self link');
    proxy.calls.length = 0;
    const outcome = await app.bank.cancelPayment(
      {
        service: 'payments',
        product: 'credit-transfers',
        paymentId: payment.bankPaymentId ?? '',
        links: app.sca.scaStateOf(payment)?.initiationLinks,
      },
      {
        psuIpAddress: PSU_IP,
        scaLanguage: 'en',
        redirectUri: 'http://127.0.0.1:9/ok',
        nokRedirectUri: 'http://127.0.0.1:9/nok',
      },
    );
    expect(outcome).toEqual({ kind: 'cancelled' });
    only('DELETE', new RegExp(`^/via-link${PAYMENT}/${payment.bankPaymentId}$`));
  });
});

describe('links relative to {base_url}', () => {
  it('are followed under the base URL path, through an embedded SCA to the status', async () => {
    proxy.linkMode = 'relative';
    const payment = await initiated('olafur', 'relative');
    const sca = app.sca.scaStateOf(payment);
    expect(sca?.links.startAuthorisationWithAuthenticationMethodSelection).toBe(
      `${proxy.url}${PAYMENT}/${payment.bankPaymentId}/authorisations`,
    );
    const context = app.sca.authorisationContext(payment, PSU_IP);
    const chosen = await app.sca.advanceSca(app.db, payment, { kind: 'method', methodId: 'sms' }, context);
    expect(app.sca.nextScaStep(chosen.payment).kind).toBe('otp');
    const done = await app.sca.advanceSca(app.db, chosen.payment, { kind: 'otp', otp: '123456' }, context);
    expect(app.sca.scaStateOf(done.payment)?.scaStatus).toBe('finalised');
    const { status } = await app.sync.syncPaymentStatus(app.db, done.payment, 'poll');
    expect(status).toBe('ACTC');
    expect(proxy.bankCalls().every((call) => call.status !== 404)).toBe(true);
  });
});

describe('PSU-ID (BANK_SEND_PSU_ID)', () => {
  it('is left out for an account whose kennitala no identity provider linked', async () => {
    const [unlinked] = await app.db
      .insert(app.schema.psus)
      .values({ email: `unlinked.${randomUUID()}@spec.test`, passwordHash: 'not-used', displayName: 'Jón' })
      .returning();
    proxy.calls.length = 0;
    await app.initiation.initiateOnce({ ...request('bokhald', 'unlinked'), psuId: unlinked?.id ?? '' });
    expect(only('POST', new RegExp(`^${PAYMENT}$`)).headers).not.toHaveProperty('psu-id');
  });

  it('identifies the PSU on each authorisation call they take: method selection and the one-time code', async () => {
    const payment = await initiated('olafur', 'psu-id');
    proxy.calls.length = 0;
    const context = app.sca.authorisationContext(payment, PSU_IP);
    const chosen = await app.sca.advanceSca(app.db, payment, { kind: 'method', methodId: 'sms' }, context);
    await app.sca.advanceSca(app.db, chosen.payment, { kind: 'otp', otp: '123456' }, context);
    const start = only('POST', new RegExp(`^${PAYMENT}/${payment.bankPaymentId}/authorisations$`));
    const otp = only('PUT', new RegExp(`^${PAYMENT}/${payment.bankPaymentId}/authorisations/[^/]+$`));
    expect(start.headers['psu-id']).toBe(KENNITALA.olafur);
    expect(otp.headers['psu-id']).toBe(KENNITALA.olafur);
  });

  it('identifies the PSU where the bank asks for it (startAuthorisationWithPsuIdentification)', async () => {
    const payment = await initiated('bokhald', 'identification');
    const bankId = payment.bankPaymentId ?? '';
    const start = `${proxy.url}${PAYMENT}/${bankId}/authorisations`;
    // As a bank answers an explicit start of a decoupled SCA: the PSU must be identified first.
    await app.db
      .update(app.schema.payments)
      .set({
        sca: {
          links: { startAuthorisationWithPsuIdentification: start },
          initiationLinks: { startAuthorisationWithPsuIdentification: start },
        },
      })
      .where(eq(app.schema.payments.id, payment.id));
    proxy.answerNext('POST', /\/authorisations$/, {
      status: 201,
      body: { scaStatus: 'started', authorisationId: 'a1', psuMessage: 'Approve in your app', _links: {} },
    });
    proxy.calls.length = 0;
    const fresh = await appPayment(payment.id);
    expect(app.sca.nextScaStep(fresh).kind).toBe('another-signer');
    await app.sca.advanceSca(app.db, fresh, { kind: 'start' }, app.sca.authorisationContext(fresh, PSU_IP));
    expect(only('POST', /\/authorisations$/).headers['psu-id']).toBe(KENNITALA.bokhald);
  });
});

describe('cancellation', () => {
  const context = {
    psuIpAddress: PSU_IP,
    scaLanguage: 'en' as const,
    redirectUri: 'http://127.0.0.1:9/ok',
    nokRedirectUri: 'http://127.0.0.1:9/nok',
  };
  const ref = (payment: { bankPaymentId: string | null; sca: unknown }) => ({
    service: 'payments' as const,
    product: 'credit-transfers' as const,
    paymentId: payment.bankPaymentId ?? '',
    links: (payment.sca as { initiationLinks?: Record<string, string> } | null)?.initiationLinks,
  });

  /** The bank's next answer to DELETE on the payment: 202 with one start link (under the payment) and self. */
  function bankAsksToAuthoriseCancellation(
    payment: { bankPaymentId: string | null },
    link: string,
    path: string,
  ) {
    const self = `${proxy.url}${PAYMENT}/${payment.bankPaymentId}`;
    proxy.answerNext('DELETE', new RegExp(`${payment.bankPaymentId}$`), {
      status: 202,
      body: {
        transactionStatus: 'ACTC',
        _links: { [link]: { href: `${self}${path}` }, self: { href: self } },
      },
    });
  }

  it('a decoupled cancellation authorisation is left to the PSU in the bank\u2019s app, not reported as an error', async () => {
    const payment = await initiated('helga', 'decoupled cancel');
    // The PSU approves the payment in the bank's app (the sandbox does so by itself after 30 s).
    await advanceSandboxClock(sandbox.url, 31);
    const authorised = await appPayment(payment.id);
    await app.sync.syncPaymentStatus(app.db, authorised, 'poll');
    expect((await appPayment(payment.id)).transactionStatus).toBe('ACTC');
    proxy.calls.length = 0;
    const outcome = await app.bank.cancelPayment(ref(payment), { ...context, psuId: KENNITALA.helga });
    expect(outcome).toMatchObject({ kind: 'pending' });
    expect(calls('POST', /\/cancellation-authorisations$/)).toHaveLength(1);
    // The PSU approves the cancellation in the app: the payment ends cancelled.
    await advanceSandboxClock(sandbox.url, 31);
    const { status } = await app.sync.syncPaymentStatus(app.db, await appPayment(payment.id), 'poll');
    expect(status).toBe('CANC');
  });

  it('a 202 whose only start link asks to identify the PSU is started with PSU-ID, never taken for done', async () => {
    const payment = await initiated('bokhald', 'identify cancel');
    bankAsksToAuthoriseCancellation(
      payment,
      'startAuthorisationWithPsuIdentification',
      '/cancellation-authorisations',
    );
    proxy.answerNext('POST', /\/cancellation-authorisations$/, {
      status: 201,
      body: {
        scaStatus: 'received',
        authorisationId: 'c1',
        _links: { scaRedirect: { href: 'https://sca.bank.example/cancel/c1' } },
      },
    });
    const outcome = await app.bank.cancelPayment(ref(payment), { ...context, psuId: KENNITALA.bokhald });
    expect(outcome).toEqual({ kind: 'sca', redirectTo: 'https://sca.bank.example/cancel/c1' });
    expect(only('POST', /\/cancellation-authorisations$/).headers['psu-id']).toBe(KENNITALA.bokhald);
  });

  it.each([
    ['CANC', 'cancelled'],
    ['ACTC', 'pending'],
  ] as const)(
    'a 202 with nothing to authorise (ÍST TS 310 has no cancellation authorisation), status %s: %s',
    async (transactionStatus, kind) => {
      const payment = await initiated('bokhald', `202 without links ${transactionStatus}`);
      proxy.answerNext('DELETE', new RegExp(`${payment.bankPaymentId}$`), {
        status: 202,
        body: { transactionStatus },
      });
      expect(await app.bank.cancelPayment(ref(payment), context)).toEqual({ kind });
    },
  );

  it('a 202 with no authorisation the app can take is an error, not a cancellation', async () => {
    const payment = await initiated('bokhald', 'unusable cancel');
    bankAsksToAuthoriseCancellation(payment, 'startAuthorisationWithEncryptedPsuAuthentication', '/x');
    await expect(app.bank.cancelPayment(ref(payment), context)).rejects.toThrow();
  });
});

describe('embedded SCA', () => {
  it('takes the one-time code at startAuthorisationWithTransactionAuthorisation (POST), with or without a challenge', async () => {
    const bankId = `canned-${randomUUID()}`;
    const self = `${proxy.url}${PAYMENT}/${bankId}`;
    proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), {
      status: 201,
      body: {
        transactionStatus: 'RCVD',
        paymentId: bankId,
        chosenScaMethod: { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms' },
        _links: {
          startAuthorisationWithTransactionAuthorisation: { href: `${self}/authorisations` },
          self: { href: self },
          status: { href: `${self}/status` },
        },
      },
    });
    const payment = await initiated('bokhald', 'otp start');
    const step = app.sca.nextScaStep(payment);
    expect(step.kind).toBe('otp');
    proxy.answerNext('POST', new RegExp(`${bankId}/authorisations$`), {
      status: 201,
      body: { scaStatus: 'finalised', authorisationId: 'a1', _links: { status: { href: `${self}/status` } } },
    });
    proxy.calls.length = 0;
    const context = app.sca.authorisationContext(payment, PSU_IP);
    const done = await app.sca.advanceSca(app.db, payment, { kind: 'otp', otp: '654321' }, context);
    const call = only('POST', new RegExp(`${bankId}/authorisations$`));
    expect(JSON.parse(call.body)).toEqual({ scaAuthenticationData: '654321' });
    expect(app.sca.scaStateOf(done.payment)?.scaStatus).toBe('finalised');
  });
});

describe('initiation whose outcome the bank leaves open', () => {
  async function atBank(key: string) {
    return (await bankPayments(sandbox.url)).filter((p) => p.idempotencyKey === key);
  }

  it('408: sent again at once with the same Idempotency-Key, one payment at the bank', async () => {
    await addFault(sandbox.url, { method: 'POST', path: PAYMENT, psu: 'bokhald', status: 408, count: 1 });
    const outcome = await app.initiation.initiateOnce(request('bokhald', '408'));
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const payment = await appPayment(outcome.paymentId ?? '');
    const sent = calls('POST', new RegExp(`^${PAYMENT}$`));
    expect(sent.map((call) => call.status)).toEqual([408, 201]);
    expect(new Set(sent.map((call) => call.headers['idempotency-key']))).toEqual(
      new Set([payment.idempotencyKey]),
    );
    expect(await atBank(payment.idempotencyKey)).toHaveLength(1);
  });

  it('409 throughout (part 7: STATUS_INVALID; ÍST TS 316: the first call with the key did not complete and will not be carried out) refuses the payment: nothing made, and no resend with its key', async () => {
    for (let i = 0; i < 3; i++) proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 409 });
    const submission = request('bokhald', '409');
    const first = await app.initiation.initiateOnce(submission);
    expect(first).toMatchObject({ ok: false, messageKey: 'bank.notCompleted' });
    const payment = await appPayment(first.paymentId ?? '');
    expect(payment.phase).toBe('refused');
    expect(await atBank(payment.idempotencyKey)).toHaveLength(0);
    const before = calls('POST', new RegExp(`^${PAYMENT}$`)).length;
    expect(await app.initiation.resendUnsentPayment(payment.id)).toMatchObject({ ok: false });
    expect(calls('POST', new RegExp(`^${PAYMENT}$`))).toHaveLength(before);
  });

  it('409 to a key sent before (its first sending\u2019s answer lost) is no refusal: the bank may have made it, so its outcome stays unknown', async () => {
    for (let i = 0; i < 3; i++) proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 503 });
    const first = await app.initiation.initiateOnce(request('bokhald', '409 after a lost answer'));
    expect(first).toMatchObject({ ok: false, messageKey: 'bank.down' });
    for (let i = 0; i < 3; i++) proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 409 });
    const resent = await app.initiation.resendUnsentPayment(first.paymentId ?? '');
    expect(resent).toMatchObject({ ok: false, messageKey: 'payment.stillSending' });
    const payment = await appPayment(first.paymentId ?? '');
    expect(payment).toMatchObject({ phase: 'new', failureCode: 'OUTCOME_UNKNOWN' });
    const { toPaymentView } = await import('@/lib/payments/view');
    expect(toPaymentView(payment, []).displayStatus).toBe('outcomeUnknown');
  });

  it('409 to the repeat of a first attempt that went unanswered is no refusal: the bank may be making it', async () => {
    proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 503 });
    for (let i = 0; i < 2; i++) proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 409 });
    const first = await app.initiation.initiateOnce(request('bokhald', '409 after an unanswered attempt'));
    expect(first).toMatchObject({ ok: false, messageKey: 'payment.stillSending' });
    expect(calls('POST', new RegExp(`^${PAYMENT}$`)).map((call) => call.status)).toEqual([503, 409, 409]);
    const payment = await appPayment(first.paymentId ?? '');
    expect(payment).toMatchObject({ phase: 'new', failureCode: 'OUTCOME_UNKNOWN' });
  });

  it('409 once: waited out and sent again with the same Idempotency-Key', async () => {
    proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 409 });
    const outcome = await app.initiation.initiateOnce(request('bokhald', '409 once'));
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(calls('POST', new RegExp(`^${PAYMENT}$`)).map((call) => call.status)).toEqual([409, 201]);
  });
});

describe('PSU-IP-Address', () => {
  /** A submission whose sending did not finish (the bank was unavailable throughout), resent later by the job. */
  async function resentWithoutThePsu(submission: ReturnType<typeof request>) {
    for (let i = 0; i < 3; i++) proxy.answerNext('POST', new RegExp(`^${PAYMENT}$`), { status: 503 });
    const first = await app.initiation.initiateOnce(submission);
    expect(first).toMatchObject({ ok: false, messageKey: 'bank.down' });
    const saved = await appPayment(first.paymentId ?? '');
    const firstTries = calls('POST', new RegExp(`^${PAYMENT}$`)).map(
      (call) => call.headers['psu-ip-address'],
    );
    proxy.calls.length = 0;
    const resent = await app.initiation.resendUnsentPayment(saved.id);
    expect(resent, JSON.stringify(resent)).toMatchObject({ ok: true });
    return { saved, firstTries, sent: only('POST', new RegExp(`^${PAYMENT}$`)) };
  }

  it('a resend without the PSU (crash recovery) sends the address they submitted from', async () => {
    const { saved, firstTries, sent } = await resentWithoutThePsu(request('bokhald', 'resend ip'));
    expect(firstTries).toEqual([PSU_IP, PSU_IP, PSU_IP]);
    expect(saved.psuIpAddress).toBe(PSU_IP);
    expect(sent.headers['psu-ip-address']).toBe(PSU_IP);
  });

  it('is our own TPP_PUBLIC_IP, never loopback, where the PSU\u2019s IPv4 is not known (IPv6), also on a resend', async () => {
    const { psuIpAddress } = await import('@/lib/payments/psu-request');
    const overIpv6 = psuIpAddress(new Headers({ 'x-forwarded-for': '2001:db8::1' }));
    expect(overIpv6).toBe(TPP_IP);
    const { saved, firstTries, sent } = await resentWithoutThePsu({
      ...request('bokhald', 'ipv6'),
      psuIpAddress: overIpv6,
    });
    expect(firstTries).toEqual([TPP_IP, TPP_IP, TPP_IP]);
    // Nothing of ours is kept as if it were the PSU's: a resend takes TPP_PUBLIC_IP as it stands then.
    expect(saved.psuIpAddress).toBeNull();
    expect(sent.headers['psu-ip-address']).toBe(TPP_IP);
  });

  it('is the PSU\u2019s on calls they make, and left out of reads the app makes on its own (reference: optional there)', async () => {
    const payment = await initiated('bokhald', 'ip');
    proxy.calls.length = 0;
    await app.sync.syncPaymentStatus(app.db, payment, 'redirect', PSU_IP);
    await app.sync.syncPaymentStatus(app.db, payment, 'poll');
    const [onReturn, polled] = calls('GET', /\/status$/);
    expect(onReturn?.headers['psu-ip-address']).toBe(PSU_IP);
    expect(polled?.headers).not.toHaveProperty('psu-ip-address');
  });
});

describe('business interfaces (claims, webhooks service)', () => {
  it('take the business token (openid b2b, the online-banking user) and the documented headers', async () => {
    const tokens = await import('@/lib/bank/tokens');
    tokens.discardAccessToken('business', await tokens.accessToken('business'));
    proxy.calls.length = 0;
    const { listClaims } = await import('@/lib/bank/claims');
    await listClaims(KENNITALA.jon);
    const token = only('POST', /^\/oauth\/v2\/oauth-token$/);
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'greidsla-ehf',
      client_secret: 'sandbox-b2b',
      scope: 'openid b2b',
    });
    const read = only('GET', /^\/business\/claims\?/);
    // IOBWS-Claims 3.1 getClaims: payorId, the required dateFrom/dateTo range, and the paging parameters.
    const query = new URL(read.path, 'http://x').searchParams;
    expect(read.path.split('?')[0]).toBe('/business/claims');
    expect(query.get('payorId')).toBe(KENNITALA.jon);
    expect(query.get('dateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.get('dateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.get('dateType')).toBe('DueDate');
    expect(query.get('page')).toBe('1');
    expect(query.get('itemsPerPage')).toBe('100');
    expect(read.headers['x-request-id']).toMatch(UUID);
    expect(read.headers['ocp-apim-subscription-key']).toBe('demo-subscription-key');
    expect(read.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(read.headers.accept).toBe('application/json');
  });

  it('asks for its token accepting text/plain, as the spec\u2019s examples do, and reads a token sent as text/plain', async () => {
    const tokens = await import('@/lib/bank/tokens');
    tokens.discardAccessToken('business', await tokens.accessToken('business'));
    proxy.calls.length = 0;
    // The token response's shape is not shown (business spec part 5): a bank may send its JSON as text/plain.
    proxy.answerNext('POST', /^\/oauth\/v2\/oauth-token$/, {
      status: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: Buffer.from(
        JSON.stringify({ access_token: 'plain-text-token', token_type: 'Bearer', expires_in: 300 }),
      ),
    });
    expect(await tokens.accessToken('business')).toBe('plain-text-token');
    expect(only('POST', /^\/oauth\/v2\/oauth-token$/).headers.accept).toMatch(/text\/plain/);
    tokens.discardAccessToken('business', 'plain-text-token');
  });

  it('reads are sent again after 503 or 429 with Retry-After, as on the payment interface', async () => {
    await addFault(sandbox.url, {
      method: 'GET',
      path: '/business/claims',
      status: 503,
      retryAfterSeconds: 0,
      count: 1,
    });
    await addFault(sandbox.url, {
      method: 'GET',
      path: '/events/api/v1/subscriptions',
      status: 429,
      retryAfterSeconds: 0,
      count: 1,
    });
    const { listClaims } = await import('@/lib/bank/claims');
    const { listBankSubscriptions } = await import('@/lib/bank/webhooks-service');
    await expect(listClaims(KENNITALA.jon)).resolves.toMatchObject({ complete: true });
    await expect(listBankSubscriptions()).resolves.toBeInstanceOf(Array);
    expect(calls('GET', /^\/business\/claims\?/).map((call) => call.status)).toEqual([503, 200]);
    expect(calls('GET', /^\/events\/api\/v1\/subscriptions$/).map((call) => call.status)).toEqual([429, 200]);
  });
});

describe('webhook self-link reads renew a business token the bank refuses (spec part 7)', () => {
  const CLAIM_READ = /^\/business\/claims\/[^/?]+$/;

  async function claimLink(): Promise<string> {
    const { listClaims, claimPath } = await import('@/lib/bank/claims');
    const {
      claims: [claim],
    } = await listClaims(KENNITALA.jon);
    if (!claim) throw new Error('the sandbox holds no claim on Jón');
    return claimPath(claim.claimId);
  }

  async function readAsEventJob(href: string) {
    const { readBankResource } = await import('@/lib/bank/resources');
    proxy.calls.length = 0;
    return readBankResource(href);
  }

  const sequence = () =>
    proxy
      .bankCalls()
      .map((call) => `${call.method} ${CLAIM_READ.test(call.path) ? 'claim' : call.path} ${call.status}`);

  it('a token the bank no longer knows (revoked, 401 TOKEN_UNKNOWN from the sandbox) is replaced once', async () => {
    const href = await claimLink();
    const { processGlobal } = await import('@/lib/server/process-global');
    const tokens = processGlobal<Map<string, { cached?: { value: string; refreshAt: number } }>>(
      'bank-tokens',
      () => new Map(),
    );
    tokens.set('default\u0000business', {
      cached: { value: 'a-business-token-the-bank-revoked', refreshAt: Date.now() + 3_600_000 },
    });
    const read = await readAsEventJob(href);
    expect(read).toMatchObject({ ok: true, status: 200 });
    expect(sequence()).toEqual(['GET claim 401', 'POST /oauth/v2/oauth-token 200', 'GET claim 200']);
    const [refused, , retried] = proxy.bankCalls();
    expect(refused?.headers.authorization).toBe('Bearer a-business-token-the-bank-revoked');
    expect(retried?.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(retried?.headers.authorization).not.toBe(refused?.headers.authorization);
    // The new token is kept: the next read takes it without asking again.
    await readAsEventJob(href);
    expect(sequence()).toEqual(['GET claim 200']);
  });

  it.each([
    ['TOKEN_EXPIRED as problem details', { code: 'TOKEN_EXPIRED', status: 401 }],
    ['TOKEN_INVALID in tppMessages', { tppMessages: [{ category: 'ERROR', code: 'TOKEN_INVALID' }] }],
    ['no code', undefined],
  ])('401 with %s: the token is dropped and the read made once more', async (_, body) => {
    const href = await claimLink();
    proxy.answerNext('GET', CLAIM_READ, { status: 401, body });
    const read = await readAsEventJob(href);
    expect(read).toMatchObject({ ok: true, status: 200 });
    expect(sequence()).toEqual(['GET claim 401', 'POST /oauth/v2/oauth-token 200', 'GET claim 200']);
  });

  it('401 for another reason (SUBSCRIPTION_KEY_INVALID) is not cured by a new token: no renewal, retried later', async () => {
    const href = await claimLink();
    proxy.answerNext('GET', CLAIM_READ, { status: 401, body: { code: 'SUBSCRIPTION_KEY_INVALID' } });
    expect(await readAsEventJob(href)).toEqual({ ok: false, kind: 'unavailable', status: 401 });
    expect(sequence()).toEqual(['GET claim 401']);
  });

  it('a new token refused as well: one renewal only, then left for the event\u2019s retry', async () => {
    const href = await claimLink();
    proxy.answerNext('GET', CLAIM_READ, { status: 401, body: { code: 'TOKEN_UNKNOWN' } });
    proxy.answerNext('GET', CLAIM_READ, { status: 401, body: { code: 'TOKEN_UNKNOWN' } });
    expect(await readAsEventJob(href)).toEqual({ ok: false, kind: 'unavailable', status: 401 });
    expect(sequence()).toEqual(['GET claim 401', 'POST /oauth/v2/oauth-token 200', 'GET claim 401']);
  });
});

describe('webhooks service', () => {
  it('creates, verifies and cancels a subscription as part 4 describes', async () => {
    const service = await import('@/lib/bank/webhooks-service');
    const created = await service.createBankSubscription({
      // Nothing listens here: verify finds the callback unreachable.
      callbackUrl: 'http://127.0.0.1:9/api/webhooks/bank-events/spec',
      eventTypes: ['Claim'],
      description: 'spec conformance',
    });
    expect(created.signingSecret).toBeTruthy();
    expect(created).toMatchObject({ deliveryEnabled: false, disabledReason: 'pending_activation' });
    const verified = await service.verifyBankSubscription(created.subscriptionId);
    expect(['callback_rejected', 'callback_timeout']).toContain(verified.result);
    expect(await service.deleteBankSubscription(created.subscriptionId)).toBe('deleted');

    const create = only('POST', /^\/events\/api\/v1\/subscriptions$/);
    expect(create.headers['content-type']).toMatch(/^application\/json/);
    expect(create.headers['x-request-id']).toMatch(UUID);
    expect(create.headers['ocp-apim-subscription-key']).toBe('demo-subscription-key');
    expect(create.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(JSON.parse(create.body)).toEqual({
      callbackUrl: 'http://127.0.0.1:9/api/webhooks/bank-events/spec',
      eventTypes: ['Claim'],
      description: 'spec conformance',
      subjectScope: 'Self',
    });
    const verify = only('POST', /\/verify\?/);
    expect(verify.path).toBe(`/events/api/v1/subscriptions/${created.subscriptionId}/verify?eventType=Claim`);
    expect(verify.body).toBe('');
    expect(verify.headers).not.toHaveProperty('content-type');
    only('DELETE', new RegExp(`^/events/api/v1/subscriptions/${created.subscriptionId}$`));
  });
});

describe('every payment service', () => {
  it.each([
    [
      'bulk-payments',
      {
        paymentInformationId: `spec-${randomUUID().slice(0, 20)}`,
        debtorAccount: { iban: ACCOUNT.bokhald },
        payments: [
          { instructedAmount: { currency: 'ISK', amount: '100' }, creditorAccount: { iban: CREDITOR } },
        ],
      },
    ],
    [
      'periodic-payments',
      {
        debtorAccount: { iban: ACCOUNT.bokhald },
        creditorAccount: { iban: CREDITOR },
        instructedAmount: { currency: 'ISK', amount: '100' },
        frequency: 'Monthly',
        startDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    ],
  ] as const)(
    '%s is initiated at {base_url}/api/v1/{payment-service}/credit-transfers with the body as given',
    async (service, body) => {
      const outcome = await app.initiation.initiateOnce({
        ...request('bokhald', service),
        service,
        body: { ...body },
      });
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      const call = only('POST', new RegExp(`^/psd2/api/v1/${service}/credit-transfers$`));
      expect(JSON.parse(call.body)).toEqual(body);
      // A bulk is saved with what a list shows of it, so that the list need not read its payments.
      const saved = await appPayment(outcome.paymentId ?? '');
      expect(saved.listOverview).toEqual(
        service === 'bulk-payments'
          ? {
              amounts: [{ amount: '100', currency: 'ISK' }],
              recipients: { shown: [{ name: null, account: CREDITOR }], others: 0 },
            }
          : null,
      );
    },
  );
});

describe('IOBWS straight-through confirmation', () => {
  it('PUTs an authorisation confirmation whose confirmationCode holds our id for it (spec 2.5)', async () => {
    const payment = await initiated('bokhald', 'iobws');
    const link = app.sca.scaStateOf(payment)?.links.confirmIobwsStraightThroughProcessingAuthorisation ?? '';
    expect(link).toMatch(new RegExp(`${PAYMENT}/${payment.bankPaymentId}/authorisations/[^/]+$`));
    proxy.calls.length = 0;
    const context = app.sca.authorisationContext(payment, PSU_IP);
    const done = await app.sca.advanceSca(app.db, payment, { kind: 'confirm' }, context);
    const put = only('PUT', /\/authorisations\/[^/]+$/);
    expect(`${proxy.url}${put.path}`).toBe(link);
    expect(put.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(put.body)).toEqual({ confirmationCode: `greidsla:${payment.id}` });
    expect(app.sca.scaStateOf(done.payment)?.scaStatus).toBe('finalised');
    const { status } = await app.sync.syncPaymentStatus(app.db, done.payment, 'poll');
    expect(status).toBe('ACTC');
  });
});

describe('redirect return with a confirmation code (BG IG 5.1.2: authorisation confirmation)', () => {
  /** Jon's payment (redirect approach) whose initiation answer carries `confirmation` beside `scaRedirect`. */
  async function awaitingConfirmation(tag: string) {
    proxy.reshapeNext('POST', new RegExp(`^${PAYMENT}$`), (body) => {
      const answer = body as { _links: Record<string, { href: string }> };
      const authorisation = answer._links.scaStatus?.href ?? '';
      return { ...answer, _links: { ...answer._links, confirmation: { href: authorisation } } };
    });
    const payment = await initiated('jon', tag);
    const sca = app.sca.scaStateOf(payment);
    expect(sca?.links.scaRedirect).toBeTruthy();
    expect(sca?.links.confirmation).toMatch(
      new RegExp(`${PAYMENT}/${payment.bankPaymentId}/authorisations/[^/]+$`),
    );
    return { payment, link: sca?.links.confirmation ?? '' };
  }

  async function returnFromBank(as: Psu, paymentId: string, query: Record<string, string>) {
    session.psuId = appPsu[as];
    const [{ GET }, { NextRequest }] = await Promise.all([
      import('@/app/api/payments/[id]/return/route'),
      import('next/server'),
    ]);
    const url = new URL(`http://127.0.0.1:9/api/payments/${paymentId}/return`);
    url.search = new URLSearchParams(query).toString();
    const response = await GET(new NextRequest(url, { headers: { 'x-forwarded-for': PSU_IP } }), {
      params: Promise.resolve({ id: paymentId }),
    });
    return { status: response.status, location: response.headers.get('location') ?? '' };
  }

  async function stateFor(paymentId: string, psu: Psu) {
    const { returnState } = await import('@/lib/payments/return-state');
    return returnState(paymentId, appPsu[psu]);
  }

  it('PUTs the code to the confirmation link before reading the status, and records the scaStatus', async () => {
    const { payment, link } = await awaitingConfirmation('confirmation code');
    // The sandbox confirms only OAuth codes: the proxy answers as a bank that asked for the confirmation.
    proxy.answerNext('PUT', /\/authorisations\/[^/]+$/, {
      status: 200,
      body: { scaStatus: 'finalised', _links: { scaStatus: { href: link } } },
    });
    proxy.calls.length = 0;
    const back = await returnFromBank('jon', payment.id, {
      outcome: 'ok',
      state: await stateFor(payment.id, 'jon'),
      confirmationCode: 'c0nf-2256ffgh',
    });
    expect(back).toEqual({
      status: 303,
      location: `http://127.0.0.1:9/en/payments/${payment.id}`,
    });
    const put = only('PUT', /\/authorisations\/[^/]+$/);
    expect(`${proxy.url}${put.path}`).toBe(link);
    expect(JSON.parse(put.body)).toEqual({ confirmationCode: 'c0nf-2256ffgh' });
    expect(put.headers['content-type']).toMatch(/^application\/json/);
    expect(put.headers['x-request-id']).toMatch(UUID);
    expect(put.headers['psu-ip-address']).toBe(PSU_IP);
    expect(put.headers['psu-id']).toBe(KENNITALA.jon);
    expect(proxy.bankCalls().map((call) => call.method)).toEqual(['PUT', 'GET']);
    expect(only('GET', /\/status$/).status).toBe(200);
    expect(app.sca.scaStateOf(await appPayment(payment.id))?.scaStatus).toBe('finalised');
  });

  it('a confirmation the bank refuses is not taken for a confirmation: the PSU is shown what the bank says', async () => {
    const { payment } = await awaitingConfirmation('refused confirmation');
    proxy.calls.length = 0;
    // The sandbox itself refuses a confirmationCode for a redirect authorisation.
    const back = await returnFromBank('jon', payment.id, {
      outcome: 'ok',
      state: await stateFor(payment.id, 'jon'),
      confirmationCode: 'wrong',
    });
    expect(back.location).toBe(`http://127.0.0.1:9/en/payments/${payment.id}`);
    expect(only('PUT', /\/authorisations\/[^/]+$/).status).toBeGreaterThanOrEqual(400);
    const { toPaymentView } = await import('@/lib/payments/view');
    expect(toPaymentView(await appPayment(payment.id), []).outcome).toBe('awaitingPsu');
  });

  it('never for another PSU\u2019s payment or with a bad state', async () => {
    const { payment } = await awaitingConfirmation('not yours');
    proxy.calls.length = 0;
    const code = { outcome: 'ok', confirmationCode: 'c0nf-stolen' };
    const refused = `http://127.0.0.1:9/payments?return=invalid`;
    const asOther = await returnFromBank('olafur', payment.id, {
      ...code,
      state: await stateFor(payment.id, 'jon'),
    });
    expect(asOther.location).toBe(refused);
    const forgedForOther = await returnFromBank('olafur', payment.id, {
      ...code,
      state: await stateFor(payment.id, 'olafur'),
    });
    expect(forgedForOther.location).toBe(refused);
    const badState = await returnFromBank('jon', payment.id, { ...code, state: 'not-the-state' });
    expect(badState.location).toBe(refused);
    expect(proxy.bankCalls()).toEqual([]);
    expect(app.sca.scaStateOf(await appPayment(payment.id))?.scaStatus).toBeUndefined();
  });

  it('a code without a confirmation link is sent nowhere: the scaStatus is read as on any return', async () => {
    const payment = await initiated('jon', 'no confirmation link');
    expect(app.sca.scaStateOf(payment)?.links.confirmation).toBeUndefined();
    proxy.calls.length = 0;
    const back = await returnFromBank('jon', payment.id, {
      outcome: 'ok',
      state: await stateFor(payment.id, 'jon'),
      confirmationCode: 'c0nf-unasked',
    });
    expect(back.status).toBe(303);
    expect(calls('PUT', /./)).toEqual([]);
    expect(proxy.bankCalls().every((call) => call.method === 'GET')).toBe(true);
    expect(proxy.bankCalls().some((call) => /\/authorisations\/[^/]+$/.test(call.path))).toBe(true);
  });
});
