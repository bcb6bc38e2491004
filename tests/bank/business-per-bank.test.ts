import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankById, parseDirectory } from '@/lib/bank/directory';
import { bills } from '@/lib/db/bills-schema';
import { appDirectory, writeAppDirectory } from '@/sandbox/src/app-directory';
import { DEFAULT_BANK, OTHER_BANKS } from '@/sandbox/src/banks';
import { type RunningSandbox, startSandbox } from '@/sandbox/src/server';
import { sandboxDataDir } from '@/sandbox/src/testing';
import { freshAppDatabase } from '@/tests/support/app-database';
import { type RouteServer, startRouteServer } from '@/tests/support/route-server';
import { addFault, clearFaults } from '@/tests/support/sandbox-admin';
import { scratchDir } from '@/tests/support/scratch';
import { claimEnvelope, sealedDelivery, waitFor } from '@/tests/webhooks/support';

/**
 * The business interfaces per bank (webhooks spec; IOBWS-Claims 3.1): a webhook subscription, its signing
 * secret, a claim and a status read belong to one bank of the directory and never cross to another. Against
 * the sandbox playing three banks (root as `default`, nordur, austur), the app's callback route behind a
 * loopback server, as the banks reach it.
 */

function otherBank(id: string) {
  const bank = OTHER_BANKS.find((profile) => profile.id === id);
  if (!bank) throw new Error(`no sandbox bank ${id}`);
  return bank;
}
const NORDUR = otherBank('nordur');
const AUSTUR = otherBank('austur');
const JON = '0101302989';
const CLAIMANT = '5501692829';
const JON_AT_AUSTUR = AUSTUR.psus[0]?.accounts[0]?.iban ?? '';
const JON_AT_ROOT = 'IS140159260076545510730339';
const CREDITOR = 'IS870301260012345101696399';

let sandbox: RunningSandbox;
let routes: RouteServer;
let app: {
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
  scope: typeof import('@/lib/bank/scope');
  client: typeof import('@/lib/bank/client');
  webhooks: typeof import('@/lib/bank/webhooks-service');
  bankPayments: typeof import('@/lib/bank/payments');
  claims: typeof import('@/lib/bank/claims');
  manage: typeof import('@/lib/webhooks/manage');
  overview: typeof import('@/lib/webhooks/overview');
  processEvents: typeof import('@/lib/webhooks/process-events');
  refresh: typeof import('@/lib/bills/refresh');
  bills: typeof import('@/lib/bills/view');
  billRows: typeof import('@/lib/db/queries/bills');
  initiation: typeof import('@/lib/payments/initiation');
  sync: typeof import('@/lib/payments/sync');
};
let psuId: string;

beforeAll(async () => {
  routes = await startRouteServer();
  sandbox = await startSandbox({
    port: 0,
    dataDir: await sandboxDataDir([NORDUR, AUSTUR]),
    otherBanks: [NORDUR, AUSTUR],
    log: () => {},
  });
  const file = path.join(scratchDir('greidsla-business-banks-'), 'banks.json');
  writeAppDirectory(file, sandbox.url, [DEFAULT_BANK, NORDUR, AUSTUR]);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'business-per-bank-secret-business-per-bank',
    BANK_DIRECTORY: file,
    APP_BASE_URL: routes.url,
    // As tests/support/app-at-sandbox.ts: a call answered in a second on an idle machine may take several
    // on one busy with another test run (no test here is about a bank that does not answer).
    BANK_TIMEOUT_MS: '15000',
  });
  const [db, schema, scope, client, webhooks, bankPayments, claims, manage, overview, processEvents] =
    await Promise.all([
      import('@/lib/db'),
      import('@/lib/db/schema'),
      import('@/lib/bank/scope'),
      import('@/lib/bank/client'),
      import('@/lib/bank/webhooks-service'),
      import('@/lib/bank/payments'),
      import('@/lib/bank/claims'),
      import('@/lib/webhooks/manage'),
      import('@/lib/webhooks/overview'),
      import('@/lib/webhooks/process-events'),
    ]);
  const [refresh, bills, billRows, initiation, sync] = await Promise.all([
    import('@/lib/bills/refresh'),
    import('@/lib/bills/view'),
    import('@/lib/db/queries/bills'),
    import('@/lib/payments/initiation'),
    import('@/lib/payments/sync'),
  ]);
  app = {
    db: await db.getDb(),
    closeDatabase: db.closeDatabase,
    schema,
    scope,
    client,
    webhooks,
    bankPayments,
    claims,
    manage,
    overview,
    processEvents,
    refresh,
    bills,
    billRows,
    initiation,
    sync,
  };
  const [psu] = await app.db
    .insert(schema.psus)
    .values({ email: `${randomUUID()}@banks.test`, passwordHash: 'x', displayName: 'Jón' })
    .returning();
  psuId = psu?.id ?? '';
}, 180_000);

