'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { psuAction } from '@/lib/actions/client';
import { failure } from '@/lib/actions/result';
import { unstable_update } from '@/lib/auth';
import { changePassword, findProfile } from '@/lib/auth/accounts';
import { passwordProblems } from '@/lib/auth/password-rules';
import { endSessionsOf } from '@/lib/auth/sessions';
import { logger } from '@/lib/log';
import { hitLimit, limits, minutesToWait } from '@/lib/security/rate-limit';
import { localeField } from './return-to';

const changePasswordSchema = z.object({
  locale: localeField,
  currentPassword: z.string().min(1, 'account.errors.currentRequired').max(1000),
  newPassword: z.string().max(1000, 'account.password.rules.tooLong'),
  confirmPassword: z.string().max(1000),
});

/**
 * Changes the signed-in PSU's password; the current one is required. Each check of it counts against
 * the PSU's limit before bcrypt runs, in one atomic step, so a burst of guesses gets no more checks
 * than the limit.
 */
export const changePasswordAction = psuAction
  .schema(changePasswordSchema, { invalidMessage: 'account.errors.fix' })
  .wordedFormAction<null>(async ({ input, ctx }) => {
    const profile = await findProfile(ctx.psuId);
    if (!profile) return failure('auth.signedOut');
    const { currentPassword, newPassword, confirmPassword } = input;
    const fieldErrors: Record<string, string[]> = {};
    const problems = passwordProblems(newPassword, profile.email);
    if (problems.length > 0) {
      fieldErrors.newPassword = problems.map((problem) => `account.password.rules.${problem}`);
    } else if (newPassword === currentPassword) {
      fieldErrors.newPassword = ['account.errors.samePassword'];
    }
    if (confirmPassword !== newPassword) fieldErrors.confirmPassword = ['account.errors.confirmMismatch'];
    if (Object.keys(fieldErrors).length > 0) return failure('account.errors.fix', { fieldErrors });

    const verdict = await hitLimit(limits().passwordChangePerPsu, ctx.psuId);
    if (!verdict.allowed) {
      return failure('account.errors.throttled', {
        messageValues: { minutes: minutesToWait(verdict.retryAfterSeconds) },
      });
    }
    const outcome = await changePassword(ctx.psuId, currentPassword, newPassword);
    if (!outcome.ok) {
      return failure('account.errors.fix', {
        fieldErrors: { currentPassword: ['account.errors.wrongPassword'] },
      });
    }
    // Whoever else holds a session of this account (a copied cookie, a forgotten device) is out:
    // this browser moves to a new session, and every other one ends, the one it had included.
    const rotated = await unstable_update({ rotateSession: true });
    const ended = await endSessionsOf(ctx.psuId, 'passwordChanged', rotated?.sessionId);
    logger.info({ psuId: ctx.psuId, endedSessions: ended }, 'password changed');
    // A new request, so that the page is rendered with the new session's cookie.
    redirect(`/${input.locale}/account?password=changed`);
  });
