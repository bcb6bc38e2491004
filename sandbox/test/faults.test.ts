import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { addFault } from './fault-rules.js';
import { ANNA_MAIN, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

async function payments(): Promise<Array<{ paymentId: string; idempotencyKey: string | null }>> {
  const response = await fetch(`${sandbox.url}/sandbox/payments`);
  return (
    (await response.json()) as { payments: Array<{ paymentId: string; idempotencyKey: string | null }> }
  ).payments;
}

describe('fault rules: admin CRUD', () => {
  it('stores, lists and deletes rules; rejects malformed ones with the reasons', async () => {
    const created = await addFault(sandbox.url, {
      path: '/psd2/',
      method: 'get',
      status: 503,
      retryAfterSeconds: 7,
      count: 2,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: expect.any(String),
      target: 'request',
      method: 'GET',
      path: '/psd2/',
      status: 503,
      retryAfterSeconds: 7,
      count: 2,
      remaining: 2,
      applied: 0,
    });
    const listed = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as { faults: unknown[] };
    expect(listed.faults).toHaveLength(1);

    for (const bad of [
      {},
      { status: 418 },
      { status: 500, timeout: 'after' },
      { pathRegex: '(', status: 500 },
      { target: 'notification' },
      { target: 'notification', notification: 'drop', status: 500 },
      { status: 500, unknown: true },
      // An error rule's code must be one part 7 allows for its status; it excludes status and timeout.
      { error: { status: 400, code: 'TOKEN_EXPIRED' } },
      { error: { status: 418, code: 'FORMAT_ERROR' } },
      { error: { status: 405, code: 'CANCELLATION_INVALID' } },
      { error: { status: 400, code: 'MARKETS_CLOSED' }, status: 500 },
      { target: 'notification', notification: 'drop', error: { status: 400, code: 'FORMAT_ERROR' } },
      // Problem details: each additional error's code one part 7 allows, only in that form, no `path`.
      { error: { status: 400, code: 'FORMAT_ERROR', form: 'problem', additionalErrors: [{ code: 'NOPE' }] } },
      { error: { status: 400, code: 'FORMAT_ERROR', additionalErrors: [{ code: 'INSUFFICIENT_FUNDS' }] } },
      { error: { status: 400, code: 'FORMAT_ERROR', form: 'problem', path: 'debtorAccount' } },
      { error: { status: 400, code: 'FORMAT_ERROR', form: 'json' } },
    ]) {
      const answer = await addFault(sandbox.url, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.details).toEqual(expect.arrayContaining([expect.any(String)]));
    }

    const deleted = await fetch(`${sandbox.url}/sandbox/faults/${String(created.json.id)}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    expect(
      (await fetch(`${sandbox.url}/sandbox/faults/${String(created.json.id)}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('fault rules: effects on requests', () => {
  it('latencyMs delays the answer, count times only', async () => {
    const rule = await addFault(sandbox.url, { path: '/oauth/', latencyMs: 1500, count: 1 });
    const started = Date.now();
    await tpp.token();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1490);
    // Used up: the rule no longer applies (read from the rule itself, not from another timing).
    const listed = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as {
      faults: Array<{ id: string; remaining: number; applied: number }>;
    };
    expect(listed.faults.find((f) => f.id === rule.json.id)).toMatchObject({ remaining: 0, applied: 1 });
    await tpp.token();
    const after = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as typeof listed;
    expect(after.faults.find((f) => f.id === rule.json.id)).toMatchObject({ applied: 1 });
  });

  it('429 with Retry-After, applied count times, then the request goes through; the rule shows it is used up', async () => {
    const rule = await addFault(sandbox.url, {
      method: 'POST',
      pathRegex: '^/psd2/api/v1/payments/',
      status: 429,
      count: 2,
    });
    for (let i = 0; i < 2; i++) {
      const limited = await fetch(`${sandbox.url}/psd2/api/v1/payments/credit-transfers`, {
        method: 'POST',
        headers: tpp.headers(token),
        body: JSON.stringify(singlePayment()),
      });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('Retry-After')).toBe('1');
      expect(await limited.text()).toBe('');
    }
    expect((await tpp.initiate(token, singlePayment())).status).toBe(201);
    const listed = (await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as {
      faults: Array<{ id: string; remaining: number; applied: number }>;
    };
    expect(listed.faults.find((f) => f.id === rule.json.id)).toMatchObject({ remaining: 0, applied: 2 });
  });

  it('500 and 503 per PSU: only the matching debtor is affected, by IBAN or by username', async () => {
    await addFault(sandbox.url, { psu: 'anna', path: '/psd2/', status: 500 });
    const anna = await fetch(`${sandbox.url}/psd2/api/v1/payments/credit-transfers`, {
      method: 'POST',
      headers: tpp.headers(token),
      body: JSON.stringify(singlePayment({ debtorAccount: { iban: ANNA_MAIN } })),
    });
    expect(anna.status).toBe(500);
    expect((await tpp.initiate(token, singlePayment())).status).toBe(201);

    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
    const created = await tpp.initiate(token, singlePayment({ debtorAccount: { iban: ANNA_MAIN } }));
    expect(created.status).toBe(201);
    await addFault(sandbox.url, {
      psu: ANNA_MAIN,
      path: '/psd2/',
      method: 'GET',
      status: 503,
      retryAfterSeconds: 30,
    });
    const status = await fetch(
      `${sandbox.url}/psd2/api/v1/payments/credit-transfers/${String(created.json.paymentId)}/status`,
      { headers: tpp.headers(token, { 'Content-Type': undefined }) },
    );
    expect(status.status).toBe(503);
    expect(status.headers.get('Retry-After')).toBe('30');
    // The SCA page of anna's payment is hers too; jon's payment is untouched.
    const jon = await tpp.initiate(token, singlePayment());
    expect(
      (
        await tpp.get(
          token,
          new URL((jon.json._links as Record<string, { href: string }>).status?.href ?? '').pathname,
        )
      ).status,
    ).toBe(200);
  });

  it('timeout "after": the bank handles the request, holds the answer and drops the connection', async () => {
    await addFault(sandbox.url, {
      method: 'POST',
      path: '/psd2/api/v1/payments',
      timeout: 'after',
      holdMs: 600,
      count: 1,
    });
    const key = randomUUID();
    const started = Date.now();
    const outcome = await fetch(`${sandbox.url}/psd2/api/v1/payments/credit-transfers`, {
      method: 'POST',
      headers: tpp.headers(token, { 'Idempotency-Key': key }),
      body: JSON.stringify(singlePayment()),
    }).then(
      (r) => `status ${r.status}`,
      (e: unknown) => `error ${String((e as Error).cause ?? e)}`,
    );
    expect(outcome).toMatch(/^error/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect((await payments()).filter((p) => p.idempotencyKey === key)).toHaveLength(1);
    // The resend with the same key gets the first answer.
    const resent = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    expect(resent.status).toBe(201);
    expect((await payments()).filter((p) => p.idempotencyKey === key)).toHaveLength(1);
  });

  it('timeout "before": the request is dropped unhandled; a client giving up earlier sees its own timeout', async () => {
    await addFault(sandbox.url, {
      method: 'POST',
      path: '/psd2/api/v1/payments',
      timeout: 'before',
      holdMs: 1500,
      count: 1,
    });
    const key = randomUUID();
    const outcome = await fetch(`${sandbox.url}/psd2/api/v1/payments/credit-transfers`, {
      method: 'POST',
      headers: tpp.headers(token, { 'Idempotency-Key': key }),
      body: JSON.stringify(singlePayment()),
      signal: AbortSignal.timeout(300),
    }).then(
      (r) => `status ${r.status}`,
      (e: unknown) => (e as Error).name,
    );
    expect(outcome).toBe('TimeoutError');
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect((await payments()).filter((p) => p.idempotencyKey === key)).toHaveLength(0);
  });

  // Spec part 7 lists codes no rule of this bank yields (consents, markets): an `error` rule answers with one, as a
  // part 7 body in JSON or XML (4.1), only on /psd2, count times; nothing is done for the request.
  it('error: answers a part 7 error body of the operator’s choosing, JSON or XML, without handling', async () => {
    const rule = await addFault(sandbox.url, {
      path: '/psd2/api/v1/payments',
      count: 2,
      error: { status: 400, code: 'MARKETS_CLOSED', path: 'instructedAmount.currency' },
    });
    expect(rule.status).toBe(201);
    const before = (await payments()).length;
    const json = await tpp.initiate(
      token,
      singlePayment({ instructedAmount: { currency: 'EUR', amount: '10.00' } }),
    );
    expect(json.status).toBe(400);
    expect(json.headers.get('Sandbox-Fault')).toBe(rule.json.id);
    expect(json.json.tppMessages?.[0]).toMatchObject({
      category: 'ERROR',
      code: 'MARKETS_CLOSED',
      path: 'instructedAmount.currency',
    });
    const xml = await tpp.initiate(token, singlePayment(), { headers: { Accept: 'application/xml' } });
    expect(xml.status).toBe(400);
    expect(xml.text).toContain('<code>MARKETS_CLOSED</code><path>instructedAmount.currency</path>');
    expect((await payments()).length).toBe(before);
    expect((await tpp.initiate(token, singlePayment())).status).toBe(201);
  });

  // IOBWS 3.2 lets a bank answer a refusal as problem details (Error400_PIS, `application/problem+json`), its further
  // errors in `additionalErrors`; `form: "problem"` answers so (an extra, docs/sandbox-extras.md).
  it('error in problem form: IOBWS 3.2`s problem details with additionalErrors, the X-Request-ID echoed', async () => {
    await addFault(sandbox.url, {
      path: '/psd2/api/v1/payments',
      count: 1,
      error: {
        status: 400,
        code: 'PAYMENT_FAILED',
        text: 'Not paid.',
        form: 'problem',
        additionalErrors: [{ code: 'INSUFFICIENT_FUNDS', title: 'No funds' }],
      },
    });
    const requestId = randomUUID();
    const before = (await payments()).length;
    const refused = await tpp.initiate(token, singlePayment(), { headers: { 'X-Request-ID': requestId } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Content-Type')).toBe('application/problem+json');
    expect(refused.headers.get('X-Request-ID')).toBe(requestId);
    expect(refused.json).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'PAYMENT_FAILED',
      detail: 'Not paid.',
      additionalErrors: [{ code: 'INSUFFICIENT_FUNDS', title: 'No funds' }],
    });
    expect((await payments()).length).toBe(before);
  });

  // Payment spec 4.1 lists 405 among the initiation's answers and part 7 gives it SERVICE_INVALID; BG IG 4.12 sends
  // 405 "when the HTTP method … is not supported on a specific endpoint", and for "cancellation of a payment
  // initiation, where the payment initiation cannot be cancelled". RFC 9110 15.5.6: a 405 carries Allow.
  it('error 405: SERVICE_INVALID with Allow, the methods the endpoint still offers, on the initiation and the DELETE', async () => {
    const initiation = await addFault(sandbox.url, {
      method: 'POST',
      path: '/psd2/api/v1/payments/credit-transfers',
      psu: ANNA_MAIN,
      count: 1,
      error: { status: 405, code: 'SERVICE_INVALID' },
    });
    expect(initiation.status).toBe(201);
    const before = (await payments()).length;
    const refused = await tpp.initiate(token, singlePayment({ debtorAccount: { iban: ANNA_MAIN } }));
    expect(refused.status).toBe(405);
    expect(refused.json.tppMessages?.[0]).toMatchObject({ category: 'ERROR', code: 'SERVICE_INVALID' });
    // The initiation endpoint offers POST alone: none is left, an empty Allow (RFC 9110 10.2.1).
    expect(refused.headers.get('Allow')).toBe('');
    expect((await payments()).length).toBe(before);

    const made = await tpp.initiate(token, singlePayment({ debtorAccount: { iban: ANNA_MAIN } }));
    expect(made.status).toBe(201);
    const self = `/psd2/api/v1/payments/credit-transfers/${String(made.json.paymentId)}`;
    await addFault(sandbox.url, {
      method: 'DELETE',
      path: self,
      count: 1,
      error: { status: 405, code: 'SERVICE_INVALID' },
    });
    const notCancelled = await tpp.request('DELETE', self, tpp.headers(token), undefined);
    expect(notCancelled.status).toBe(405);
    expect(notCancelled.json.tppMessages?.[0]?.code).toBe('SERVICE_INVALID');
    expect(notCancelled.headers.get('Allow')).toBe('GET');
    expect((await tpp.get(token, `${self}/status`)).json.transactionStatus).toBe('RCVD');
  });

  it('never faults the admin surface', async () => {
    await addFault(sandbox.url, { path: '/', status: 500 });
    expect((await fetch(`${sandbox.url}/sandbox/health`)).status).toBe(200);
    expect((await fetch(`${sandbox.url}/oauth/v2/oauth-token`, { method: 'POST' })).status).toBe(500);
  });
});