afterAll(async () => {
  await app?.closeDatabase();
  await sandbox?.close();
  await routes?.close();
});

/** Subscriptions made here, by bank: our id and the signing secret the bank returned once. */
const made = new Map<string, { id: string; secret: string }>();

async function subscribe(bankId: string) {
  const created = await app.manage.createSubscription(app.db, {
    bankId,
    eventType: 'Claim',
    description: `bills at ${bankId}`,
  });
  if (!created.ok) throw new Error(`create at ${bankId}: ${created.reason}`);
  const subscription = { id: created.subscriptionId, secret: created.signingSecret };
  made.set(bankId, subscription);
  return subscription;
}

function subscriptionOf(bankId: string) {
  const subscription = made.get(bankId);
  if (!subscription) throw new Error(`no subscription at ${bankId} yet`);
  return subscription;
}

async function row(id: string) {
  const [found] = await app.db
    .select()
    .from(app.schema.webhookSubscriptions)
    .where(eq(app.schema.webhookSubscriptions.id, id));
  if (!found) throw new Error(`no subscription ${id}`);
  return found;
}

/** A claim of the claimant on Jón, made at `bankId` through its claims interface with its business token. */
async function claimAt(bankId: string, account: string, reference: string): Promise<string> {
  const response = await app.scope.inBank(bankId, () =>
    app.client.callBank('business', {
      method: 'POST',
      url: `${app.scope.currentBank('business').urls.business}/claims`,
      json: {
        claimKey: { claimantId: CLAIMANT, account, dueDate: '2027-03-01' },
        payorId: JON,
        templateCode: '001',
        amount: 4200,
        finalDueDate: '2027-03-15',
        reference,
      },
    }),
  );
  expect(response.status).toBe(201);
  return app.claims.claimIdOf({ claimantId: CLAIMANT, account, dueDate: '2027-03-01' });
}

