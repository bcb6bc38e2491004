import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPki, opensslAvailable, type Pki } from '../../tests/going-live/pki.js';
import { fingerprintOf } from '../src/security/certificates.js';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox } from './helpers.js';
import { tlsCall, tlsTokenRequest } from './tls-support.js';
import { B2B_USER, BusinessClient, SUBSCRIPTION_KEY } from './webhooks-support.js';

// Business spec part 5, "Production": "a business certificate (client certificate on the TLS connection) ... The
// business certificate is required both for the token request and for every service request. It is uploaded to
// the developer portal when the application goes live." And "Sandbox": "a sandbox token (a token generated in the
// portal instead of user credentials)".

const businessForm = {
  grant_type: 'client_credentials',
  client_id: B2B_USER.username,
  client_secret: B2B_USER.password,
  scope: 'openid b2b',
};

async function portalToken(base: string, username = B2B_USER.username) {
  const response = await fetch(`${base}/sandbox/portal/sandbox-tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the sandbox token made in the portal (business spec part 5, "Sandbox")', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('is accepted by the claims interface and the webhooks service instead of one from user credentials', async () => {
    const made = await portalToken(sandbox.url);
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      token_type: 'Bearer',
      scope: 'openid b2b',
      expires_in: 30 * 24 * 3600,
    });
    const client = new BusinessClient(sandbox.url, String(made.json.access_token));
    expect((await client.call('GET', '/business/claims?payorId=0101302989')).status).toBe(200);
    expect((await client.call('GET', client.subscriptions)).status).toBe(200);
    // It is a business token: the payment interface refuses it.
    const pis = await fetch(`${sandbox.url}/psd2/api/v1/payments/credit-transfers/x/status`, {
      headers: {
        Authorization: `Bearer ${String(made.json.access_token)}`,
        'Ocp-Apim-Subscription-Key': SUBSCRIPTION_KEY,
        'X-Request-ID': randomUUID(),
      },
    });
    expect(pis.status).toBe(401);
  });

  it('is made only for an online-banking user the bank knows, and only on the portal (admin) surface', async () => {
    expect((await portalToken(sandbox.url, 'nobody')).status).toBe(404);
    expect((await portalToken(sandbox.url, '')).status).toBe(400);
  });

  it('the business interfaces need no certificate by default (`npm start`)', async () => {
    const client = await BusinessClient.signIn(sandbox.url);
    expect((await client.call('GET', '/business/claims')).status).toBe(200);
  });
});

// Needs the openssl command to issue the test certificates (tests/going-live/pki.ts); skipped where
// it is missing, as in tests/going-live/mtls.test.ts. CI's machine has it.
describe.skipIf(!opensslAvailable())(
  'the business certificate on TLS, required (business spec part 5, "Production")',
  () => {
    let pki: Pki;
    let sandbox: RunningSandbox;
    let registered: RunningSandbox;

    beforeAll(async () => {
      pki = createPki();
      const tls = { port: 0, cert: pki.server.cert, key: pki.server.key, ca: pki.tppCa.cert };
      const certificates = { revokedSerials: [pki.revoked.serial], blockedSerials: [pki.blocked.serial] };
      sandbox = await startTestSandbox({ tls, certificates, businessCertificate: { required: true } });
      // With the certificate uploaded to the portal: only that one (by fingerprint).
      const { X509Certificate } = await import('node:crypto');
      const { readFileSync } = await import('node:fs');
      const fingerprint = fingerprintOf(new X509Certificate(readFileSync(pki.client.cert)));
      registered = await startTestSandbox({
        tls,
        certificates,
        businessCertificate: { required: true, fingerprints: [fingerprint] },
      });
    });
    afterAll(async () => {
      await sandbox?.close();
      await registered?.close();
      pki?.cleanup();
    });

    const businessCall = (
      base: string,
      token: string,
      tls: Pki['client'] | null,
      path = '/business/claims',
    ) =>
      tlsCall(pki, `${base}${path}`, {
        headers: {
          Authorization: `Bearer ${token}`,
          'Ocp-Apim-Subscription-Key': SUBSCRIPTION_KEY,
          'X-Request-ID': randomUUID(),
        },
        tls,
      });

    it('the token request: without the certificate 401 invalid_client; with it the token', async () => {
      const none = await tlsTokenRequest(pki, sandbox.tlsUrl ?? '', businessForm, null);
      expect(none.status).toBe(401);
      expect(none.json).toMatchObject({ error: 'invalid_client' });
      expect(String(none.json.error_description)).toContain('CERTIFICATE_MISSING');
      const plain = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(businessForm),
      });
      expect(plain.status).toBe(401);
      for (const [certificate, code] of [
        [pki.rogue, 'CERTIFICATE_INVALID'],
        [pki.expired, 'CERTIFICATE_EXPIRED'],
        [pki.revoked, 'CERTIFICATE_REVOKE'],
        [pki.blocked, 'CERTIFICATE_BLOCKED'],
      ] as const) {
        const refused = await tlsTokenRequest(pki, sandbox.tlsUrl ?? '', businessForm, certificate);
        expect(refused.status, code).toBe(401);
        expect(String(refused.json.error_description)).toContain(code);
      }
      const issued = await tlsTokenRequest(pki, sandbox.tlsUrl ?? '', businessForm, pki.client);
      expect(issued.status).toBe(200);
      expect(issued.json.scope).toBe('openid b2b');
    });

    it('every business and webhooks-service call: the certificate on TLS, else 401 with the certificate code', async () => {
      const token = (await tlsTokenRequest(pki, sandbox.tlsUrl ?? '', businessForm, pki.client)).json
        .access_token as string;
      const base = sandbox.tlsUrl ?? '';
      expect((await businessCall(base, token, pki.client)).status).toBe(200);
      expect((await businessCall(base, token, pki.client, '/events/api/v1/subscriptions')).status).toBe(200);
      for (const [certificate, code] of [
        [null, 'CERTIFICATE_MISSING'],
        [pki.rogue, 'CERTIFICATE_INVALID'],
        [pki.expired, 'CERTIFICATE_EXPIRED'],
        [pki.revoked, 'CERTIFICATE_REVOKE'],
        [pki.blocked, 'CERTIFICATE_BLOCKED'],
      ] as const) {
        for (const path of ['/business/claims', '/events/api/v1/subscriptions']) {
          const refused = await businessCall(base, token, certificate, path);
          expect(refused.status, `${path} ${code}`).toBe(401);
          expect(refused.json).toMatchObject({ status: 401, code });
        }
      }
      // Over plain HTTP there is no certificate at all.
      const plain = await fetch(`${sandbox.url}/business/claims`, {
        headers: {
          Authorization: `Bearer ${token}`,
          'Ocp-Apim-Subscription-Key': SUBSCRIPTION_KEY,
          'X-Request-ID': randomUUID(),
        },
      });
      expect(plain.status).toBe(401);
      expect(((await plain.json()) as { code: string }).code).toBe('CERTIFICATE_MISSING');
    });

    it('only the certificate uploaded to the portal, where one is: another from the same CA is CERTIFICATE_INVALID', async () => {
      const base = registered.tlsUrl ?? '';
      const token = (await tlsTokenRequest(pki, base, businessForm, pki.client)).json.access_token as string;
      expect((await businessCall(base, token, pki.client)).status).toBe(200);
      const other = await businessCall(base, token, pki.seal);
      expect(other.status).toBe(401);
      expect(other.json.code).toBe('CERTIFICATE_INVALID');
    });

    it('in production a sandbox token from the portal is not accepted (TOKEN_INVALID)', async () => {
      const made = await portalToken(sandbox.url);
      const refused = await businessCall(sandbox.tlsUrl ?? '', String(made.json.access_token), pki.client);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('TOKEN_INVALID');
    });
  },
);
