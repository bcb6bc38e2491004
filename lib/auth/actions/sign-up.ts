'use server';

import { headers } from 'next/headers';
import { AuthError } from 'next-auth';
import { signIn } from '@/lib/auth';
import { createPsu } from '@/lib/auth/accounts';
import { passwordProblems, signUpSchema } from '@/lib/auth/password-rules';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { checkKennitala, normalizeKennitala } from '@/lib/payments/accounts';
import { clientAddress } from '@/lib/security/client-address';
import { hitLimit, limits, minutesToWait } from '@/lib/security/rate-limit';
import { inActionRequest } from '@/lib/security/request-context';
import { type AccountFormState, field } from './form-state';
import { safeReturnTo } from './return-to';

export type SignUpField = 'email' | 'displayName' | 'kennitala' | 'password';
export type SignUpState = AccountFormState<SignUpField>;

/** Creates a PSU with a password, then signs them in. */
export async function signUp(_previous: unknown, form: unknown): Promise<SignUpState> {
  return inActionRequest(async () => {
    if (!(form instanceof FormData))
      return { ok: false, fieldErrors: {}, message: 'account.errors.invalid', values: {} };
    const values = {
      email: field(form, 'email', 300).trim(),
      displayName: field(form, 'displayName', 200),
      kennitala: field(form, 'kennitala', 50),
    };
    const password = field(form, 'password');
    const locale = form.get('locale') === 'en' ? 'en' : 'is';
    const fail = (
      fieldErrors: SignUpState['fieldErrors'],
      message?: string,
      messageValues?: Record<string, number>,
    ) => ({
      ok: false,
      fieldErrors,
      values,
      ...(message ? { message } : {}),
      ...(messageValues ? { messageValues } : {}),
    });

    const address = clientAddress(await headers(), settings().TRUSTED_PROXY_COUNT);
    const verdict = await hitLimit(limits().signUpPerAddress, address);
    if (!verdict.allowed) {
      return fail({}, 'account.errors.throttled', { minutes: minutesToWait(verdict.retryAfterSeconds) });
    }

    const parsed = signUpSchema.safeParse({ ...values, password });
    const fieldErrors: SignUpState['fieldErrors'] = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as SignUpField;
        fieldErrors[name] = [...(fieldErrors[name] ?? []), issue.message];
      }
    }
    const problems = passwordProblems(password, values.email);
    if (problems.length > 0) {
      fieldErrors.password = problems.map((problem) => `account.password.rules.${problem}`);
    }
    let kennitala: string | undefined;
    if (values.kennitala.trim()) {
      // A wrong check digit is only a warning (the form shows it): kennitölur from 2026 may have none.
      kennitala =
        checkKennitala(values.kennitala) === 'malformed' ? undefined : normalizeKennitala(values.kennitala);
      if (!kennitala) fieldErrors.kennitala = ['account.errors.kennitala'];
    }
    if (!parsed.success || Object.keys(fieldErrors).length > 0)
      return fail(fieldErrors, 'account.errors.fix');

    const created = await createPsu({
      email: parsed.data.email,
      displayName: parsed.data.displayName,
      password,
      ...(kennitala ? { kennitala } : {}),
    });
    if (!created.ok) return fail({ email: ['account.errors.emailTaken'] }, 'account.errors.fix');
    logger.info({ psuId: created.psu.id }, 'PSU signed up');

    try {
      await signIn('credentials', {
        email: created.psu.email,
        password,
        redirectTo: safeReturnTo(form.get('returnTo'), locale),
      });
    } catch (error) {
      if (error instanceof AuthError)
        return { ok: true, fieldErrors: {}, values, message: 'account.signUp.signInNow' };
      throw error;
    }
    return { ok: true, fieldErrors: {}, values };
  });
}