function deliver(subscriptionId: string, delivery: { rawBody: string; signatureHeader: string }) {
  return fetch(`${routes.url}/api/webhooks/bank-events/${subscriptionId}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/jose',
      'X-Webhook-Signature': delivery.signatureHeader,
      'X-Request-ID': randomUUID(),
    },
    body: delivery.rawBody,
  });
}

async function storedEvent(eventId: string) {
  const [event] = await app.db
    .select()
    .from(app.schema.webhookEvents)
    .where(eq(app.schema.webhookEvents.eventId, eventId));
  return event;
}

describe('a webhook subscription belongs to one bank (webhooks spec parts 2-5)', () => {
  it('is made at the bank the operator picked, with its business token, and no other bank knows it', async () => {
    const nordur = await subscribe('nordur');
    const root = await subscribe('default');
    const [nordurRow, rootRow] = [await row(nordur.id), await row(root.id)];
    expect(nordurRow.bankId).toBe('nordur');
    expect(rootRow.bankId).toBe('default');
    const { inBank } = app.scope;
    const listed = async (bankId: string) =>
      (await inBank(bankId, () => app.webhooks.listBankSubscriptions())).map((s) => s.subscriptionId);
    expect(await listed('nordur')).toContain(nordurRow.bankSubscriptionId);
    expect(await listed('nordur')).not.toContain(rootRow.bankSubscriptionId);
    expect(await listed('default')).toContain(rootRow.bankSubscriptionId);
    expect(await listed('default')).not.toContain(nordurRow.bankSubscriptionId);
    expect(await listed('austur')).toEqual([]);
    // The signing secrets are each bank's own.
    expect(nordur.secret).not.toBe(root.secret);
  });

  it('refuses a bank that is not in the directory, and sends nothing anywhere', async () => {
    expect(await app.manage.createSubscription(app.db, { bankId: 'nowhere', eventType: 'Claim' })).toEqual({
      ok: false,
      reason: 'noSuchBank',
    });
    // With three banks offering webhooks, none is guessed for a subscription that names no bank.
    expect(await app.manage.createSubscription(app.db, { eventType: 'Claim' })).toEqual({
      ok: false,
      reason: 'noSuchBank',
    });
    // Nor is any business call made outside a bank's scope.
    expect(() => app.scope.currentBank('business')).toThrow(app.scope.UnknownBankError);
  });

  it("verifies at its own bank: that bank's test delivery passes our check with that bank's secret", async () => {
    const nordur = subscriptionOf('nordur');
    expect(await app.manage.verifySubscription(app.db, nordur.id)).toEqual({ ok: true, result: 'activated' });
    expect((await row(nordur.id)).deliveryEnabled).toBe(true);
    const toNordur = routes.handled.filter((h) => h.path === `/api/webhooks/bank-events/${nordur.id}`);
    expect(toNordur.map((h) => h.status)).toContain(202);
    // The root bank's subscription is untouched by it.
    expect((await row(subscriptionOf('default').id)).deliveryEnabled).toBe(false);
  });

  // Webhooks spec 5: "rejects if none matches". The callback names one subscription at one bank, and only its
  // secrets are tried: a delivery signed (and encrypted) with another bank's secret is refused, and not stored.
  it("refuses a delivery for one bank's subscription signed with another bank's secret", async () => {
    const nordur = subscriptionOf('nordur');
    const root = subscriptionOf('default');
    const crossed = claimEnvelope();
    const refused = await deliver(nordur.id, await sealedDelivery(crossed, root.secret));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'signature_mismatch' });
    expect(await storedEvent(crossed.eventId)).toBeUndefined();
    const backwards = claimEnvelope();
    expect((await deliver(root.id, await sealedDelivery(backwards, nordur.secret))).status).toBe(401);
    expect(await storedEvent(backwards.eventId)).toBeUndefined();
    // The same envelope signed with the subscription's own bank's secret is taken.
    const own = claimEnvelope();
    expect((await deliver(nordur.id, await sealedDelivery(own, nordur.secret))).status).toBe(202);
    expect(await storedEvent(own.eventId)).toMatchObject({ subscriptionId: nordur.id });
  });

  // Webhooks spec 2.2 and 6: `eventId` is the idempotency key of one bank's event ("receivers deduplicate on
  // eventId"); another bank knows nothing of it, and an event of its own with the same id is not a duplicate.
  it("takes an event whose eventId another bank used already as that bank's own, and its retry once", async () => {
    const nordur = subscriptionOf('nordur');
    const root = subscriptionOf('default');
    const envelope = claimEnvelope();
    expect((await deliver(root.id, await sealedDelivery(envelope, root.secret))).status).toBe(202);
    expect((await deliver(nordur.id, await sealedDelivery(envelope, nordur.secret))).status).toBe(202);
    // A retry of either is one: answered 200, stored once.
    expect((await deliver(nordur.id, await sealedDelivery(envelope, nordur.secret))).status).toBe(200);
    expect((await deliver(root.id, await sealedDelivery(envelope, root.secret))).status).toBe(200);
    const stored = await app.db
      .select()
      .from(app.schema.webhookEvents)
      .where(eq(app.schema.webhookEvents.eventId, envelope.eventId));
    expect(stored.map((event) => event.subscriptionId).sort()).toEqual([nordur.id, root.id].sort());
  });

  it("reads a claim.paid event's claim at the bank that sent it, and records the bill as that bank's", async () => {
    const nordur = subscriptionOf('nordur');
    // The same claim key at two banks: one claim id, two bills.
    const claimId = await claimAt('nordur', '031166000777', 'NORDUR-1');
    expect(await claimAt('default', '031166000777', 'ROOT-1')).toBe(claimId);
    const raised = await fetch(`${sandbox.url}/banks/nordur/sandbox/webhooks/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: NORDUR.business.username,
        eventType: 'claim.paid',
        resourcePath: `/business/claims/${claimId}`,
      }),
    });
    expect(raised.status).toBe(201);
    const { eventId } = (await raised.json()) as { eventId: string };
    await waitFor(() => storedEvent(eventId));
    await app.processEvents.processSubscriptionEvents(app.db, nordur.id);
    expect(await storedEvent(eventId)).toMatchObject({
      subscriptionId: nordur.id,
      outcome: 'applied',
      detail: { claim: { claimId } },
    });
    expect(await app.billRows.findBill(app.db, 'nordur', claimId)).toMatchObject({ reference: 'NORDUR-1' });
    // Nothing was written to the root bank's bill of the same id.
    expect(await app.billRows.findBill(app.db, 'default', claimId)).toBeUndefined();
    const events = await app.overview.recentEvents(app.db);
    expect(events.find((e) => e.eventId === eventId)).toMatchObject({
      bankId: 'nordur',
      bankName: NORDUR.name,
    });
  });

  it("does not follow a nordur event's self link into another bank's business interface", async () => {
    const nordur = subscriptionOf('nordur');
    const claimId = app.claims.claimIdOf({
      claimantId: CLAIMANT,
      account: '031166000777',
      dueDate: '2027-03-01',
    });
    const envelope = claimEnvelope({
      links: [{ rel: 'self', href: `${sandbox.url}/business/claims/${claimId}`, method: 'GET' }],
    });
    expect((await deliver(nordur.id, await sealedDelivery(envelope, nordur.secret))).status).toBe(202);
    await app.processEvents.processSubscriptionEvents(app.db, nordur.id);
    expect(await storedEvent(envelope.eventId)).toMatchObject({
      outcome: 'failed',
      detail: { reason: 'self_link_outside_business_interface' },
    });
    expect(await app.billRows.findBill(app.db, 'default', claimId)).toBeUndefined();
  });

  it('shows each subscription with its bank, read from that bank', async () => {
    const overview = await app.overview.subscriptionsOverview(app.db);
    expect(overview.bankReachable).toBe(true);
    const byId = new Map(overview.ours.map((sub) => [sub.id, sub]));
    expect(byId.get(subscriptionOf('nordur').id)).toMatchObject({
      bankId: 'nordur',
      bankName: NORDUR.name,
      source: 'bank',
      deliveryEnabled: true,
    });
    expect(byId.get(subscriptionOf('default').id)).toMatchObject({
      bankId: 'default',
      bankName: DEFAULT_BANK.name,
      source: 'bank',
      deliveryEnabled: false,
    });
    expect(overview.elsewhere).toEqual([]);
  });

  it("does not find one bank's subscription id at another when registering one", async () => {
    const rootRow = await row(subscriptionOf('default').id);
    expect(
      await app.manage.registerSubscription(app.db, {
        bankId: 'nordur',
        bankSubscriptionId: rootRow.bankSubscriptionId,
        signingSecret: subscriptionOf('default').secret,
      }),
    ).toEqual({ ok: false, reason: 'notFoundAtBank' });
  });

  it('changes and cancels a subscription at its own bank only', async () => {
    const nordur = subscriptionOf('nordur');
    const rootRow = await row(subscriptionOf('default').id);
    expect(await app.manage.updateSubscription(app.db, nordur.id, { eventTypes: ['claim.paid'] })).toEqual({
      ok: true,
      eventTypes: ['claim.paid'],
    });
    const atRoot = await app.scope.inBank('default', () =>
      app.webhooks.getBankSubscription(rootRow.bankSubscriptionId),
    );
    expect(atRoot?.eventTypes).toEqual(['Claim']);
    const nordurRow = await row(nordur.id);
    expect(await app.manage.cancelSubscription(app.db, nordur.id)).toEqual({ ok: true });
    const listedAtNordur = await app.scope.inBank('nordur', () => app.webhooks.listBankSubscriptions());
    expect(listedAtNordur.map((s) => s.subscriptionId)).not.toContain(nordurRow.bankSubscriptionId);
    expect(
      await app.scope.inBank('default', () => app.webhooks.getBankSubscription(rootRow.bankSubscriptionId)),
    ).toBeDefined();
    // A cancelled subscription takes no more deliveries, even signed with its own secret.
    expect((await deliver(nordur.id, await sealedDelivery(claimEnvelope(), nordur.secret))).status).toBe(404);
  });
});

