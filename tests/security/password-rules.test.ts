import { describe, expect, it } from 'vitest';
import { passwordProblems } from '@/lib/auth/password-rules';

describe('password rules', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordProblems('heitt kakó á Þingvöllum', 'jon@example.is')).toEqual([]);
  });

  it('refuses fewer than 12 characters, counting letters rather than bytes', () => {
    expect(passwordProblems('stuttorð1!', 'jon@example.is')).toContain('tooShort');
    expect(passwordProblems('þþþþþþþþþþþ', 'x@y.is')).toContain('tooShort');
  });

  it('refuses common passwords and common stems with digits or signs added', () => {
    for (const password of [
      '123456789012',
      'Password2024!',
      'qwertyuiop12',
      'Reykjavik1234',
      'aaaaaaaaaaaa',
    ]) {
      expect(passwordProblems(password, 'x@y.is'), password).toContain('common');
    }
  });

  it("refuses a password containing the e-mail's local part", () => {
    expect(passwordProblems('my name is sigridur really', 'Sigridur@example.is')).toContain('containsEmail');
  });

  it('refuses what bcrypt would cut (over 72 bytes)', () => {
    expect(passwordProblems('ð'.repeat(40), 'x@y.is')).toContain('tooLong');
  });
});
