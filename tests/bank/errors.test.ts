import { describe, expect, it } from 'vitest';
import { BankError, BankUnavailableError, bankErrorMessageKey, parseTppMessages } from '@/lib/bank/errors';

describe('bank error mapping', () => {
  it('maps a known tppMessages code to our own message', () => {
    const error = new BankError(
      400,
      [{ category: 'ERROR', code: 'INSUFFICIENT_FUNDS', text: 'raw bank text' }],
      'r',
    );
    expect(bankErrorMessageKey(error)).toBe('bank.code.INSUFFICIENT_FUNDS');
  });

  it('falls back by HTTP status when the bank gives no code we know', () => {
    expect(bankErrorMessageKey(new BankError(429, [], 'r'))).toBe('bank.busy');
    expect(bankErrorMessageKey(new BankError(503, [], 'r'))).toBe('bank.down');
    // 408 (no body, spec part 7): the bank gave up waiting for the request; not a refusal.
    expect(bankErrorMessageKey(new BankError(408, [], 'r'))).toBe('bank.timeout');
    expect(bankErrorMessageKey(new BankError(400, [{ category: 'ERROR', code: 'SOMETHING_NEW' }], 'r'))).toBe(
      'bank.rejected',
    );
  });

  it('tells a timeout from an unreachable bank', () => {
    expect(bankErrorMessageKey(new BankUnavailableError('timeout', 'r'))).toBe('bank.timeout');
    expect(bankErrorMessageKey(new BankUnavailableError('network', 'r'))).toBe('bank.network');
    expect(bankErrorMessageKey(new Error('boom'))).toBe('bank.unexpected');
  });

  it('reads tppMessages leniently and ignores bodies that are not error bodies', () => {
    expect(
      parseTppMessages({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'x' }] }),
    ).toHaveLength(1);
    expect(parseTppMessages({ tppMessages: null })).toEqual([]);
    expect(parseTppMessages('<html>')).toEqual([]);
  });
});