describe('claims per bank (IOBWS-Claims 3.1)', () => {
  it('reads bills from every bank that offers claims, each kept and shown as its own bank’s', async () => {
    const claimId = app.claims.claimIdOf({
      claimantId: CLAIMANT,
      account: '031166000777',
      dueDate: '2027-03-01',
    });
    expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({ fresh: true });
    const views = await app.bills.billViews(app.db, psuId, JON);
    const sameId = views.filter((view) => view.claimId === claimId);
    expect(sameId.map((view) => [view.bankId, view.reference]).sort()).toEqual([
      ['default', 'ROOT-1'],
      ['nordur', 'NORDUR-1'],
    ]);
    expect(sameId.find((view) => view.bankId === 'nordur')?.bankName).toBe(NORDUR.name);
    // The root bank's seeded claims are the root bank's; austur holds none of Jón's.
    const seeded = views.filter((view) => view.claimId !== claimId);
    expect(seeded.length).toBeGreaterThan(0);
    expect(new Set(seeded.map((view) => view.bankId))).toEqual(new Set(['default']));
    // A claim of one bank is unknown at another.
    expect(await app.scope.inBank('austur', () => app.claims.getClaim(claimId))).toBeUndefined();
  });

  it('a bank that cannot be reached is named, and the others are read all the same', async () => {
    const austur = `${sandbox.url}/banks/austur`;
    // Austur's claims interface answers 503 for a while (its fault rules, sandbox/README.md).
    await addFault(austur, { method: 'GET', pathRegex: '/business/claims', status: 503, count: 20 });
    try {
      expect(await app.refresh.refreshBillsFromBank(app.db, JON)).toEqual({
        fresh: false,
        staleBankIds: ['austur'],
        incompleteBankIds: [],
      });
    } finally {
      await clearFaults(austur);
    }
    const rows = await app.db
      .select()
      .from(bills)
      .where(and(eq(bills.bankId, 'nordur'), eq(bills.payorId, JON)));
    expect(rows.map((bill) => bill.reference)).toEqual(['NORDUR-1']);
  });
});

