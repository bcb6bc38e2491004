import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBankResource } from '@/lib/bank/resources';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { insertEventOnce } from '@/lib/db/queries/webhook-events';
import { webhookEvents, webhookSubscriptions } from '@/lib/db/schema';
import { acceptDelivery } from '@/lib/webhooks/intake';
import { processSubscriptionEvents } from '@/lib/webhooks/process-events';
import { freshAppDatabase } from '../support/app-database';
import {
  claimEnvelope,
  createSubscription,
  type FakeBank,
  paidClaim,
  sealedDelivery,
  startFakeBank,
} from './support';

let db: Db;
let bankServer: FakeBank;
// What the bank's claims interface answers, by path; any other claim reads as Paid.
let answers: Record<string, { status: number; body?: unknown }> = {};

beforeAll(async () => {
  bankServer = await startFakeBank((method, path) =>
    method === 'GET' && path.startsWith('/business/claims/')
      ? (answers[path] ?? { status: 200, body: paidClaim(path.split('/').pop() ?? '') })
      : undefined,
  );
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'webhook-processing-test-secret-0123456789';
  process.env.SEED_DEMO_PSU = 'false';
  process.env.BANK_AUTH_URL = bankServer.url;
  process.env.BANK_BUSINESS_BASE_URL = `${bankServer.url}/business`;
  db = await getDb();
});

afterAll(async () => {
  await closeDatabase();
  await bankServer.close();
});

/**
 * The bank's claims interface (not ours) answering from a table from now on; `calls` are the claim
 * reads it is asked for from now on, and `read` is how the event job reads a self link.
 */
function fakeClaims(table: Record<string, { status: number; body?: unknown }> = {}) {
  answers = Object.fromEntries(Object.entries(table).map(([url, answer]) => [new URL(url).pathname, answer]));
  const from = bankServer.requests.length;
  return {
    get calls() {
      return bankServer.requests
        .slice(from)
        .filter((request) => request.path.startsWith('/business/claims/'))
        .map((request) => ({
          url: `${bankServer.url}${request.path}`,
          authorization: request.headers.authorization ?? null,
          key: request.headers['ocp-apim-subscription-key'] ?? null,
        }));
    },
    read: readBankResource,
  };
}

const claim = (id: string) => `${bankServer.url}/business/claims/v1/claims/${id}`;
const selfTo = (href: string) => [{ rel: 'self', href, method: 'GET' }];

async function deliver(subscriptionId: string, secret: string, envelope: ReturnType<typeof claimEnvelope>) {
  const outcome = await acceptDelivery({ subscriptionId, ...(await sealedDelivery(envelope, secret)) });
  expect(outcome).toMatchObject({ ok: true, status: 'accepted' });
}

async function outcomeOf(eventId: string) {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
  return row;
}

