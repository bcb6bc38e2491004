import { describe, expect, it } from 'vitest';
import { BankError, BankUnavailableError } from '@/lib/bank/errors';
import { cancellationRefusalKey } from '@/lib/payments/cancellation-refusal';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

const refusal = (status: number, code: string) =>
  new BankError(status, [{ category: 'ERROR', code, path: null, text: null }], 'request-id');

describe('the message for a cancellation the bank refuses', () => {
  it('says the payment can no longer be cancelled for a 405 or 409 to the DELETE', () => {
    expect(cancellationRefusalKey(refusal(405, 'SERVICE_INVALID'))).toBe('payment.notCancellable');
    expect(cancellationRefusalKey(refusal(409, 'STATUS_INVALID'))).toBe('payment.notCancellable');
    expect(cancellationRefusalKey(new BankError(405, [], 'request-id'))).toBe('payment.notCancellable');
  });

  it('reads any other refusal as the bank error it is', () => {
    expect(cancellationRefusalKey(refusal(403, 'RESOURCE_UNKNOWN'))).toBe('bank.code.RESOURCE_UNKNOWN');
    expect(cancellationRefusalKey(new BankError(503, [], 'request-id'))).toBe('bank.down');
  });

  it('reads an unanswered stop as that, not as the initiation’s "sent only once"', () => {
    expect(cancellationRefusalKey(new BankUnavailableError('timeout', 'request-id'))).toBe(
      'payment.cancelUnanswered',
    );
    expect(cancellationRefusalKey(new BankUnavailableError('network', 'request-id'))).toBe(
      'payment.cancelUnanswered',
    );
  });

  it('has the message in Icelandic and English', () => {
    expect(en.payment.notCancellable).toMatch(/no longer cancel/);
    expect(is.payment.notCancellable).toMatch(/ekki lengur/);
  });
});
