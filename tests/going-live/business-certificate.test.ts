import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import https, { type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '@/lib/config';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { createPki, opensslAvailable, type Pki, read } from './pki';

/**
 * Business spec part 5: "The business certificate is required both for the token request and for
 * every service request" of the business interfaces and the webhooks service. A TLS front on loopback
 * that requires a client certificate from the TPP CA (as the bank does) records which certificate
 * each call carried, and hands the call on to the sandbox bank, which does not ask for one itself.
 */

interface SeenCall {
  method: string;
  path: string;
  /** Serial of the client certificate the call came with (hex, as openssl was told). */
  serial: string;
  body: string;
}

let pki: Pki;
let sandbox: RunningSandbox;
let front: Server;
let frontUrl: string;
const seen: SeenCall[] = [];

/** An HTTPS server that requires a client certificate of the TPP CA and forwards to the sandbox. */
async function startTlsFront(target: string): Promise<void> {
  front = https.createServer(
    {
      cert: read(pki.server.cert),
      key: read(pki.server.key),
      ca: read(pki.tppCa.cert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const peer = (incoming.socket as TLSSocket).getPeerCertificate();
        seen.push({
          method: incoming.method ?? 'GET',
          path: incoming.url ?? '/',
          serial: peer.serialNumber ?? '',
          body: body.toString('utf8'),
        });
        const url = new URL(target);
        const upstream = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: url.host },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', () => outgoing.destroy());
        upstream.end(body);
      });
    },
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

const calls = (path: RegExp) => seen.filter((call) => path.test(call.path));
const form = (call: SeenCall | undefined) => Object.fromEntries(new URLSearchParams(call?.body ?? ''));

beforeAll(async () => {
  if (!opensslAvailable()) return;
  pki = createPki();
  sandbox = await startTestSandbox();
  await startTlsFront(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'business-certificate-secret-0123456789abcd',
    BANK_BASE_URL: `${frontUrl}/psd2`,
    BANK_AUTH_URL: frontUrl,
    BANK_EVENTS_BASE_URL: `${frontUrl}/events`,
    BANK_BUSINESS_BASE_URL: `${frontUrl}/business`,
    BANK_TIMEOUT_MS: '15000',
    BANK_CA_CERT: pki.bankCa.cert,
    // The payment interface's certificate, and the business certificate as the portal takes it.
    BANK_CLIENT_CERT: pki.client.cert,
    BANK_CLIENT_KEY: pki.client.key,
    BANK_B2B_CLIENT_CERT: readFileSync(pki.business.der).toString('base64'),
    BANK_B2B_CLIENT_KEY: pki.business.key,
  });
});

afterAll(async () => {
  front?.closeAllConnections();
  await new Promise<void>((resolve) => (front ? front.close(() => resolve()) : resolve()));
  await sandbox?.close();
  pki?.cleanup();
});

// Needs the openssl command to issue the test certificates (./pki.ts); skipped where it is missing.
// CI's machine has it.
describe.skipIf(!opensslAvailable())('the business certificate (business spec part 5)', () => {
  it('the bank\u2019s side refuses a connection that brings no client certificate', async () => {
    const refused = await new Promise<string>((resolve) => {
      const request = https.request(`${frontUrl}/business/claims?payorId=0101302989`, {
        ca: read(pki.bankCa.cert),
        agent: false,
      });
      request.on('response', (response) => resolve(`answered ${response.statusCode}`));
      request.on('error', (error) => resolve(`refused: ${error.message}`));
      request.end();
    });
    expect(refused).toMatch(/^refused/);
  });

  it('carries the business token request and every claims and webhooks-service call', async () => {
    const [{ listClaims }, { listBankSubscriptions, createBankSubscription, deleteBankSubscription }] =
      await Promise.all([import('@/lib/bank/claims'), import('@/lib/bank/webhooks-service')]);
    await listClaims('0101302989');
    await listBankSubscriptions();
    const created = await createBankSubscription({
      callbackUrl: `http://127.0.0.1:9/api/webhooks/bank-events/${randomUUID()}`,
      eventTypes: ['Claim'],
    });
    await deleteBankSubscription(created.subscriptionId);

    const tokenRequests = calls(/^\/oauth\/v2\/oauth-token$/).filter(
      (call) => form(call).scope === 'openid b2b',
    );
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.serial).toBe(pki.business.serial);
    const business = calls(/^\/(business|events)\//);
    expect(
      business.map((call) => `${call.method} ${call.path.split('?')[0]?.replace(/[0-9a-f-]{36}/, '{id}')}`),
    ).toEqual([
      'GET /business/claims',
      'GET /events/api/v1/subscriptions',
      'POST /events/api/v1/subscriptions',
      'DELETE /events/api/v1/subscriptions/{id}',
    ]);
    for (const call of business) expect(call.serial, call.path).toBe(pki.business.serial);
  });

  it('the payment interface keeps its own certificate, for its token request and its calls', async () => {
    const { accessToken } = await import('@/lib/bank/tokens');
    const { readPaymentStatus } = await import('@/lib/bank/payments');
    await accessToken('payments');
    await readPaymentStatus({
      service: 'payments',
      product: 'credit-transfers',
      paymentId: 'no-such-payment',
    }).catch(() => undefined);
    const pis = calls(/^\/oauth\/v2\/oauth-token$/).filter((call) => form(call).scope === 'pis:');
    expect(pis).toHaveLength(1);
    expect(pis[0]?.serial).toBe(pki.client.serial);
    const status = calls(/^\/psd2\//);
    expect(status).toHaveLength(1);
    expect(status[0]?.serial).toBe(pki.client.serial);
  });

  it('without a business certificate of its own, the business interfaces take the payment interface\u2019s', async () => {
    const { bankTlsMaterial } = await import('@/lib/bank/tls');
    const base = {
      AUTH_SECRET: 'x'.repeat(40),
      BANK_CLIENT_CERT: pki.client.cert,
      BANK_CLIENT_KEY: pki.client.key,
    };
    const one = parseSettings(base);
    expect(bankTlsMaterial(one, 'business')).toBe(bankTlsMaterial(one, 'payments'));
    const two = parseSettings({
      ...base,
      BANK_B2B_CLIENT_CERT: pki.business.cert,
      BANK_B2B_CLIENT_KEY: pki.business.key,
    });
    expect(bankTlsMaterial(two, 'business')?.clientCertificate?.leaf.serialNumber).toBe(pki.business.serial);
    expect(bankTlsMaterial(two, 'payments')?.clientCertificate?.leaf.serialNumber).toBe(pki.client.serial);
  });

  it('a business certificate without its key, or with another\u2019s, is refused with the setting named', async () => {
    const { bankTlsMaterial } = await import('@/lib/bank/tls');
    const lone = parseSettings({ AUTH_SECRET: 'x'.repeat(40), BANK_B2B_CLIENT_CERT: pki.business.cert });
    expect(() => bankTlsMaterial(lone, 'business')).toThrow(
      new SettingsError('BANK_B2B_CLIENT_KEY is required when BANK_B2B_CLIENT_CERT is set'),
    );
    const mismatched = parseSettings({
      AUTH_SECRET: 'x'.repeat(40),
      BANK_B2B_CLIENT_CERT: pki.business.cert,
      BANK_B2B_CLIENT_KEY: pki.client.key,
    });
    expect(() => bankTlsMaterial(mismatched, 'business')).toThrow(
      'BANK_B2B_CLIENT_KEY is not the private key of the certificate in BANK_B2B_CLIENT_CERT',
    );
  });
});
