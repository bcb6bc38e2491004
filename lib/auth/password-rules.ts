import { z } from 'zod';
import { commonPasswords } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads 72 bytes; a longer password would be silently cut, so it is refused instead. */
export const PASSWORD_MAX_BYTES = 72;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'containsEmail';

/**
 * The password rules, as message keys under `account.password.rules`: at least 12 characters, not
 * one of the most common passwords (or one with digits or punctuation added at the end), and not
 * containing the local part of the e-mail address.
 */
export function passwordProblems(password: string, email: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) problems.push('tooLong');
  const lowered = password.toLowerCase();
  const stripped = lowered.replace(/[\d\s!?.#@$%&*_-]+$/u, '');
  if (commonPasswords.has(lowered) || commonPasswords.has(stripped) || hasFewDistinctCharacters(lowered)) {
    problems.push('common');
  }
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (local.length >= 3 && lowered.includes(local)) problems.push('containsEmail');
  return problems;
}

function hasFewDistinctCharacters(value: string): boolean {
  return value.length > 0 && new Set(value).size <= 2;
}

/** The sign-up fields, checked on the server; the form shows what comes back beside each field. */
export const signUpSchema = z
  .object({
    email: z.email('account.errors.email').max(254, 'account.errors.email'),
    displayName: z
      .string()
      .trim()
      .min(1, 'account.errors.displayName')
      .max(100, 'account.errors.displayName'),
    password: z.string().max(1000, 'account.password.rules.tooLong'),
  })
  .superRefine((value, ctx) => {
    for (const problem of passwordProblems(value.password, value.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: `account.password.rules.${problem}` });
    }
  });
