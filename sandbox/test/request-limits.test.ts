import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_BODY_BYTES } from '../src/http/middleware/body-limit.js';
import { LARGEST_INITIATION_BODY } from '../src/pis/largest-body.js';
import { MAX_BULK_PAYMENTS, MAX_STRUCTURED_REFERENCES } from '../src/pis/limits.js';
import type { RunningSandbox } from '../src/server.js';
import {
  CREDITOR,
  expectError,
  JON_MAIN,
  OTHER_CLIENT,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());

const references = (n: number) => Array.from({ length: n }, (_, i) => ({ reference: `R${i}` }));

const bulk = (elements: Array<Record<string, unknown>>) => ({
  paymentInformationId: `limits-${randomUUID().slice(0, 20)}`,
  debtorAccount: { iban: JON_MAIN },
  payments: elements,
});

const element = (extra: Record<string, unknown> = {}) => ({
  instructedAmount: { currency: 'ISK', amount: '1' },
  creditorAccount: { iban: CREDITOR },
  ...extra,
});

/**
 * Sends the headers of a request declaring `Content-Length: declared` and only `sent` bytes of its body, and
 * resolves with the answer: a bank that answers has decided without the rest of the body.
 */
function sendPartly(
  path: string,
  headers: Record<string, string>,
  declared: number | 'chunked',
  sent: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: declared === 'chunked' ? headers : { ...headers, 'Content-Length': String(declared) },
    });
    request.on('response', (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.flushHeaders();
    if (sent > 0) request.write(' '.repeat(sent));
    // Never ended: the rest of the body never comes.
  });
}

describe("this bank's limits on one initiation (README: Limits of one request)", () => {
  it(`a single payment takes ${MAX_STRUCTURED_REFERENCES} structured references; one more is 400 FORMAT_ERROR at the list`, async () => {
    const accepted = await tpp.initiate(
      token,
      singlePayment({ remittanceInformationStructured: references(MAX_STRUCTURED_REFERENCES) }),
    );
    expect(accepted.status).toBe(201);
    const refused = await tpp.initiate(
      token,
      singlePayment({ remittanceInformationStructured: references(MAX_STRUCTURED_REFERENCES + 1) }),
    );
    expectError(refused, 400, 'FORMAT_ERROR', 'remittanceInformationStructured');
  });

  it(`a bulk takes ${MAX_BULK_PAYMENTS} payments; one more is 400 FORMAT_ERROR at payments`, async () => {
    const full = Array.from({ length: MAX_BULK_PAYMENTS }, () => element());
    const accepted = await tpp.initiate(token, bulk(full), { service: 'bulk-payments' });
    expect(accepted.status).toBe(201);
    const refused = await tpp.initiate(token, bulk([...full, element()]), { service: 'bulk-payments' });
    expectError(refused, 400, 'FORMAT_ERROR', 'payments');
  });

  it('a bulk element with too many structured references is refused at its own list', async () => {
    const refused = await tpp.initiate(
      token,
      bulk([
        element(),
        element({ remittanceInformationStructuredArray: references(MAX_STRUCTURED_REFERENCES + 1) }),
      ]),
      { service: 'bulk-payments' },
    );
    expectError(refused, 400, 'FORMAT_ERROR', 'payments[1].remittanceInformationStructuredArray');
  });

  it('a repeat of a refused key gets the same refusal (the limit is an initiation error like any other)', async () => {
    const key = randomUUID();
    const body = singlePayment({
      remittanceInformationStructured: references(MAX_STRUCTURED_REFERENCES + 1),
    });
    const headers = { 'Idempotency-Key': key };
    expectError(await tpp.initiate(token, body, { headers }), 400, 'FORMAT_ERROR');
    expectError(await tpp.initiate(token, singlePayment(), { headers }), 400, 'FORMAT_ERROR');
  });
});

