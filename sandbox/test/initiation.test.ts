import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPisContract } from '../src/contract.js';
import type { RunningSandbox } from '../src/server.js';
import {
  CREDITOR,
  expectError,
  JON_EUR,
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

const validate = (name: string, value: unknown) => {
  const v = loadPisContract().validator(name);
  const ok = v(value);
  return ok ? true : v.errors;
};

describe('single payment initiation', () => {
  it('answers 201 with a body valid against PaymentInitiationResponse, REDIRECT approach and Location', async () => {
    const requestId = randomUUID();
    const response = await tpp.initiate(token, singlePayment(), { headers: { 'X-Request-ID': requestId } });
    expect(response.status).toBe(201);
    expect(validate('PaymentInitiationResponse', response.json)).toBe(true);
    const body = response.json as {
      transactionStatus: string;
      paymentId: string;
      _links: Record<string, { href: string }>;
    };
    expect(body.transactionStatus).toBe('RCVD');
    expect(body._links.scaRedirect?.href).toMatch(new RegExp(`^${sandbox.url}/sca/[0-9a-f-]{36}$`));
    expect(body._links.self?.href).toBe(
      `${sandbox.url}/psd2/api/v1/payments/credit-transfers/${body.paymentId}`,
    );
    expect(body._links.status?.href).toBe(`${body._links.self?.href}/status`);
    expect(response.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(response.headers.get('Location')).toBe(body._links.self?.href);
    expect(response.headers.get('X-Request-ID')).toBe(requestId);

    const status = await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${body.paymentId}/status`);
    expect(status.status).toBe(200);
    expect(status.json).toEqual({ transactionStatus: 'RCVD' });
    expect(validate('PaymentStatus', status.json)).toBe(true);
  });

  it('accepts null string fields and EUR 12.34', async () => {
    const response = await tpp.initiate(
      token,
      singlePayment({
        debtorAccount: { iban: JON_EUR, currency: 'EUR' },
        creditorAccount: { iban: 'DE89370400440532013000' },
        // A payment abroad names the recipient and its address (README "Every code of part 7").
        creditorAddress: { country: 'DE', townName: 'Frankfurt am Main' },
        instructedAmount: { currency: 'EUR', amount: '12.34' },
        endToEndIdentification: null,
        creditorAgent: 'COBADEFFXXX',
      }),
    );
    expect(response.status).toBe(201);
  });

  it('rejects an unknown property with 400 FORMAT_ERROR naming the field', async () => {
    const top = await tpp.initiate(token, singlePayment({ foo: 'bar' }));
    expectError(top, 400, 'FORMAT_ERROR', 'foo');
    const nested = await tpp.initiate(
      token,
      singlePayment({ creditorAccount: { iban: CREDITOR, foo: 'bar' } }),
    );
    expectError(nested, 400, 'FORMAT_ERROR', 'creditorAccount.foo');
  });

  it('enforces bounds and patterns from the contract', async () => {
    expectError(
      await tpp.initiate(token, singlePayment({ creditorName: 'x'.repeat(71) })),
      400,
      'FORMAT_ERROR',
      'creditorName',
    );
    expectError(
      await tpp.initiate(token, singlePayment({ instructedAmount: { currency: 'ISK', amount: '1,5' } })),
      400,
      'FORMAT_ERROR',
      'instructedAmount.amount',
    );
    const { creditorAccount: _, ...noCreditor } = singlePayment();
    expectError(await tpp.initiate(token, noCreditor), 400, 'FORMAT_ERROR', 'creditorAccount');
  });

  it('rejects ISK with decimals: 400 FORMAT_ERROR at instructedAmount.amount', async () => {
    const response = await tpp.initiate(
      token,
      singlePayment({ instructedAmount: { currency: 'ISK', amount: '100.50' } }),
    );
    expectError(response, 400, 'FORMAT_ERROR', 'instructedAmount.amount');
  });

  it('rejects three EUR decimals, accepts three KWD decimals', async () => {
    const eur = await tpp.initiate(
      token,
      singlePayment({
        debtorAccount: { iban: JON_EUR },
        instructedAmount: { currency: 'EUR', amount: '1.234' },
      }),
    );
    expectError(eur, 400, 'FORMAT_ERROR', 'instructedAmount.amount');
    const kwd = await tpp.initiate(
      token,
      singlePayment({ instructedAmount: { currency: 'KWD', amount: '1.234' } }),
    );
    expect(kwd.status).toBe(201);
  });

  it('rejects zero, negative amounts and unknown currencies', async () => {
    for (const amount of ['0', '-5']) {
      const response = await tpp.initiate(
        token,
        singlePayment({ instructedAmount: { currency: 'ISK', amount } }),
      );
      expectError(response, 400, 'FORMAT_ERROR', 'instructedAmount.amount');
    }
    const xyz = await tpp.initiate(
      token,
      singlePayment({ instructedAmount: { currency: 'XYZ', amount: '5' } }),
    );
    expectError(xyz, 400, 'FORMAT_ERROR', 'instructedAmount.currency');
  });

  it('rejects an IBAN with a wrong check digit: 400 FORMAT_ERROR', async () => {
    const response = await tpp.initiate(
      token,
      singlePayment({ creditorAccount: { iban: 'IS140159260076545510730338' } }),
    );
    expectError(response, 400, 'FORMAT_ERROR', 'creditorAccount.iban');
  });

  it('rejects a debtor account that is not at this bank: 400 DEBTOR_ACCOUNT_NOT_FOUND', async () => {
    const response = await tpp.initiate(
      token,
      singlePayment({ debtorAccount: { iban: 'DE89370400440532013000' } }),
    );
    expectError(response, 400, 'DEBTOR_ACCOUNT_NOT_FOUND', 'debtorAccount');
  });

  it('rejects a body that is not JSON: 400 FORMAT_ERROR', async () => {
    const response = await tpp.initiate(token, '{"debtorAccount":');
    expectError(response, 400, 'FORMAT_ERROR', null);
  });

  it('answers 415 without a body for another content type', async () => {
    const response = await tpp.initiate(token, singlePayment(), {
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(415);
  });
});

describe('path parameters', () => {
  it('unknown product: 404 PRODUCT_UNKNOWN', async () => {
    const response = await tpp.initiate(token, singlePayment(), { product: 'sepa-credit-transfers' });
    expectError(response, 404, 'PRODUCT_UNKNOWN', 'payment-product');
  });

  it('unknown service: 400 SERVICE_INVALID', async () => {
    const response = await tpp.initiate(token, singlePayment(), { service: 'instant-payments' });
    expectError(response, 400, 'SERVICE_INVALID', 'payment-service');
  });

  it('a method the endpoint does not offer: 405 SERVICE_INVALID', async () => {
    const response = await tpp.request(
      'PUT',
      '/psd2/api/v1/payments/credit-transfers',
      tpp.headers(token),
      singlePayment(),
    );
    expectError(response, 405, 'SERVICE_INVALID');
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it('authentication is checked before the path', async () => {
    const response = await tpp.initiate('unknown-token', singlePayment(), { product: 'nope' });
    expectError(response, 401, 'TOKEN_UNKNOWN');
  });
});

describe('request headers', () => {
  it('missing X-Request-ID: 400 FORMAT_ERROR naming the header', async () => {
    const response = await tpp.initiate(token, singlePayment(), { headers: { 'X-Request-ID': undefined } });
    expectError(response, 400, 'FORMAT_ERROR', 'X-Request-ID');
  });

  it('X-Request-ID that is not a UUID: 400 FORMAT_ERROR', async () => {
    const response = await tpp.initiate(token, singlePayment(), { headers: { 'X-Request-ID': 'req-1' } });
    expectError(response, 400, 'FORMAT_ERROR', 'X-Request-ID');
  });

  it('PSU-IP-Address is required and must be IPv4', async () => {
    expectError(
      await tpp.initiate(token, singlePayment(), { headers: { 'PSU-IP-Address': undefined } }),
      400,
      'FORMAT_ERROR',
      'PSU-IP-Address',
    );
    expectError(
      await tpp.initiate(token, singlePayment(), { headers: { 'PSU-IP-Address': '2001:db8::1' } }),
      400,
      'FORMAT_ERROR',
      'PSU-IP-Address',
    );
    expectError(
      await tpp.initiate(token, singlePayment(), { headers: { 'PSU-IP-Address': '256.1.1.1' } }),
      400,
      'FORMAT_ERROR',
      'PSU-IP-Address',
    );
  });

  it('checks the optional PSU headers', async () => {
    const cases: Array<[string, string]> = [
      ['PSU-Geo-Location', 'GEO:64.1;-21.9'],
      ['PSU-Device-ID', 'device-1'],
      ['PSU-Http-Method', 'HEAD'],
      ['TPP-Redirect-URI', 'not a url'],
      ['TPP-Notification-Content-Preferred', 'status=SCA,SCA'],
      ['TPP-Redirect-Preferred', 'yes'],
    ];
    for (const [name, value] of cases) {
      const response = await tpp.initiate(token, singlePayment(), { headers: { [name]: value } });
      expectError(response, 400, 'FORMAT_ERROR', name);
    }
    const fine = await tpp.initiate(token, singlePayment(), {
      headers: {
        'PSU-Accept-Language': 'is',
        'PSU-Geo-Location': 'GEO:64.146582;-21.942635',
        'PSU-Device-ID': randomUUID(),
        'PSU-Http-Method': 'POST',
        'TPP-Notification-URI': 'https://tpp.example/notifications',
        'TPP-Notification-Content-Preferred': 'status=SCA,PROCESS',
      },
    });
    expect(fine.status).toBe(201);
  });

  it('TPP-Redirect-URI is required for the redirect approach', async () => {
    const response = await tpp.initiate(token, singlePayment(), {
      headers: { 'TPP-Redirect-URI': undefined },
    });
    expectError(response, 400, 'FORMAT_ERROR', 'TPP-Redirect-URI');
  });

  it('Digest if and only if Signature; a certificate with a signature', async () => {
    const body = singlePayment();
    const raw = JSON.stringify(body);
    const digest = `SHA-256=${createHash('sha256').update(raw).digest('base64')}`;
    expectError(
      await tpp.initiate(token, body, { headers: { Digest: digest } }),
      400,
      'FORMAT_ERROR',
      'Signature',
    );
    expectError(
      await tpp.initiate(token, body, { headers: { Signature: 'keyId="x",signature="y"' } }),
      400,
      'FORMAT_ERROR',
      'Digest',
    );
    expectError(
      await tpp.initiate(token, body, { headers: { Signature: 'keyId="x",signature="y"', Digest: digest } }),
      401,
      'CERTIFICATE_MISSING',
      'TPP-Signature-Certificate',
    );
    const signed = { Signature: 'keyId="x",signature="y"', 'TPP-Signature-Certificate': 'MIIB' };
    expectError(
      await tpp.initiate(token, body, { headers: { ...signed, Digest: 'SHA-256=AAAA' } }),
      401,
      'SIGNATURE_INVALID',
      'Digest',
    );
    expect((await tpp.initiate(token, body, { headers: { ...signed, Digest: digest } })).status).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body return the first 201 again', async () => {
    const key = randomUUID();
    const first = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    // Same content, other key order: the same request.
    const { creditorName, ...rest } = singlePayment();
    const again = await tpp.initiate(
      token,
      { creditorName, ...rest },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Location')).toBe(first.headers.get('Location'));
  });

  it('the same key with another body: the first 201 again, the body ignored (ÍST TS 316)', async () => {
    const key = randomUUID();
    const first = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const other = await tpp.initiate(
      token,
      singlePayment({ instructedAmount: { currency: 'ISK', amount: '99' } }),
      {
        headers: { 'Idempotency-Key': key },
      },
    );
    expect(other.status).toBe(201);
    expect(other.json).toEqual(first.json);
  });

  it('the same key after a failed initiation: the same error again, whatever the body (ÍST TS 316)', async () => {
    const key = randomUUID();
    const refused = await tpp.initiate(token, singlePayment(), {
      headers: { 'Idempotency-Key': key, 'Content-Type': 'text/plain' },
    });
    expect(refused.status).toBe(415);
    const again = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(415);
    const xml = await tpp.initiate(token, singlePayment({ creditorName: 'x'.repeat(71) }), {
      headers: { 'Idempotency-Key': `${key}-2`, Accept: 'application/xml' },
    });
    expect(xml.status).toBe(400);
    const json = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': `${key}-2` } });
    expectError(json, 400, 'FORMAT_ERROR', 'creditorName');
  });

  it('keys are per TPP client', async () => {
    const key = randomUUID();
    const first = await tpp.initiate(token, singlePayment(), { headers: { 'Idempotency-Key': key } });
    const other = new TestTpp(sandbox.url, OTHER_CLIENT);
    const second = await other.initiate(await other.token(), singlePayment(), {
      headers: { 'Idempotency-Key': key },
    });
    expect(second.status).toBe(201);
    expect(second.json.paymentId).not.toBe(first.json.paymentId);
  });
});

describe('bulk payments', () => {
  const element = (overrides: Record<string, unknown> = {}) => ({
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: '1000' },
    ...overrides,
  });

  it('accepts a bulk and reads it back', async () => {
    const body = {
      paymentInformationId: `bulk-${randomUUID().slice(0, 8)}`,
      debtorAccount: { iban: JON_MAIN },
      payments: [element(), element()],
    };
    const response = await tpp.initiate(token, body, { service: 'bulk-payments' });
    expect(response.status).toBe(201);
    expect(validate('PaymentInitiationResponse', response.json)).toBe(true);
    const read = await tpp.get(
      token,
      `/psd2/api/v1/bulk-payments/credit-transfers/${response.json.paymentId}`,
    );
    expect(read.status).toBe(200);
    expect(validate('BulkPaymentInformation', read.json)).toBe(true);
    expect(read.json).toMatchObject({
      paymentInformationId: body.paymentInformationId,
      transactionStatus: 'RCVD',
    });
  });

  it('rejects a bulk element carrying requestedExecutionDate: 400 FORMAT_ERROR', async () => {
    const body = {
      paymentInformationId: 'bulk-red',
      debtorAccount: { iban: JON_MAIN },
      payments: [element(), element({ requestedExecutionDate: '2030-01-01T00:00:00Z' })],
    };
    const response = await tpp.initiate(token, body, { service: 'bulk-payments' });
    expectError(response, 400, 'FORMAT_ERROR', 'payments[1].requestedExecutionDate');
  });

  it('rejects a reused paymentInformationId as a duplicate: 400 FORMAT_ERROR', async () => {
    const body = {
      paymentInformationId: 'bulk-dup-1',
      debtorAccount: { iban: JON_MAIN },
      payments: [element()],
    };
    expect((await tpp.initiate(token, body, { service: 'bulk-payments' })).status).toBe(201);
    const again = await tpp.initiate(
      token,
      { ...body, payments: [element(), element()] },
      { service: 'bulk-payments' },
    );
    expectError(again, 400, 'FORMAT_ERROR', 'paymentInformationId');
  });

  it('checks element amounts against their currency', async () => {
    const body = {
      paymentInformationId: 'bulk-amt',
      debtorAccount: { iban: JON_MAIN },
      payments: [element(), element({ instructedAmount: { currency: 'ISK', amount: '10.5' } })],
    };
    const response = await tpp.initiate(token, body, { service: 'bulk-payments' });
    expectError(response, 400, 'FORMAT_ERROR', 'payments[1].instructedAmount.amount');
  });
});

describe('periodic payments', () => {
  const periodic = (overrides: Record<string, unknown> = {}) => ({
    debtorAccount: { iban: JON_MAIN },
    creditorAccount: { iban: CREDITOR },
    instructedAmount: { currency: 'ISK', amount: '25000' },
    startDate: '2099-01-01T00:00:00Z',
    frequency: 'Monthly',
    dayOfExecution: '1',
    executionRule: 'following',
    ...overrides,
  });

  it('accepts a standing order and reads it back', async () => {
    const response = await tpp.initiate(token, periodic(), { service: 'periodic-payments' });
    expect(response.status).toBe(201);
    const read = await tpp.get(
      token,
      `/psd2/api/v1/periodic-payments/credit-transfers/${response.json.paymentId}`,
    );
    expect(read.status).toBe(200);
    expect(validate('PeriodicPaymentInformation', read.json)).toBe(true);
  });

  it('rejects dayOfExecution with a leading zero and an end before the start', async () => {
    expectError(
      await tpp.initiate(token, periodic({ dayOfExecution: '01' }), { service: 'periodic-payments' }),
      400,
      'FORMAT_ERROR',
      'dayOfExecution',
    );
    expectError(
      await tpp.initiate(token, periodic({ endDate: '2098-01-01T00:00:00Z' }), {
        service: 'periodic-payments',
      }),
      400,
      'PERIOD_INVALID',
      'endDate',
    );
  });
});

describe('reading payments', () => {
  it('payment information matches PaymentInformation', async () => {
    const created = await tpp.initiate(
      token,
      singlePayment({ remittanceInformationStructured: [{ reference: 'RF18539007547034' }] }),
    );
    const read = await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`);
    expect(read.status).toBe(200);
    expect(validate('PaymentInformation', read.json)).toBe(true);
    expect(read.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/);
    expect(read.json).toMatchObject({
      debtorName: 'Jón Jónsson',
      creditorName: 'Guðrún Helgadóttir',
      instructedAmount: { currency: 'ISK', amount: '15000' },
      remittanceInformationStructured: 'RF18539007547034',
      transactionStatus: 'RCVD',
    });
  });

  it('a payment sent without creditorName reads back with the creditor account as its name', async () => {
    const { creditorName: _, ...body } = singlePayment();
    const created = await tpp.initiate(token, body);
    const read = await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`);
    expect(validate('PaymentInformation', read.json)).toBe(true);
    expect(read.json.creditorName).toBe(CREDITOR);
  });

  it('unknown id, wrong service in the path, and another TPP: 404 RESOURCE_UNKNOWN', async () => {
    expectError(
      await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${randomUUID()}/status`),
      404,
      'RESOURCE_UNKNOWN',
      'paymentId',
    );
    const created = await tpp.initiate(token, singlePayment());
    const id = created.json.paymentId as string;
    expectError(
      await tpp.get(token, `/psd2/api/v1/bulk-payments/credit-transfers/${id}/status`),
      404,
      'RESOURCE_UNKNOWN',
    );
    const other = new TestTpp(sandbox.url, OTHER_CLIENT);
    expectError(
      await other.get(await other.token(), `/psd2/api/v1/payments/credit-transfers/${id}/status`),
      404,
      'RESOURCE_UNKNOWN',
    );
  });

  it('status reads need X-Request-ID and a valid token', async () => {
    const created = await tpp.initiate(token, singlePayment());
    const path = `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}/status`;
    expectError(
      await tpp.get(token, path, { 'X-Request-ID': undefined }),
      400,
      'FORMAT_ERROR',
      'X-Request-ID',
    );
    expectError(await tpp.get('nope', path), 401, 'TOKEN_UNKNOWN');
  });

  it('authorisation sub-resources report scaStatus', async () => {
    const created = await tpp.initiate(token, singlePayment());
    const base = `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`;
    const list = await tpp.get(token, `${base}/authorisations`);
    expect(list.status).toBe(200);
    const ids = list.json.authorisationIds as string[];
    expect(ids).toHaveLength(1);
    const sca = await tpp.get(token, `${base}/authorisations/${ids[0]}`);
    expect(sca.json).toEqual({ scaStatus: 'received' });
    expect(validate('ScaStatusResponse', sca.json)).toBe(true);
    expectError(
      await tpp.get(token, `${base}/authorisations/${randomUUID()}`),
      404,
      'RESOURCE_UNKNOWN',
      'authorisationId',
    );
  });

  it('cancels an unauthorised payment with 204, then 405 SERVICE_INVALID', async () => {
    const created = await tpp.initiate(token, singlePayment());
    const path = `/psd2/api/v1/payments/credit-transfers/${created.json.paymentId}`;
    const headers = tpp.headers(token, { 'Content-Type': undefined });
    expect((await tpp.request('DELETE', path, headers)).status).toBe(204);
    expect((await tpp.get(token, `${path}/status`)).json).toEqual({ transactionStatus: 'CANC' });
    expectError(
      await tpp.request('DELETE', path, tpp.headers(token, { 'Content-Type': undefined })),
      405,
      'SERVICE_INVALID',
    );
  });
});
