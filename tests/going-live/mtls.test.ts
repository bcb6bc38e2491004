import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningCredentials, signRequest } from '@/lib/bank/signing';
import { DEFAULT_CLIENT } from '@/sandbox/src/config';
import type { RunningSandbox } from '@/sandbox/src/server';
import { checkErrorResponse, OTHER_CLIENT, startTestSandbox } from '@/sandbox/test/helpers';
import { freshAppDatabase } from '@/tests/support/app-database';
import { createPki, type Issued, opensslAvailable, type Pki, read } from './pki';

/**
 * The app against a sandbox that requires mutual TLS and signed requests of its TPP client: the app's
 * own token request and initiation succeed; raw requests show each certificate and signature error.
 */

let pki: Pki;
let sandbox: RunningSandbox;
let app: {
  initiateOnce: typeof import('@/lib/payments/initiation').initiateOnce;
  readPaymentStatus: typeof import('@/lib/bank/payments').readPaymentStatus;
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
};
let psuId: string;

beforeAll(async () => {
  if (!opensslAvailable()) return;
  pki = createPki();
  sandbox = await startTestSandbox({
    clients: [{ ...DEFAULT_CLIENT, requireClientCertificate: true, requireSignature: true }, OTHER_CLIENT],
    tls: { port: 0, cert: pki.server.cert, key: pki.server.key, ca: pki.tppCa.cert },
    certificates: { revokedSerials: [pki.revoked.serial], blockedSerials: [`00:${pki.blocked.serial}`] },
  });
  const bankUrl = sandbox.tlsUrl ?? '';
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
    BANK_BASE_URL: `${bankUrl}/psd2`,
    BANK_AUTH_URL: bankUrl,
    BANK_TIMEOUT_MS: '15000',
    // The business certificate as the portal takes it: base64 of the DER, no BEGIN/END lines.
    BANK_CLIENT_CERT: readFileSync(pki.client.der).toString('base64'),
    BANK_CLIENT_KEY: pki.client.key,
    BANK_CA_CERT: pki.bankCa.cert,
    BANK_SIGN_REQUESTS: 'true',
    // A separate seal for signing, as a binary .cer.
    BANK_SIGNING_CERT: pki.seal.der,
    BANK_SIGNING_KEY: pki.seal.key,
  });
  const [{ initiateOnce }, { readPaymentStatus }, dbModule, schema] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/bank/payments'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
  ]);
  const db = await dbModule.getDb();
  app = { initiateOnce, readPaymentStatus, db, closeDatabase: dbModule.closeDatabase, schema };
  const [psu] = await db.select().from(schema.psus).where(eq(schema.psus.email, 'demo@greidsla.is'));
  psuId = psu?.id ?? '';
});

afterAll(async () => {
  await app?.closeDatabase();
  await sandbox?.close();
  pki?.cleanup();
});

interface Answer {
  status: number;
  json: { tppMessages?: { code: string; path: string | null; text: string | null }[] } & Record<
    string,
    unknown
  >;
}

/** One request with its own connection: over TLS with `tls` as the client certificate (or none). */
async function call(
  url: string,
  options: { method?: string; headers?: Headers; body?: string; tls?: Issued | null } = {},
): Promise<Answer> {
  const method = options.method ?? 'GET';
  const headers = options.headers ?? new Headers();
  if (!url.startsWith('https:')) {
    const response = await fetch(url, { method, headers, body: options.body });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : {} };
  }
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method,
        headers: Object.fromEntries(headers.entries()),
        ca: read(pki.bankCa.cert),
        agent: false,
        ...(options.tls ? { cert: read(options.tls.cert), key: read(options.tls.key) } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : {} });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function expectError(answer: Answer, code: string, path?: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(401);
  checkErrorResponse(401, answer.json);
  expect(answer.json.tppMessages?.[0]?.code).toBe(code);
  if (path !== undefined) expect(answer.json.tppMessages?.[0]?.path).toBe(path);
}

function tokenRequest(url: string, tls: Issued | null, client = DEFAULT_CLIENT) {
  return call(`${url}/oauth/v2/oauth-token`, {
    method: 'POST',
    headers: new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: 'pis:',
    }).toString(),
    tls,
  });
}

function credentialsOf(issued: Issued): SigningCredentials {
  return { key: createPrivateKey(read(issued.key)), certificate: new X509Certificate(read(issued.cert)) };
}

const initiation = () => ({
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS870301260012345101696399' },
  instructedAmount: { currency: 'ISK', amount: '1500' },
  remittanceInformationUnstructured: 'going live',
});