describe('body size limits', () => {
  const initiationPath = '/psd2/api/v1/payments/credit-transfers';

  it('a single payment of exactly the largest legal size is read; one byte more is refused with 400 FORMAT_ERROR', async () => {
    const limit = LARGEST_INITIATION_BODY.payments;
    const json = JSON.stringify(singlePayment());
    // JSON allows whitespace after the value: the same payment, padded to the limit.
    const atLimit = json + ' '.repeat(limit - Buffer.byteLength(json));
    expect((await tpp.initiate(token, atLimit)).status).toBe(201);
    const over = await tpp.initiate(token, `${atLimit} `);
    expectError(over, 400, 'FORMAT_ERROR', null);
    expect(over.json.tppMessages?.[0]?.text).toContain(`${limit} bytes`);
  });

  it('a declared Content-Length over the limit is answered before any of the body is sent', async () => {
    const answer = await sendPartly(
      initiationPath,
      tpp.headers(token),
      LARGEST_INITIATION_BODY.payments + 1,
      0,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).tppMessages[0].code).toBe('FORMAT_ERROR');
  });

  it('a chunked body is refused as soon as it passes the limit, while the client is still sending', async () => {
    const answer = await sendPartly(
      initiationPath,
      tpp.headers(token),
      'chunked',
      LARGEST_INITIATION_BODY.payments + 1,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).tppMessages[0].code).toBe('FORMAT_ERROR');
  });

  it('a bulk may be as large as the largest legal bulk: a body over the single-payment limit is read', async () => {
    const elements = Array.from({ length: 200 }, (_, i) =>
      element({ remittanceInformationUnstructured: `Reikningur ${i}`.padEnd(140, '.') }),
    );
    const body = JSON.stringify(bulk(elements));
    expect(Buffer.byteLength(body)).toBeGreaterThan(LARGEST_INITIATION_BODY.payments);
    expect((await tpp.initiate(token, body, { service: 'bulk-payments' })).status).toBe(201);
  });

  it('every other route has its own small limit, answered in its own terms', async () => {
    const big = 'x'.repeat(OTHER_BODY_BYTES + 1);
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const token = await fetch(`${sandbox.url}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: form,
      body: big,
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_request' });

    const events = await fetch(`${sandbox.url}/events/api/v1/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-ID': randomUUID() },
      body: big,
    });
    expect(events.status).toBe(400);
    expect(await events.json()).toMatchObject({ status: 400, code: 'BODY_INVALID' });

    for (const path of [`/sca/${randomUUID()}/login`, '/sandbox/faults', '/idp/userinfo']) {
      const answer = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: form, body: big });
      expect(answer.status, path).toBe(413);
      expect(await answer.text(), path).toBe('');
    }
  });

  it('an oversized payment does not hold up another PSU: both answered, the normal one 201', async () => {
    // The body of the attack: one payment with 100,000 structured references, about 1.8 MB.
    const attack = JSON.stringify(
      singlePayment({
        remittanceInformationStructured: Array.from({ length: 100_000 }, (_, i) => ({
          reference: String(i).padStart(6, '0'),
        })),
      }),
    );
    expect(Buffer.byteLength(attack)).toBeGreaterThan(1_800_000);
    const attacker = new TestTpp(sandbox.url, OTHER_CLIENT);
    const attackerToken = await attacker.token();
    const [refused, normal] = await Promise.all([
      attacker.initiate(attackerToken, attack),
      tpp.initiate(token, singlePayment()),
    ]);
    expectError(refused, 400, 'FORMAT_ERROR', null);
    expect(normal.status).toBe(201);
  });
});

describe('SANDBOX_MAX_BODY_BYTES', () => {
  it('lowers every limit, the bulk one included', async () => {
    const small = await startTestSandbox({ maxBodyBytes: 2048 });
    try {
      const client = new TestTpp(small.url);
      const smallToken = await client.token();
      const body = JSON.stringify(bulk(Array.from({ length: 40 }, () => element())));
      expect(Buffer.byteLength(body)).toBeGreaterThan(2048);
      expectError(
        await client.initiate(smallToken, body, { service: 'bulk-payments' }),
        400,
        'FORMAT_ERROR',
        null,
      );
      expect((await client.initiate(smallToken, singlePayment())).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
