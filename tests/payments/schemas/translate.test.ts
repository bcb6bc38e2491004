import { describe, expect, it } from 'vitest';
import { issueMessage, parseIssueMessage } from '@/lib/payments/schemas/issue-message';
import { SinglePaymentSchema } from '@/lib/payments/schemas/single-payment';
import { translateIssues, translateMessage } from '@/lib/payments/schemas/translate';
import en from '@/messages/validation/en.json';
import is from '@/messages/validation/is.json';

function leaves(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('validation messages', () => {
  it('has the same keys in is and en', () => {
    expect(leaves(is).sort()).toEqual(leaves(en).sort());
  });

  it('round-trips keys and parameters through the issue message', () => {
    const message = issueMessage('validation.maxLength', { max: 35 });
    expect(parseIssueMessage(message)).toEqual({ key: 'validation.maxLength', params: { max: 35 } });
    expect(parseIssueMessage('validation.required')).toEqual({ key: 'validation.required', params: {} });
    expect(parseIssueMessage('Invalid input')).toBeUndefined();
  });

  it('formats ICU parameters and Icelandic plurals', () => {
    expect(translateMessage(issueMessage('validation.maxLength', { max: 35 }), 'en')).toBe(
      'Too long. Use at most 35 characters.',
    );
    expect(translateMessage(issueMessage('validation.maxLength', { max: 35 }), 'is')).toBe(
      'Of langt. Notaðu í mesta lagi 35 stafi.',
    );
    expect(translateMessage(issueMessage('validation.maxLength', { max: 21 }), 'is')).toBe(
      'Of langt. Notaðu í mesta lagi 21 staf.',
    );
    expect(
      translateMessage(issueMessage('validation.amount.fraction', { currency: 'EUR', digits: 2 }), 'en'),
    ).toBe('An amount in EUR can have at most 2 decimals. Remove the extra decimals.');
  });

  it('never shows text we did not write', () => {
    expect(translateMessage('Invalid input: expected string', 'en')).toBe(en.validation.invalid);
    expect(translateMessage('validation.noSuchKey', 'is')).toBe(is.validation.invalid);
    expect(translateMessage(undefined, 'is')).toBe(is.validation.invalid);
  });

  it('translates a failed parse for the server action', () => {
    const result = SinglePaymentSchema.safeParse({
      debtorAccount: { bban: '1' },
      creditorAccount: { iban: 'IS1' },
    });
    expect(translateIssues(result.error?.issues ?? [], 'is')).toEqual([
      { path: 'instructedAmount', message: is.validation.required },
      { path: 'creditorAccount.iban', message: is.validation.iban.pattern },
    ]);
  });
});