/** A payment of Jón's sent to the bank of its debtor account; fails the test when it is not sent. */
async function pay(debtorIban: string) {
  const outcome = await app.initiation.initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: debtorIban },
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount: '1500' },
      remittanceInformationUnstructured: 'per bank',
    },
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: { amount: '1500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: '10.1.2.3',
  });
  if (!outcome.ok) throw new Error(`not sent: ${JSON.stringify(outcome)}`);
  const [payment] = await app.db
    .select()
    .from(app.schema.payments)
    .where(eq(app.schema.payments.id, outcome.paymentId));
  if (!payment) throw new Error('payment not saved');
  return payment;
}

describe('a status read per bank (payment spec 5)', () => {
  it('reads the status of a payment at austur from austur only', async () => {
    const payment = await pay(JON_AT_AUSTUR);
    expect(payment.bankId).toBe('austur');
    const ref = {
      service: payment.service,
      product: payment.product,
      paymentId: payment.bankPaymentId ?? '',
    };
    for (const other of ['default', 'nordur']) {
      await expect(
        app.scope.inBank(other, () => app.bankPayments.readPaymentStatus(ref)),
      ).rejects.toMatchObject({ status: 404 });
    }
    const synced = await app.sync.syncPaymentStatus(app.db, payment, 'poll');
    expect(synced.status).toBe(
      (await app.scope.inBank('austur', () => app.bankPayments.readPaymentStatus(ref))).transactionStatus,
    );
  });

  it("suggests paying a bill from its payor's account at the bill's bank, else the latest used; never another holder's", async () => {
    const atRoot = await pay(JON_AT_ROOT);
    expect(atRoot.bankId).toBe('default');
    const holderOf = (iban: string) => iban.slice(-10);
    const jon = holderOf(JON_AT_AUSTUR);
    expect(holderOf(JON_AT_ROOT)).not.toBe(jon);
    expect(await app.billRows.lastDebtorIban(app.db, psuId, 'austur', jon)).toBe(JON_AT_AUSTUR);
    // The latest payment was from an account of another holder: not suggested for this payor's bill.
    expect(await app.billRows.lastDebtorIban(app.db, psuId, 'default', jon)).toBe(JON_AT_AUSTUR);
    expect(await app.billRows.lastDebtorIban(app.db, psuId, 'default', holderOf(JON_AT_ROOT))).toBe(
      JON_AT_ROOT,
    );
    expect(await app.billRows.lastDebtorIban(app.db, psuId, 'nordur', holderOf(JON_AT_ROOT))).toBe(
      JON_AT_ROOT,
    );
    expect(await app.billRows.lastDebtorIban(app.db, psuId, 'nordur', '1234567890')).toBeUndefined();
  });
});

describe('rows made before the directory (migration 0015)', () => {
  const entry = (id: string, bankNumbers: string[]) => ({
    ...appDirectory('http://127.0.0.1:1', [NORDUR]).banks[0],
    id,
    bankNumbers,
  });

  it("belong to a directory of one, whatever that bank's id; with several, to the bank named default only", () => {
    const one = parseDirectory(JSON.stringify({ banks: [entry('landsbanki', [])] }), 'one.json');
    expect(bankById('default', one)?.id).toBe('landsbanki');
    const two = parseDirectory(
      JSON.stringify({ banks: [entry('landsbanki', ['01']), entry('nordur', ['03'])] }),
      'two.json',
    );
    expect(bankById('default', two)).toBeUndefined();
    expect(bankById('nordur', two)?.id).toBe('nordur');
  });

  it('an existing subscription row gets the bank `default`', async () => {
    const id = randomUUID();
    await app.db.execute(
      sql`insert into webhook_subscriptions (id, bank_subscription_id, callback_url, event_types, signing_secret_sealed)
          values (${id}, ${randomUUID()}, 'https://app.example.is/cb', '["Claim"]'::jsonb, 'sealed')`,
    );
    expect((await row(id)).bankId).toBe('default');
  });
});
