import { describe, expect, it } from 'vitest';
import {
  BankError,
  BankTokenError,
  BankUnavailableError,
  bankErrorMessageKey,
  parseTppMessages,
  refusalCodeOf,
} from '@/lib/bank/errors';

describe('bank error mapping', () => {
  it('maps a known tppMessages code to our own message', () => {
    const error = new BankError(
      400,
      [{ category: 'ERROR', code: 'INSUFFICIENT_FUNDS', text: 'raw bank text' }],
      'r',
    );
    expect(bankErrorMessageKey(error)).toBe('bank.code.INSUFFICIENT_FUNDS');
  });

  // BG IG 1.3.8, PAYMENT_FAILED: "The payment initiation POST request failed during the initial process. Additional
  // information may be provided by the ASPSP": a further code of part 7 is that information, and the PSU is told it.
  it('tells the reason a bank gives after PAYMENT_FAILED, and PAYMENT_FAILED where it gives none', () => {
    const messages = (...codes: string[]) => codes.map((code) => ({ category: 'ERROR', code }));
    const reasoned = new BankError(400, messages('PAYMENT_FAILED', 'SB_OWN', 'INSUFFICIENT_FUNDS'), 'r');
    expect(refusalCodeOf(reasoned)).toBe('INSUFFICIENT_FUNDS');
    expect(bankErrorMessageKey(reasoned, 'initiation')).toBe('bank.code.INSUFFICIENT_FUNDS');
    const bare = new BankError(400, messages('SB_OWN', 'PAYMENT_FAILED'), 'r');
    expect(refusalCodeOf(bare)).toBe('PAYMENT_FAILED');
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

  // Payment spec part 7: "405 | SERVICE_INVALID", the one code of a 405; BG IG 4.12: sent "when the HTTP
  // method … is not supported on a specific endpoint". A 405 with no body says the same, not "check the details".
  it('reads a 405 as the service the bank does not take, with its code or without a body', () => {
    const coded = new BankError(405, [{ category: 'ERROR', code: 'SERVICE_INVALID', path: null }], 'r');
    expect(bankErrorMessageKey(coded)).toBe('bank.code.SERVICE_INVALID');
    expect(bankErrorMessageKey(new BankError(405, [], 'r'))).toBe('bank.code.SERVICE_INVALID');
  });

  // Payment spec part 4.1/7: 406 and 415 carry no body. They refuse the form of our request (the answer's media
  // type, the body's), never the PSU's details: "check the details and try again" would send the PSU round in circles.
  it('reads a 406 or 415 without a body as a request this app cannot make so, not as details to check', () => {
    expect(bankErrorMessageKey(new BankError(406, [], 'r'))).toBe('bank.notAcceptable');
    expect(bankErrorMessageKey(new BankError(415, [], 'r'))).toBe('bank.notAcceptable');
  });

  // Payment spec part 7 gives 401, 403 and 404 a body; one without it names no code. A 401 so (after the renewed
  // token, lib/bank/client.ts) or a 403 refuses our app, a 404 names what the bank does not know: never details to
  // check. Only a refused initiation made nothing, and says so.
  it('reads a 401, 403 or 404 without a body as what it refuses, "nothing was paid" only of an initiation', () => {
    for (const status of [401, 403]) {
      expect(bankErrorMessageKey(new BankError(status, [], 'r'), 'initiation')).toBe(
        'bank.accessRefusedUnpaid',
      );
      expect(bankErrorMessageKey(new BankError(status, [], 'r'))).toBe('bank.accessRefused');
    }
    expect(bankErrorMessageKey(new BankError(404, [], 'r'), 'initiation')).toBe('bank.unknownRequestUnpaid');
    expect(bankErrorMessageKey(new BankError(404, [], 'r'))).toBe('bank.code.RESOURCE_UNKNOWN');
    // With a code, the code says it.
    const expired = new BankError(401, [{ category: 'ERROR', code: 'CERTIFICATE_EXPIRED' }], 'r');
    expect(bankErrorMessageKey(expired, 'initiation')).toBe('bank.code.CERTIFICATE_EXPIRED');
  });

  // The token endpoint's refusal (RFC 6749 5.2, no tppMessages) refuses our connection, never the PSU's details.
  it('reads a refusal of our token request as the bank not accepting our connection', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(bankErrorMessageKey(new BankTokenError(status, [], 'r'), 'initiation')).toBe(
        'bank.accessRefusedUnpaid',
      );
      expect(bankErrorMessageKey(new BankTokenError(status, [], 'r'))).toBe('bank.accessRefused');
    }
    // Busy, timed out or failing, it is told as the interface is.
    expect(bankErrorMessageKey(new BankTokenError(429, [], 'r'))).toBe('bank.busy');
    expect(bankErrorMessageKey(new BankTokenError(503, [], 'r'))).toBe('bank.down');
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

  // Part 7: each tppMessage has a category and a code. One out of type is left out, or read without what is out of
  // type in it, never the others with it.
  it('reads each tppMessage on its own: one out of type hides none of the others', () => {
    const messages = parseTppMessages({
      tppMessages: [
        { category: 'ERROR', code: 42 },
        { code: 'SB_OWN', text: 7 },
        'INSUFFICIENT_FUNDS',
        { category: 'ERROR', code: 'INSUFFICIENT_FUNDS', path: ['x'], text: 'Ónóg innstæða' },
      ],
    });
    expect(messages).toEqual([
      { category: 'ERROR', code: 'SB_OWN' },
      { category: 'ERROR', code: 'INSUFFICIENT_FUNDS', text: 'Ónóg innstæða' },
    ]);
    const error = new BankError(400, messages, 'r');
    expect(bankErrorMessageKey(error, 'initiation')).toBe('bank.code.INSUFFICIENT_FUNDS');
  });
});
