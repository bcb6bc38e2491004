import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.AUTH_SECRET ??= 'links-test-secret-links-test-secret-0123';
  process.env.BANK_BASE_URL = 'https://bank.example/psd2';
});

const { resolveLink } = await import('@/lib/bank/links');

describe('a link from the bank (spec 2.5: "links may be relative or full")', () => {
  it('is kept as given when full', () => {
    expect(resolveLink('https://sca.bank.example/authorise/1?x=y')).toBe(
      'https://sca.bank.example/authorise/1?x=y',
    );
  });

  it('is read relative to {base_url}, path prefix included, when it is a path under it', () => {
    expect(resolveLink('/api/v1/payments/credit-transfers/p1/status')).toBe(
      'https://bank.example/psd2/api/v1/payments/credit-transfers/p1/status',
    );
    expect(resolveLink('api/v1/payments/credit-transfers/p1')).toBe(
      'https://bank.example/psd2/api/v1/payments/credit-transfers/p1',
    );
  });

  it('is read against the host when it already carries the prefix', () => {
    expect(resolveLink('/psd2/api/v1/payments/credit-transfers/p1/authorisations/a1')).toBe(
      'https://bank.example/psd2/api/v1/payments/credit-transfers/p1/authorisations/a1',
    );
  });

  it('is dropped when empty', () => {
    expect(resolveLink(null)).toBeUndefined();
    expect(resolveLink('')).toBeUndefined();
  });
});
