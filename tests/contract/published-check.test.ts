import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Exchange, notificationViolations, publishedViolations } from '@/sandbox/src/published-check';

/**
 * The check that holds a bank speaking IOBWS 3.2 to the published contracts (sandbox/src/published-check.ts), shown
 * finding what our bank's dialect would send there, and passing the published examples' own shapes.
 */
const requestId = randomUUID();

function exchange(partial: Partial<Exchange> & Pick<Exchange, 'method' | 'path'>): Exchange {
  const requestHeaders = new Headers({
    'X-Request-ID': requestId,
    'PSU-IP-Address': '10.1.2.3',
    'Content-Type': 'application/json',
  });
  const responseHeaders = new Headers({ 'X-Request-ID': requestId, 'Content-Type': 'application/json' });
  return {
    query: new URLSearchParams(),
    requestHeader: (name) => requestHeaders.get(name),
    requestText: '',
    status: 200,
    responseHeader: (name) => responseHeaders.get(name),
    responseText: '',
    ...partial,
  };
}

const body = {
  debtorAccount: { iban: 'IS140159260076545510730339' },
  creditorAccount: { iban: 'IS870301260012345101696399' },
  instructedAmount: { currency: 'ISK', amount: '1500' },
  requestedExecutionDate: '2026-12-15',
};
const created = {
  transactionStatus: 'RCVD',
  paymentId: 'p1',
  _links: {
    self: { href: '/v1/payments/credit-transfers/p1' },
    scaRedirect: { href: 'https://bank.is/sca/1' },
  },
};

describe('the published-contract check of a bank that speaks IOBWS 3.2', () => {
  it('passes an initiation as IOBWS has it: a date, its links relative to the server', () => {
    expect(
      publishedViolations(
        exchange({
          method: 'POST',
          path: '/v1/payments/credit-transfers',
          requestText: JSON.stringify(body),
          status: 201,
          responseText: JSON.stringify(created),
        }),
      ),
    ).toEqual([]);
  });

  it('finds our bank`s dialect there: a date-time date, an unknown fee code, a missing X-Request-ID', () => {
    const problems = publishedViolations(
      exchange({
        method: 'POST',
        path: '/v1/payments/credit-transfers',
        requestText: JSON.stringify({ ...body, requestedExecutionDate: '2026-12-15T00:00:00Z' }),
        status: 201,
        responseText: JSON.stringify({
          ...created,
          transactionFeesDetails: [{ feeType: 'TRANSFER', value: { currency: 'ISK', amount: '450' } }],
        }),
      }),
    );
    expect(problems.join('\n')).toMatch(/\(request\).*requestedExecutionDate.*format/);
    expect(problems.join('\n')).toMatch(/feeType.*enum/);
    const withoutId = publishedViolations(
      exchange({
        method: 'GET',
        path: '/v1/payments/credit-transfers/p1/status',
        responseHeader: (name) => (name === 'Content-Type' ? 'application/json' : null),
        responseText: JSON.stringify({ transactionStatus: 'ACSC' }),
      }),
    );
    expect(withoutId).toEqual([
      'GET /v1/payments/credit-transfers/p1/status 200: header X-Request-ID is required',
    ]);
  });

  it('reads each ambiguous oneOf by its payment-service or the member sent, and still refuses a wrong one', () => {
    const periodic = { ...body, startDate: '2026-12-01', frequency: 'Monthly' };
    const ok = publishedViolations(
      exchange({
        method: 'POST',
        path: '/v1/periodic-payments/credit-transfers',
        requestText: JSON.stringify(periodic),
        status: 201,
        responseText: JSON.stringify(created),
      }),
    );
    expect(ok).toEqual([]);
    const wrong = publishedViolations(
      exchange({
        method: 'POST',
        path: '/v1/bulk-payments/credit-transfers',
        requestText: JSON.stringify(body),
        status: 201,
        responseText: JSON.stringify(created),
      }),
    );
    expect(wrong.join('\n')).toMatch(/paymentInformationId|payments/);
    const confirmed = publishedViolations(
      exchange({
        method: 'PUT',
        path: '/v1/payments/credit-transfers/p1/authorisations/a1',
        requestText: JSON.stringify({ confirmationMessage: 'greidsla:p1' }),
        responseText: JSON.stringify({
          scaStatus: 'finalised',
          _links: { status: { href: '/v1/payments/credit-transfers/p1/status' } },
        }),
      }),
    );
    expect(confirmed).toEqual([]);
  });

  it('knows no /psd2 path, and holds a notification to the Lean Push contract', () => {
    expect(
      publishedViolations(exchange({ method: 'GET', path: '/psd2/api/v1/payments/credit-transfers/p1' })),
    ).toEqual([
      'GET /psd2/api/v1/payments/credit-transfers/p1: no such operation in the published contracts',
    ]);
    expect(notificationViolations({ paymentId: 'p1', transactionStatus: 'ACSC' }, requestId)).toEqual([]);
    expect(notificationViolations({ paymentId: 'p1', transactionStatus: 'DONE' }, 'x').length).toBe(2);
  });
});
