import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/notifications/payments/[paymentId]/[token]/route';
import { closeDatabase, type Db, getDb } from '@/lib/db';
import { paymentNotifications, paymentNotificationTokens } from '@/lib/db/notification-schema';
import { paymentEvents, payments, webhookEvents } from '@/lib/db/schema';
import { startJobs, stopJobs } from '@/lib/jobs';
import {
  acceptPaymentNotification,
  issueNotificationUri,
  processPaymentNotification,
} from '@/lib/payments/notifications';
import { acceptDelivery } from '@/lib/webhooks/intake';
import { freshAppDatabase } from '../support/app-database';
import { insertInitiatedPayment, insertPsu } from '../support/app-rows';
import {
  claimEnvelope,
  createSubscription,
  type FakeBank,
  paidClaim,
  sealedDelivery,
  startFakeBank,
  waitFor,
} from '../webhooks/support';

let db: Db;
let bank: FakeBank;
let psuId: string;
/** What the bank answers for a payment's status, by its id at the bank; ACSC where none is set. */
const statusAtBank = new Map<string, string>();

beforeAll(async () => {
  bank = await startFakeBank((method, path) => {
    const statusRead = /^\/psd2\/api\/v1\/payments\/credit-transfers\/([^/]+)\/status$/.exec(path);
    if (method === 'GET' && statusRead) {
      return { status: 200, body: { transactionStatus: statusAtBank.get(statusRead[1] ?? '') ?? 'ACSC' } };
    }
    if (method === 'GET' && path.startsWith('/business/claims/v1/claims/')) {
      return { status: 200, body: paidClaim(path.split('/').pop() ?? '') };
    }
    return undefined;
  });
  Object.assign(process.env, await freshAppDatabase());
  process.env.AUTH_SECRET = 'notification-test-secret-0123456789abcdefgh';
  process.env.SEED_DEMO_PSU = 'false';
  process.env.APP_BASE_URL = 'https://app.example';
  process.env.BANK_BASE_URL = `${bank.url}/psd2`;
  process.env.BANK_AUTH_URL = bank.url;
  process.env.BANK_BUSINESS_BASE_URL = `${bank.url}/business`;
  db = await getDb();
  psuId = await insertPsu(db);
});

afterAll(async () => {
  await stopJobs();
  await closeDatabase();
  await bank.close();
});

const initiatedPayment = () => insertInitiatedPayment(db, psuId, { transactionStatus: 'ACTC' });

function tokenOf(uri: string): string {
  return uri.split('/').pop() ?? '';
}