describe('webhook event processing', () => {
  it('processes events that arrived out of order in occurredAt order, with the bank token and API key', async () => {
    const { id, secret } = await createSubscription(db);
    const first = claimEnvelope({ occurredAt: '2026-03-02T10:00:00.000001Z', links: selfTo(claim('a')) });
    const second = claimEnvelope({ occurredAt: '2026-03-02T10:00:00.000002Z', links: selfTo(claim('b')) });
    const third = claimEnvelope({ occurredAt: '2026-03-02T10:05:00Z', links: selfTo(claim('c')) });
    for (const envelope of [third, second, first]) await deliver(id, secret, envelope);

    const bank = fakeClaims();
    expect(await processSubscriptionEvents(db, id, bank.read)).toEqual({ processed: 3 });
    expect(bank.calls.map((call) => call.url)).toEqual([claim('a'), claim('b'), claim('c')]);
    expect(bank.calls[0]).toMatchObject({
      authorization: 'Bearer bank-token',
      key: 'demo-subscription-key',
    });
    expect(await outcomeOf(first.eventId)).toMatchObject({
      outcome: 'applied',
      detail: { httpStatus: 200, claim: { claimId: 'a', claimStatus: 'Paid' } },
    });
    // Nothing left: a second pass reads nothing.
    expect(await processSubscriptionEvents(db, id, bank.read)).toEqual({ processed: 0 });
    expect(bank.calls).toHaveLength(3);
  });

  it('does not apply an older event for a resource over a newer one that arrived first', async () => {
    const { id, secret } = await createSubscription(db);
    const older = claimEnvelope({ occurredAt: '2026-03-02T09:00:00Z', links: selfTo(claim('r')) });
    const newer = claimEnvelope({ occurredAt: '2026-03-02T09:30:00Z', links: selfTo(claim('r')) });
    const bank = fakeClaims();
    await deliver(id, secret, newer);
    await processSubscriptionEvents(db, id, bank.read);
    await deliver(id, secret, older);
    await processSubscriptionEvents(db, id, bank.read);
    expect(bank.calls.map((call) => call.url)).toEqual([claim('r')]);
    expect((await outcomeOf(newer.eventId))?.outcome).toBe('applied');
    expect((await outcomeOf(older.eventId))?.outcome).toBe('superseded');
  });

  it("does not count another bank's event for the same self link as a later one (ids and links are each bank's own)", async () => {
    const { id, secret } = await createSubscription(db);
    // A self link written relative to the business interface reads alike at every bank.
    const href = 'claims/v1/claims/same-href';
    const elsewhere = await createSubscription(db);
    await db
      .update(webhookSubscriptions)
      .set({ bankId: 'nordur' })
      .where(eq(webhookSubscriptions.id, elsewhere.id));
    const later = claimEnvelope({ occurredAt: '2026-03-05T12:00:00Z', links: selfTo(href) });
    await insertEventOnce(db, {
      eventId: later.eventId,
      bankId: 'nordur',
      subscriptionId: elsewhere.id,
      eventType: later.eventType,
      schemaVersion: later.schemaVersion,
      occurredAt: later.occurredAt,
      selfLink: href,
      links: later.links,
      requestId: null,
    });
    await db
      .update(webhookEvents)
      .set({ outcome: 'applied', processedAt: sql`now()` })
      .where(eq(webhookEvents.eventId, later.eventId));

    const ours = claimEnvelope({ occurredAt: '2026-03-05T11:00:00Z', links: selfTo(href) });
    await deliver(id, secret, ours);
    const bank = fakeClaims();
    expect(await processSubscriptionEvents(db, id, bank.read)).toEqual({ processed: 1 });
    expect(bank.calls.map((call) => call.url)).toEqual([claim('same-href')]);
    expect((await outcomeOf(ours.eventId))?.outcome).toBe('applied');
  });

  it('ignores event types it does not know, and records why others could not be applied', async () => {
    const { id, secret } = await createSubscription(db);
    const unknown = claimEnvelope({ eventType: 'claim.overdue', occurredAt: '2026-03-02T08:00:00Z' });
    const gone = claimEnvelope({ occurredAt: '2026-03-02T08:01:00Z', links: selfTo(claim('missing')) });
    const elsewhere = claimEnvelope({
      occurredAt: '2026-03-02T08:02:00Z',
      links: selfTo('https://attacker.example/business/claims/v1/claims/x'),
    });
    const noSelf = claimEnvelope({ occurredAt: '2026-03-02T08:03:00Z', links: [] });
    for (const envelope of [unknown, gone, elsewhere, noSelf]) await deliver(id, secret, envelope);
    const bank = fakeClaims({ [claim('missing')]: { status: 404, body: {} } });
    await processSubscriptionEvents(db, id, bank.read);
    expect(bank.calls.map((call) => call.url)).toEqual([claim('missing')]);
    expect((await outcomeOf(unknown.eventId))?.outcome).toBe('ignored');
    expect((await outcomeOf(gone.eventId))?.outcome).toBe('not_found');
    expect(await outcomeOf(elsewhere.eventId)).toMatchObject({
      outcome: 'failed',
      detail: { reason: 'self_link_outside_business_interface' },
    });
    expect(await outcomeOf(noSelf.eventId)).toMatchObject({
      outcome: 'failed',
      detail: { reason: 'no_self_link' },
    });
  });

  it('reads the self link of a claim.paid event only in the claims interface, not another business interface', async () => {
    const { id, secret } = await createSubscription(db);
    const document = `${bankServer.url}/business/documents/v1/documents/d-1`;
    const dotted = `${bankServer.url}/business/claims/../cards/v1/cards/k-1`;
    const toDocument = claimEnvelope({ occurredAt: '2026-03-06T08:00:00Z', links: selfTo(document) });
    const toCard = claimEnvelope({ occurredAt: '2026-03-06T08:01:00Z', links: selfTo(dotted) });
    for (const envelope of [toDocument, toCard]) await deliver(id, secret, envelope);
    const from = bankServer.requests.length;
    fakeClaims();
    await processSubscriptionEvents(db, id, readBankResource);
    const reads = bankServer.requests
      .slice(from)
      .filter((request) => request.path !== '/oauth/v2/oauth-token');
    expect(reads).toEqual([]);
    for (const envelope of [toDocument, toCard]) {
      expect(await outcomeOf(envelope.eventId)).toMatchObject({
        outcome: 'failed',
        detail: { reason: 'self_link_outside_claims_interface' },
      });
    }
  });

  it('leaves an event pending and throws for a retry while the bank is unavailable', async () => {
    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope({ links: selfTo(claim('busy')) });
    await deliver(id, secret, envelope);
    const down = fakeClaims({ [claim('busy')]: { status: 503 } });
    await expect(processSubscriptionEvents(db, id, down.read)).rejects.toThrow(/bank unavailable \(503\)/);
    expect(await outcomeOf(envelope.eventId)).toMatchObject({
      processedAt: null,
      outcome: null,
      attempts: 1,
    });
    const up = fakeClaims();
    await processSubscriptionEvents(db, id, up.read);
    expect(await outcomeOf(envelope.eventId)).toMatchObject({ outcome: 'applied', attempts: 2 });
  });

  it('lets two workers run at once without processing any event twice, in occurredAt order', async () => {
    const { id, secret } = await createSubscription(db);
    const envelopes = Array.from({ length: 8 }, (_, i) =>
      claimEnvelope({
        occurredAt: `2026-03-03T10:00:0${i}.000000Z`,
        links: selfTo(claim(`two-${i}`)),
      }),
    );
    for (const envelope of [...envelopes].reverse()) await deliver(id, secret, envelope);
    // A bank that takes its time, so that the two workers overlap.
    const bank = fakeClaims();
    const slow = async (href: string) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return bank.read(href);
    };
    const [a, b] = await Promise.all([
      processSubscriptionEvents(db, id, slow),
      processSubscriptionEvents(db, id, slow),
    ]);
    expect((a?.processed ?? 0) + (b?.processed ?? 0)).toBe(envelopes.length);
    expect(bank.calls.map((call) => call.url)).toEqual(envelopes.map((_, i) => claim(`two-${i}`)));
    for (const envelope of envelopes) {
      expect(await outcomeOf(envelope.eventId)).toMatchObject({
        outcome: 'applied',
        attempts: 1,
        claimedUntil: null,
      });
    }
  });

  it('leaves an event claimed by a worker that died alone until the claim lapses, and runs nothing ahead of it', async () => {
    const { id, secret } = await createSubscription(db);
    const first = claimEnvelope({ occurredAt: '2026-03-04T10:00:00Z', links: selfTo(claim('held-1')) });
    const second = claimEnvelope({ occurredAt: '2026-03-04T10:00:01Z', links: selfTo(claim('held-2')) });
    for (const envelope of [first, second]) await deliver(id, secret, envelope);
    const claimFirst = (until: ReturnType<typeof sql>) =>
      db.update(webhookEvents).set({ claimedUntil: until }).where(eq(webhookEvents.eventId, first.eventId));
    // The worker that claimed `first` died before it finished.
    await claimFirst(sql`now() + interval '1 minute'`);
    const bank = fakeClaims();
    expect(await processSubscriptionEvents(db, id, bank.read)).toEqual({ processed: 0 });
    expect(bank.calls).toHaveLength(0);
    // Its claim lapses: the next worker processes both, in order.
    await claimFirst(sql`now() - interval '1 second'`);
    expect(await processSubscriptionEvents(db, id, bank.read)).toEqual({ processed: 2 });
    expect(bank.calls.map((call) => call.url)).toEqual([claim('held-1'), claim('held-2')]);
  });
});
