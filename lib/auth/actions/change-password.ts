'use server';

import { changePassword, findProfile } from '@/lib/auth/accounts';
import { passwordProblems } from '@/lib/auth/password-rules';
import { currentPsuId } from '@/lib/auth/session';
import { logger } from '@/lib/log';
import { hitLimit, limits, minutesToWait, peekLimit } from '@/lib/security/rate-limit';
import { inActionRequest } from '@/lib/security/request-context';
import { type AccountFormState, field } from './form-state';

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export type ChangePasswordState = AccountFormState<ChangePasswordField>;

/** Changes the signed-in PSU's password; the current one is required, and guesses at it are limited. */
export async function changeOwnPassword(_previous: unknown, form: unknown): Promise<ChangePasswordState> {
  return inActionRequest(async () => {
    const psuId = await currentPsuId();
    if (!psuId) return { ok: false, fieldErrors: {}, message: 'auth.signedOut', values: {} };
    if (!(form instanceof FormData))
      return { ok: false, fieldErrors: {}, message: 'account.errors.invalid', values: {} };
    const current = field(form, 'currentPassword');
    const next = field(form, 'newPassword');
    const confirm = field(form, 'confirmPassword');

    const limit = limits().passwordChangePerPsu;
    const verdict = await peekLimit(limit, psuId);
    if (!verdict.allowed) {
      return {
        ok: false,
        fieldErrors: {},
        values: {},
        message: 'account.errors.throttled',
        messageValues: { minutes: minutesToWait(verdict.retryAfterSeconds) },
      };
    }
    const profile = await findProfile(psuId);
    if (!profile) return { ok: false, fieldErrors: {}, message: 'auth.signedOut', values: {} };

    const fieldErrors: ChangePasswordState['fieldErrors'] = {};
    if (!current) fieldErrors.currentPassword = ['account.errors.currentRequired'];
    const problems = passwordProblems(next, profile.email);
    if (problems.length > 0)
      fieldErrors.newPassword = problems.map((problem) => `account.password.rules.${problem}`);
    else if (next === current) fieldErrors.newPassword = ['account.errors.samePassword'];
    if (confirm !== next) fieldErrors.confirmPassword = ['account.errors.confirmMismatch'];
    if (Object.keys(fieldErrors).length > 0) {
      return { ok: false, fieldErrors, message: 'account.errors.fix', values: {} };
    }

    const outcome = await changePassword(psuId, current, next);
    if (!outcome.ok) {
      await hitLimit(limit, psuId);
      return {
        ok: false,
        fieldErrors: { currentPassword: ['account.errors.wrongPassword'] },
        message: 'account.errors.fix',
        values: {},
      };
    }
    logger.info({ psuId }, 'password changed');
    return { ok: true, fieldErrors: {}, message: 'account.password.changed', values: {} };
  });
}
