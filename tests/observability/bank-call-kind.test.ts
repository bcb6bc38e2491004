import { describe, expect, it } from 'vitest';
import type { BankCall } from '@/lib/bank/observer';
import { auditPath, bankCallKind } from '@/lib/observability/bank-call-kind';
import { scrubbedSpan } from '@/lib/observability/tracing';

const urls = {
  payments: 'https://bank.example.is/psd2',
  auth: 'https://bank.example.is',
  events: 'https://bank.example.is/events',
  business: 'https://bank.example.is/business',
};

function call(method: string, url: string, extra: Partial<BankCall> = {}): BankCall {
  return {
    bankId: 'b',
    api: 'payments',
    method,
    url,
    token: false,
    requestId: 'r',
    attempt: 0,
    startedAt: new Date(),
    durationMs: 1,
    status: 200,
    codes: [],
    failure: undefined,
    ...extra,
  };
}

const p = `${urls.payments}/api/v1/payments/credit-transfers`;

describe('what a bank call was, for the audit trail and the metrics', () => {
  it.each([
    ['POST', p, 'payments', 'initiate'],
    ['GET', `${p}/abc-1`, 'payments', 'read-payment'],
    ['GET', `${p}/abc-1/status`, 'payments', 'status'],
    ['DELETE', `${p}/abc-1`, 'payments', 'cancel'],
    ['POST', `${p}/abc-1/authorisations`, 'payments', 'start-authorisation'],
    ['PUT', `${p}/abc-1/authorisations/x9`, 'payments', 'update-authorisation'],
    ['GET', `${p}/abc-1/authorisations/x9`, 'payments', 'sca-status'],
    ['POST', `${p}/abc-1/cancellation-authorisations`, 'payments', 'start-cancellation-authorisation'],
    ['POST', `${urls.events}/api/v1/subscriptions`, 'webhooks', 'subscribe'],
    ['PUT', `${urls.events}/api/v1/subscriptions/s1`, 'webhooks', 'update-subscription'],
    ['POST', `${urls.events}/api/v1/subscriptions/s1/verify?eventType=x`, 'webhooks', 'verify'],
  ])('%s %s is %s %s', (method, url, bankInterface, operation) => {
    expect(bankCallKind(call(method, url), urls)).toMatchObject({ bankInterface, operation });
  });

  it('names claims, tokens and the service and product of an initiation', () => {
    expect(
      bankCallKind(call('GET', `${urls.business}/claims?payorId=0101302989`, { api: 'business' }), urls),
    ).toMatchObject({
      bankInterface: 'claims',
      operation: 'list-claims',
      path: '/business/claims',
    });
    expect(
      bankCallKind(call('POST', `${urls.auth}/oauth/v2/oauth-token`, { token: true }), urls),
    ).toMatchObject({
      bankInterface: 'token',
      operation: 'token',
    });
    expect(
      bankCallKind(call('POST', `${urls.payments}/api/v1/periodic-payments/card-deposits`), urls),
    ).toMatchObject({
      service: 'periodic-payments',
      product: 'card-deposits',
    });
  });

  it('keeps a path without its query string, and no kennitala in it', () => {
    expect(auditPath('https://b.is/business/claims/010130-2989/x?payorId=0101302989')).toBe(
      '/business/claims/…/x',
    );
    expect(auditPath('https://b.is/business/claims/5012345678-0101-66-20250101')).toBe(
      '/business/claims/…-0101-66-20250101',
    );
    // A bank's payment id is kept whole, though ten of its digits stand together.
    const status = '/psd2/api/v1/payments/x/640eb9a6-1a5f-45be-b230-a1234567890b/status';
    expect(auditPath(`https://b.is${status}`)).toBe(status);
  });
});

describe('a span as it leaves for the collector', () => {
  it('has no query string, kennitala, e-mail address or IBAN in its name, attributes or events', () => {
    const span = {
      name: 'GET /api/payments/1/return?code=secret-code&state=s',
      attributes: {
        'http.target': '/api/payments/1/return?code=secret-code&state=s',
        'x.mail': 'anna@greidsla.is',
        'x.ids': ['0101302989', 'IS140159260076545510730339'],
        'http.status_code': 302,
        'greidsla.bank.request_id': 'a1b2c3d4-0000-4000-8000-a1234567890b',
      },
      events: [{ name: 'exception', time: [0, 0], attributes: { 'exception.message': 'no 0101302989' } }],
      spanContext: () => ({ traceId: 't', spanId: 's', traceFlags: 1 }),
    };
    const scrubbed = scrubbedSpan(span as never);
    const text = JSON.stringify({
      name: scrubbed.name,
      attributes: scrubbed.attributes,
      events: scrubbed.events,
    });
    expect(text).not.toMatch(/secret-code|anna@|0101302989|IS140159260076545510730339/);
    expect(scrubbed.attributes['http.status_code']).toBe(302);
    // An id stays whole, though ten of its digits stand together.
    expect(scrubbed.attributes['greidsla.bank.request_id']).toBe('a1b2c3d4-0000-4000-8000-a1234567890b');
    expect(scrubbed.name).toBe('GET /api/payments/1/return');
    // The rest of the span is the span's own.
    expect(scrubbed.spanContext().traceId).toBe('t');
  });
});