async function post(paymentId: string, token: string, body: unknown) {
  const request = new NextRequest(`https://app.example/api/notifications/payments/${paymentId}/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Request-ID': 'req-1' },
    body: JSON.stringify(body),
  });
  return POST(request, { params: Promise.resolve({ paymentId, token }) });
}

const statusOf = async (paymentId: string) =>
  (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.transactionStatus;
const notificationsOf = (paymentId: string) =>
  db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentId, paymentId));
/** The payment's notification once it is processed: the payment's status is recorded just before. */
const processedNotificationOf = (paymentId: string) =>
  waitFor(async () => {
    const [row] = await notificationsOf(paymentId);
    return row?.processedAt ? row : undefined;
  });

describe('payment status notifications', () => {
  it('issues a notification URI with a random token and stores only its hash', async () => {
    const payment = await initiatedPayment();
    const uri = await issueNotificationUri(payment.id);
    expect(uri).toMatch(
      new RegExp(`^https://app\\.example/api/notifications/payments/${payment.id}/[A-Za-z0-9_-]{43}$`),
    );
    const [stored] = await db
      .select()
      .from(paymentNotificationTokens)
      .where(eq(paymentNotificationTokens.paymentId, payment.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(tokenOf(uri)).digest('hex'));
    expect(tokenOf(await issueNotificationUri(payment.id))).not.toBe(tokenOf(uri));
  });

  it('answers 404 to a wrong token and changes nothing', async () => {
    const payment = await initiatedPayment();
    const other = await initiatedPayment();
    const token = tokenOf(await issueNotificationUri(payment.id));
    const otherToken = tokenOf(await issueNotificationUri(other.id));
    const requestsBefore = bank.requests.length;
    const body = { paymentId: payment.bankPaymentId, transactionStatus: 'ACSC' };
    for (const wrong of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      otherToken,
      'short',
      '',
    ]) {
      expect((await post(payment.id, wrong, body)).status).toBe(404);
    }
    expect((await post(randomUUID(), token, body)).status).toBe(404);
    expect((await post('not-a-payment', token, body)).status).toBe(404);
    expect(
      await acceptPaymentNotification({ paymentId: payment.id, token: otherToken, rawBody: '{}' }),
    ).toEqual({
      ok: false,
      reason: 'not_found',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notificationsOf(payment.id)).toHaveLength(0);
    expect(await statusOf(payment.id)).toBe('ACTC');
    expect(await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(
      0,
    );
    expect(bank.requests.length).toBe(requestsBefore);
  });

  it('answers 200 to a valid notification, records it, and re-reads the status from the bank', async () => {
    const payment = await initiatedPayment();
    const token = tokenOf(await issueNotificationUri(payment.id));
    // The IG's example spells the id `payment-ID`.
    const response = await post(payment.id, token, {
      'payment-ID': payment.bankPaymentId,
      transactionStatus: 'ACSC',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Request-ID')).toBe('req-1');
    expect(await response.text()).toBe('');

    expect(await processedNotificationOf(payment.id)).toMatchObject({
      status: 'processed',
      requestId: 'req-1',
      body: { 'payment-ID': payment.bankPaymentId, transactionStatus: 'ACSC' },
    });
    expect(await statusOf(payment.id)).toBe('ACSC');
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events).toMatchObject([{ transactionStatus: 'ACSC', source: 'notification' }]);
    const read = bank.requests.find((request) => request.path.includes(`${payment.bankPaymentId}/status`));
    expect(read?.headers.authorization).toBe('Bearer bank-token');
  });

  it('settles every notification received before a reading of the status with that one reading', async () => {
    const payment = await initiatedPayment();
    // Not final at the bank: every notification would otherwise read the status again.
    statusAtBank.set(payment.bankPaymentId ?? '', 'ACSP');
    const statusReads = () =>
      bank.requests.filter((request) => request.path.endsWith(`/${payment.bankPaymentId}/status`)).length;
    const received = (count: number) =>
      db
        .insert(paymentNotifications)
        .values(
          Array.from({ length: count }, () => ({
            paymentId: payment.id,
            body: { transactionStatus: 'ACSP' },
          })),
        )
        .returning({ id: paymentNotifications.id });
    const together = await received(3);

    await processPaymentNotification(db, together[1]?.id ?? 0);
    expect(statusReads()).toBe(1);
    expect(await statusOf(payment.id)).toBe('ACSP');
    const settled = await notificationsOf(payment.id);
    expect(settled).toHaveLength(3);
    for (const row of settled)
      expect(row).toMatchObject({ status: 'processed', processedAt: expect.any(Date) });
    // Their own jobs find them settled and ask the bank nothing.
    for (const { id } of together) await processPaymentNotification(db, id);
    expect(statusReads()).toBe(1);

    // One received after that reading began says the bank may have moved since: it gets a reading of its own.
    const [later] = await received(1);
    await processPaymentNotification(db, later?.id ?? 0);
    expect(statusReads()).toBe(2);
    expect((await notificationsOf(payment.id)).every((row) => row.processedAt)).toBe(true);
  });

  it('goes through the job queue when the workers run, for notifications and webhook events alike', async () => {
    await startJobs();
    const payment = await initiatedPayment();
    const token = tokenOf(await issueNotificationUri(payment.id));
    const outcome = await acceptPaymentNotification({
      paymentId: payment.id,
      token,
      rawBody: JSON.stringify({ paymentId: payment.bankPaymentId, transactionStatus: 'ACSC' }),
    });
    expect(outcome).toMatchObject({ ok: true, queued: true });
    expect(await processedNotificationOf(payment.id)).toMatchObject({
      status: 'processed',
      body: { paymentId: payment.bankPaymentId },
    });
    expect(await statusOf(payment.id)).toBe('ACSC');

    const { id, secret } = await createSubscription(db);
    const envelope = claimEnvelope({
      links: [{ rel: 'self', href: `${bank.url}/business/claims/v1/claims/k-9`, method: 'GET' }],
    });
    expect(
      await acceptDelivery({ subscriptionId: id, ...(await sealedDelivery(envelope, secret)) }),
    ).toMatchObject({
      ok: true,
      status: 'accepted',
    });
    const event = await waitFor(async () => {
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.eventId, envelope.eventId));
      return row?.processedAt ? row : undefined;
    });
    expect(event).toMatchObject({
      outcome: 'applied',
      detail: { claim: { claimId: 'k-9', claimStatus: 'Paid' } },
    });
    const claimRead = bank.requests.find((request) => request.path.endsWith('/claims/k-9'));
    expect(claimRead?.headers['ocp-apim-subscription-key']).toBe('demo-subscription-key');
  });
});