function initiationHeaders(token: string, extra: Record<string, string> = {}) {
  return new Headers({
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token}`,
    'Ocp-Apim-Subscription-Key': DEFAULT_CLIENT.subscriptionKey,
    'X-Request-ID': randomUUID(),
    'PSU-IP-Address': '10.1.2.3',
    'TPP-Redirect-URI': 'https://greidsla.example/return',
    ...extra,
  });
}

/** A signed initiation over mTLS with the valid client certificate; `tamper` changes it after signing. */
async function initiate(
  token: string,
  options: {
    signer?: Issued | null;
    extra?: Record<string, string>;
    tamper?: (headers: Headers) => void;
    body?: string;
    tls?: Issued | null;
  } = {},
) {
  const body = JSON.stringify(initiation());
  const headers = initiationHeaders(token, options.extra);
  const signer = options.signer === undefined ? pki.seal : options.signer;
  if (signer) signRequest(headers, body, credentialsOf(signer));
  options.tamper?.(headers);
  return call(`${sandbox.tlsUrl}/psd2/api/v1/payments/credit-transfers`, {
    method: 'POST',
    headers,
    body: options.body ?? body,
    tls: options.tls === undefined ? pki.client : options.tls,
  });
}

// Needs the openssl command to issue the test certificates (./pki.ts); skipped where it is missing.
// CI's machine has it.
describe.skipIf(!opensslAvailable())('going live: mutual TLS and signed requests against the sandbox', () => {
  it('the app gets its token and initiates over mutual TLS with signed requests (201), and reads the status', async () => {
    const submissionId = randomUUID();
    const outcome = await app.initiateOnce({
      psuId,
      submissionId,
      service: 'payments',
      product: 'credit-transfers',
      body: initiation(),
      scaLanguage: 'is',
      uiLocale: 'is',
      summary: { amount: '1500', currency: 'ISK', creditorAccount: 'IS870301260012345101696399' },
      psuIpAddress: '10.1.2.3',
    });
    expect(outcome).toMatchObject({ ok: true });
    const [row] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.submissionId, submissionId));
    expect(row?.bankPaymentId).toBeTruthy();
    // A GET is signed too: the Digest of an empty body.
    const status = await app.readPaymentStatus(
      { service: 'payments', product: 'credit-transfers', paymentId: row?.bankPaymentId ?? '' },
      '10.1.2.3',
    );
    expect(status.transactionStatus).toBe('RCVD');
  });

  it('bankTlsFetch, for bank clients with their own request code, presents the certificate too', async () => {
    const { bankTlsFetch } = await import('@/lib/bank/tls');
    const response = await bankTlsFetch(`${sandbox.tlsUrl}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEFAULT_CLIENT.clientId,
        client_secret: DEFAULT_CLIENT.clientSecret,
        scope: 'pis:',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('the OAuth server metadata behind a scaOAuth link is read with the bank TLS settings (BANK_CA_CERT)', async () => {
    const { oauthAuthorizationEndpoint } = await import('@/lib/bank/authorisations');
    const endpoint = await oauthAuthorizationEndpoint(
      `${sandbox.tlsUrl}/.well-known/oauth-authorization-server`,
    );
    expect(endpoint).toMatch(/\/oauth\/v2\/authorize$/);
  });

  it('OAuth server metadata that cannot be read is the bank unreachable, not an unexpected error', async () => {
    const { oauthAuthorizationEndpoint } = await import('@/lib/bank/authorisations');
    const { bankErrorMessageKey } = await import('@/lib/bank/errors');
    // Nothing listens on port 1 of the loopback address: the connection is refused.
    const failure = await oauthAuthorizationEndpoint(
      'https://127.0.0.1:1/.well-known/oauth-authorization-server',
    )
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(bankErrorMessageKey(failure)).toBe('bank.network');
  });

  it('a raw signed initiation with the right certificates is accepted (201)', async () => {
    const token = await tokenRequest(sandbox.tlsUrl ?? '', pki.client);
    expect(token.status).toBe(200);
    const answer = await initiate(String(token.json.access_token), {
      extra: { 'PSU-ID': '0101302989' },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  });

  describe('the TLS client certificate, at the token endpoint', () => {
    it('none over TLS, or plain HTTP: CERTIFICATE_MISSING', async () => {
      expectError(
        await tokenRequest(sandbox.tlsUrl ?? '', null),
        'CERTIFICATE_MISSING',
        'client certificate',
      );
      expectError(await tokenRequest(sandbox.url, null), 'CERTIFICATE_MISSING');
    });

    it('from a CA the bank does not trust: CERTIFICATE_INVALID', async () => {
      expectError(await tokenRequest(sandbox.tlsUrl ?? '', pki.rogue), 'CERTIFICATE_INVALID');
    });

    it('past its notAfter: CERTIFICATE_EXPIRED', async () => {
      expectError(await tokenRequest(sandbox.tlsUrl ?? '', pki.expired), 'CERTIFICATE_EXPIRED');
    });

    it('revoked by its CA: CERTIFICATE_REVOKE; blocked by the bank: CERTIFICATE_BLOCKED', async () => {
      expectError(await tokenRequest(sandbox.tlsUrl ?? '', pki.revoked), 'CERTIFICATE_REVOKE');
      expectError(await tokenRequest(sandbox.tlsUrl ?? '', pki.blocked), 'CERTIFICATE_BLOCKED');
    });

    it('a client that requires nothing is unchanged over plain HTTP', async () => {
      expect((await tokenRequest(sandbox.url, null, OTHER_CLIENT)).status).toBe(200);
    });
  });

  describe('on a PIS request', () => {
    let token: string;
    beforeAll(async () => {
      if (!opensslAvailable()) return;
      token = String((await tokenRequest(sandbox.tlsUrl ?? '', pki.client)).json.access_token);
    });

    it('a valid token but no client certificate: CERTIFICATE_MISSING', async () => {
      expectError(await initiate(token, { tls: null }), 'CERTIFICATE_MISSING', 'client certificate');
    });

    it('no Signature: SIGNATURE_MISSING', async () => {
      expectError(await initiate(token, { signer: null }), 'SIGNATURE_MISSING', 'Signature');
    });

    it('a Signature without TPP-Signature-Certificate: CERTIFICATE_MISSING', async () => {
      expectError(
        await initiate(token, { tamper: (h) => h.delete('TPP-Signature-Certificate') }),
        'CERTIFICATE_MISSING',
        'TPP-Signature-Certificate',
      );
    });

    it('a TPP-Signature-Certificate that is no certificate, or from an unknown CA: CERTIFICATE_INVALID', async () => {
      expectError(
        await initiate(token, {
          tamper: (h) => h.set('TPP-Signature-Certificate', 'bm90IGEgY2VydGlmaWNhdGU='),
        }),
        'CERTIFICATE_INVALID',
        'TPP-Signature-Certificate',
      );
      expectError(
        await initiate(token, { signer: pki.rogue }),
        'CERTIFICATE_INVALID',
        'TPP-Signature-Certificate',
      );
    });

    it('signed with an expired, revoked or blocked certificate: CERTIFICATE_EXPIRED, _REVOKE, _BLOCKED', async () => {
      expectError(
        await initiate(token, { signer: pki.expired }),
        'CERTIFICATE_EXPIRED',
        'TPP-Signature-Certificate',
      );
      expectError(
        await initiate(token, { signer: pki.revoked }),
        'CERTIFICATE_REVOKE',
        'TPP-Signature-Certificate',
      );
      expectError(
        await initiate(token, { signer: pki.blocked }),
        'CERTIFICATE_BLOCKED',
        'TPP-Signature-Certificate',
      );
    });

    it('a body changed after signing: SIGNATURE_INVALID on Digest', async () => {
      const changed = JSON.stringify({
        ...initiation(),
        instructedAmount: { currency: 'ISK', amount: '150000' },
      });
      expectError(await initiate(token, { body: changed }), 'SIGNATURE_INVALID', 'Digest');
    });

    it('a signature that does not verify: SIGNATURE_INVALID', async () => {
      const tamper = (h: Headers) =>
        h.set('Signature', (h.get('Signature') ?? '').replace(/signature="[^"]{8}/, 'signature="AAAAAAAA'));
      expectError(await initiate(token, { tamper }), 'SIGNATURE_INVALID', 'Signature');
      // A signed header changed after signing.
      expectError(
        await initiate(token, { tamper: (h) => h.set('TPP-Redirect-URI', 'https://attacker.example/') }),
        'SIGNATURE_INVALID',
        'Signature',
      );
      // Signed with one key, sent with another certificate.
      expectError(
        await initiate(token, {
          tamper: (h) => h.set('TPP-Signature-Certificate', readFileSync(pki.client.der).toString('base64')),
        }),
        'SIGNATURE_INVALID',
        'Signature',
      );
    });

    it('signed headers missing, or the keyId of another certificate: SIGNATURE_INVALID', async () => {
      // PSU-ID is sent but was not signed.
      expectError(
        await initiate(token, { tamper: (h) => h.set('PSU-ID', '0101302989') }),
        'SIGNATURE_INVALID',
        'Signature',
      );
      const onlyDigest = (h: Headers) =>
        h.set(
          'Signature',
          (h.get('Signature') ?? '').replace(
            'headers="digest x-request-id tpp-redirect-uri"',
            'headers="digest"',
          ),
        );
      const answer = await initiate(token, { tamper: onlyDigest });
      expectError(answer, 'SIGNATURE_INVALID', 'Signature');
      expect(answer.json.tppMessages?.[0]?.text).toMatch(/x-request-id/);
      expectError(
        await initiate(token, {
          tamper: (h) => h.set('Signature', (h.get('Signature') ?? '').replace('SN=2A05', 'SN=2A01')),
        }),
        'SIGNATURE_INVALID',
        'Signature',
      );
      expectError(
        await initiate(token, { tamper: (h) => h.set('Signature', 'keyId="SN=2A05"') }),
        'SIGNATURE_INVALID',
        'Signature',
      );
    });
  });

  it('a certificate expires on the sandbox clock: after 31 days the client certificate is CERTIFICATE_EXPIRED', async () => {
    const advanced = await fetch(`${sandbox.url}/sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 31 * 24 * 3600 }),
    });
    expect(advanced.status).toBe(200);
    expectError(
      await tokenRequest(sandbox.tlsUrl ?? '', pki.client),
      'CERTIFICATE_EXPIRED',
      'client certificate',
    );
  });
});
