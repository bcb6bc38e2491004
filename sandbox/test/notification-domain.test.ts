import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPki, opensslAvailable, type Pki } from '../../tests/going-live/pki.js';
import { DEFAULT_CLIENT } from '../src/config.js';
import type { RunningSandbox } from '../src/server.js';
import { singlePayment, startTestSandbox, TestTpp } from './helpers.js';
import { tlsCall } from './tls-support.js';

// Payment spec part 6: "The URI must comply with the domain secured by the TPP's qualified website certificate
// (CN or SubjectAltName; wildcards are considered). The bank may answer with ASPSP-Notification-Support set to
// false if it does not." The test TPP certificates secure *.greidsla.example (tests/going-live/pki.ts).
// Needs the openssl command to issue them; skipped where it is missing, as in tests/going-live/mtls.test.ts.

describe.skipIf(!opensslAvailable())('TPP-Notification-URI and the certificate the TPP presents', () => {
  let pki: Pki;
  let sandbox: RunningSandbox;
  let tpp: TestTpp;
  let token: string;

  beforeAll(async () => {
    pki = createPki();
    sandbox = await startTestSandbox({
      tls: { port: 0, cert: pki.server.cert, key: pki.server.key, ca: pki.tppCa.cert },
    });
    tpp = new TestTpp(sandbox.url);
    token = await tpp.token();
  });
  afterAll(async () => {
    await sandbox?.close();
    pki?.cleanup();
  });

  function initiateOverTls(notificationUri: string) {
    return tlsCall(pki, `${sandbox.tlsUrl}/psd2/api/v1/payments/credit-transfers`, {
      method: 'POST',
      headers: {
        ...tpp.headers(token, { 'TPP-Notification-URI': notificationUri }),
        'Ocp-Apim-Subscription-Key': DEFAULT_CLIENT.subscriptionKey,
      },
      body: JSON.stringify(singlePayment()),
      tls: pki.client,
    });
  }

  it('is taken in the domain the certificate secures', async () => {
    const answer = await initiateOverTls('https://notifications.greidsla.example/payments/1');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers['aspsp-notification-support']).toBe('true');
  });

  it('is declined outside it: ASPSP-Notification-Support false, and nothing is sent there', async () => {
    const answer = await initiateOverTls('https://notifications.elsewhere.example/payments/1');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers['aspsp-notification-support']).toBe('false');
    expect(answer.headers['aspsp-notification-content']).toBeUndefined();
    const listed = (await (await fetch(`${sandbox.url}/sandbox/payments`)).json()) as {
      payments: Array<{ paymentId: string; tppNotificationUri: string | null }>;
    };
    const payment = listed.payments.find((p) => p.paymentId === answer.json.paymentId);
    expect(payment?.tppNotificationUri).toBeNull();
  });

  it('is not checked without a certificate, which names no domain', async () => {
    const answer = await tpp.initiate(token, singlePayment(), {
      headers: { 'TPP-Notification-URI': 'https://notifications.elsewhere.example/payments/1' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.headers.get('ASPSP-Notification-Support')).toBe('true');
  });
});
