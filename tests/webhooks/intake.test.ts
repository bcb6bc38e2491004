import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/webhooks/bank-events/[subscriptionId]/route';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { webhookEvents, webhookSubscriptions } from '@/lib/db/schema';
import { encryptEnvelope } from '@/lib/webhooks/encryption';
import { acceptDelivery } from '@/lib/webhooks/intake';
import { sealSecret } from '@/lib/webhooks/secret-box';
import { signPayload } from '@/lib/webhooks/signature';
import {
  deliveryKeysTtlMs,
  markSubscriptionCancelled,
  rotateSigningSecret,
} from '@/lib/webhooks/subscriptions';
import { freshAppDatabase } from '../support/app-database';
import { claimEnvelope, createSubscription, newSecret, nowSeconds, sealedDelivery } from './support';

let db: Db;

beforeAll(async () => {
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'webhook-intake-test-secret-0123456789abcdef';
  process.env.SEED_DEMO_PSU = 'false';
  db = await getDb();
});

afterAll(async () => {
  await closeDatabase();
});

const storedCount = async (subscriptionId: string) =>
  (await db.select().from(webhookEvents).where(eq(webhookEvents.subscriptionId, subscriptionId))).length;

describe('webhook delivery intake', () => {
  it('accepts a signed, encrypted delivery and stores the event once', async () => {
    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope({ occurredAt: '2026-03-02T11:59:00.123456Z' });
    const delivery = await sealedDelivery(envelope, secret);
    const outcome = await acceptDelivery({ subscriptionId: id, ...delivery, requestId: 'r-1' });
    expect(outcome).toEqual({ ok: true, status: 'accepted', eventId: envelope.eventId });
    const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, envelope.eventId));
    expect(row).toMatchObject({
      subscriptionId: id,
      eventType: 'claim.paid',
      schemaVersion: '1.0',
      selfLink: envelope.links[0]?.href,
      links: envelope.links,
      requestId: 'r-1',
      processedAt: null,
      outcome: null,
    });
    expect(new Date(row?.occurredAt ?? '').toISOString()).toBe('2026-03-02T11:59:00.123Z');
    expect(row?.occurredAt).toMatch(/\.123456/);
  });

  it('acknowledges a duplicate (a retry, signed afresh) and stores it once', async () => {
    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope();
    const first = await acceptDelivery({ subscriptionId: id, ...(await sealedDelivery(envelope, secret)) });
    const retry = await acceptDelivery({
      subscriptionId: id,
      ...(await sealedDelivery(envelope, secret, { timestamp: nowSeconds() + 2 })),
    });
    expect(first).toMatchObject({ ok: true, status: 'accepted' });
    expect(retry).toEqual({ ok: true, status: 'duplicate', eventId: envelope.eventId });
    expect(await storedCount(id)).toBe(1);
  });

  it('refuses forged, tampered, stale, future, wrongly keyed and unsigned deliveries and stores nothing', async () => {
    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope();
    const good = await sealedDelivery(envelope, secret);
    const [h, k, iv, ciphertext, tag] = good.rawBody.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const tamperedBody = [h, k, iv, flipped.toString('base64url'), tag].join('.');

    const cases = [
      ['forged', await sealedDelivery(envelope, newSecret()), 'signature_mismatch'],
      ['tampered', { rawBody: tamperedBody, signatureHeader: good.signatureHeader }, 'signature_mismatch'],
      ['stale', await sealedDelivery(envelope, secret, { timestamp: nowSeconds() - 330 }), 'signature_stale'],
      [
        'future',
        await sealedDelivery(envelope, secret, { timestamp: nowSeconds() + 330 }),
        'signature_stale',
      ],
      [
        'wrongly keyed',
        await sealedDelivery(envelope, secret, { encryptWith: newSecret() }),
        'undecryptable',
      ],
      ['unsigned', { rawBody: good.rawBody, signatureHeader: null }, 'signature_missing'],
      ['garbled header', { rawBody: good.rawBody, signatureHeader: 'sha256=abc' }, 'signature_malformed'],
    ] as const;
    for (const [, delivery, reason] of cases) {
      expect(await acceptDelivery({ subscriptionId: id, ...delivery })).toEqual({ ok: false, reason });
    }
    expect(await storedCount(id)).toBe(0);
    // The same event, properly sent, still goes through afterwards.
    expect(await acceptDelivery({ subscriptionId: id, ...good })).toMatchObject({
      ok: true,
      status: 'accepted',
    });
  });

  it('refuses an envelope that does not match spec 2.2, after checking its signature', async () => {
    const { id, secret } = await createSubscription(db);
    for (const envelope of [
      claimEnvelope({ eventId: 'not-a-uuid' }),
      claimEnvelope({ occurredAt: 'yesterday' }),
      { eventType: 'claim.paid' },
    ]) {
      const delivery = await sealedDelivery(envelope, secret);
      expect(await acceptDelivery({ subscriptionId: id, ...delivery })).toEqual({
        ok: false,
        reason: 'invalid_envelope',
      });
    }
    const notJson = await encryptEnvelope('x', secret);
    const raw = `${notJson}`;
    expect(
      await acceptDelivery({
        subscriptionId: id,
        rawBody: raw,
        signatureHeader: signPayload(secret, raw, nowSeconds()),
      }),
    ).toEqual({ ok: false, reason: 'invalid_envelope' });
    expect(await storedCount(id)).toBe(0);
  });

  it('refuses deliveries for a subscription it does not know', async () => {
    const secret = newSecret();
    const delivery = await sealedDelivery(claimEnvelope(), secret);
    for (const subscriptionId of ['0b0e3c52-2d5e-4a55-9a37-8f0e2f7c1d11', 'not-a-uuid', '../../x']) {
      expect(await acceptDelivery({ subscriptionId, ...delivery })).toEqual({
        ok: false,
        reason: 'unknown_subscription',
      });
    }
  });

  it('keeps the signing secret sealed at rest, and accepts the previous secret during a rotation', async () => {
    const { id, secret } = await createSubscription(db);
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    expect(row?.signingSecretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    const next = newSecret();
    await rotateSigningSecret(db, id, next);
    for (const signer of [secret, next]) {
      const delivery = await sealedDelivery(claimEnvelope(), signer);
      expect(await acceptDelivery({ subscriptionId: id, ...delivery })).toMatchObject({ ok: true });
    }
    await rotateSigningSecret(db, id, newSecret(), 0);
    const withRetired = await sealedDelivery(claimEnvelope(), secret);
    expect(await acceptDelivery({ subscriptionId: id, ...withRetired })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('refuses, counts and logs a delivery whose signing secret no longer opens (AUTH_SECRET changed)', async () => {
    const { metrics } = await import('@/lib/observability/metrics');
    const { id, secret } = await createSubscription(db);
    // Sealed under another key than this AUTH_SECRET's (here: bound to another row), as after a change of it.
    await db
      .update(webhookSubscriptions)
      .set({ signingSecretSealed: sealSecret(secret, crypto.randomUUID()) })
      .where(eq(webhookSubscriptions.id, id));
    const counted = async () =>
      (await metrics().webhookDeliveries.get()).values.find(
        (value) => value.labels.outcome === 'signature_secret_unreadable',
      )?.value ?? 0;
    const before = await counted();
    const delivery = await sealedDelivery(claimEnvelope(), secret);
    expect(await acceptDelivery({ subscriptionId: id, ...delivery })).toEqual({
      ok: false,
      reason: 'signature_secret_unreadable',
    });
    expect(await counted()).toBe(before + 1);
    expect(await storedCount(id)).toBe(0);
  });

  it('stores an event whose occurredAt is written +00:00 as the same instant', async () => {
    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope({ occurredAt: '2026-03-02T11:59:00+00:00' });
    const outcome = await acceptDelivery({ subscriptionId: id, ...(await sealedDelivery(envelope, secret)) });
    expect(outcome).toMatchObject({ ok: true, status: 'accepted' });
    const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, envelope.eventId));
    expect(new Date(row?.occurredAt ?? '').toISOString()).toBe('2026-03-02T11:59:00.000Z');
  });

  it('answers 413 to a body past the limit sent without a Content-Length, and stops reading it', async () => {
    const { id } = await createSubscription(db);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 10_000) controller.close();
        else controller.enqueue(new Uint8Array(1024).fill(0x61));
      },
    });
    const request = new NextRequest(`http://localhost:3000/api/webhooks/bank-events/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/jose' },
      body,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await POST(request, { params: Promise.resolve({ subscriptionId: id }) });
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(100);
    expect(await storedCount(id)).toBe(0);
  });

  it('answers over HTTP with 202, 200, 401, 400 and 404', async () => {
    const { id, secret } = await createSubscription(db);
    const post = async (subscriptionId: string, rawBody: string, signature: string | null) => {
      const headers = new Headers({
        'Content-Type': 'application/jose',
        'X-Request-ID': crypto.randomUUID(),
      });
      if (signature) headers.set('X-Webhook-Signature', signature);
      const request = new NextRequest(`http://localhost:3000/api/webhooks/bank-events/${subscriptionId}`, {
        method: 'POST',
        headers,
        body: rawBody,
      });
      const response = await POST(request, { params: Promise.resolve({ subscriptionId }) });
      return { status: response.status, body: await response.json() };
    };
    const envelope = claimEnvelope();
    const delivery = await sealedDelivery(envelope, secret);
    expect(await post(id, delivery.rawBody, delivery.signatureHeader)).toEqual({
      status: 202,
      body: { status: 'accepted', eventId: envelope.eventId },
    });
    expect(await post(id, delivery.rawBody, delivery.signatureHeader)).toEqual({
      status: 200,
      body: { status: 'duplicate', eventId: envelope.eventId },
    });
    expect((await post(id, delivery.rawBody, null)).status).toBe(401);
    const forged = await sealedDelivery(claimEnvelope(), newSecret());
    expect(await post(id, forged.rawBody, forged.signatureHeader)).toEqual({
      status: 401,
      body: { error: 'signature_mismatch' },
    });
    const bad = await sealedDelivery({ eventId: 'x' }, secret);
    expect((await post(id, bad.rawBody, bad.signatureHeader)).status).toBe(400);
    expect((await post(crypto.randomUUID(), delivery.rawBody, delivery.signatureHeader)).status).toBe(404);
  });

  describe('signing keys kept in memory', () => {
    const deliverNow = async (id: string, secret: string, now?: Date) =>
      acceptDelivery({ subscriptionId: id, ...(await sealedDelivery(claimEnvelope(), secret)), now });

    it('sees a cancellation made through this app at once', async () => {
      const { id, secret } = await createSubscription(db);
      expect(await deliverNow(id, secret)).toMatchObject({ ok: true, status: 'accepted' });
      await markSubscriptionCancelled(db, id);
      expect(await deliverNow(id, secret)).toEqual({ ok: false, reason: 'unknown_subscription' });
    });

    it('sees a cancellation made by another instance once the keys are older than the TTL', async () => {
      const { id, secret } = await createSubscription(db);
      expect(await deliverNow(id, secret)).toMatchObject({ ok: true });
      // Another app instance cancels: the row changes, this process is not told.
      await db.execute(sql`update webhook_subscriptions set cancelled_at = now() where id = ${id}`);
      // Within the TTL the keys in memory still serve (no read per delivery)...
      expect(await deliverNow(id, secret)).toMatchObject({ ok: true });
      // ...and once they are older, the row is read again.
      const later = new Date(Date.now() + deliveryKeysTtlMs + 1000);
      expect(await deliverNow(id, secret, later)).toEqual({ ok: false, reason: 'unknown_subscription' });
    });

    it('sees a secret rotated by another instance at the first delivery signed with the new secret', async () => {
      const { id, secret } = await createSubscription(db);
      expect(await deliverNow(id, secret)).toMatchObject({ ok: true });
      const next = newSecret();
      await db.execute(
        sql`update webhook_subscriptions set signing_secret_sealed = ${sealSecret(next, id)} where id = ${id}`,
      );
      // Read a second or more after the keys in memory: a signature that matches none reads them again.
      const later = new Date(Date.now() + 1500);
      expect(await deliverNow(id, next, later)).toMatchObject({ ok: true, status: 'accepted' });
      // The old secret, no longer in the row, is refused from then on.
      expect(await deliverNow(id, secret, later)).toEqual({ ok: false, reason: 'signature_mismatch' });
    });
  });
});
