'use server';

import { cookies } from 'next/headers';
import { z } from 'zod';
import { psuAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { signIn, signOut } from '@/lib/auth';
import { linkRequestCookie } from '@/lib/auth/browser-session';
import { sendVerificationLink, verifyEmail } from '@/lib/auth/email-verification';
import { OIDC_PROVIDER_ID, oidcAuthorizationParams, oidcProvider } from '@/lib/auth/oidc';
import { endSessionsOf } from '@/lib/auth/sessions';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { limits } from '@/lib/security/rate-limit';
import { localeField } from './return-to';

const localeOnly = z.object({ locale: localeField });

/** Sends a new link to verify the account's e-mail address; a few per hour. */
export const resendVerificationAction = psuAction
  .throttle(({ psuId }) => ({
    limit: limits().verificationMailsPerPsu,
    subject: psuId,
    message: 'account.errors.throttled',
  }))
  .schema(localeOnly)
  .wordedFormAction(async ({ input, ctx }) => {
    await sendVerificationLink(ctx.psuId, input.locale);
    return success(null, 'account.emailSent');
  });

/** Verifies the signed-in account's address with the token of the link it was sent. */
export const verifyEmailAction = psuAction
  .schema(z.object({ token: z.string().min(20).max(100) }), { invalidMessage: 'account.verifyEmail.invalid' })
  .wordedFormAction(async ({ input, ctx }) => {
    const outcome = await verifyEmail(ctx.psuId, input.token);
    logger.info({ psuId: ctx.psuId, outcome }, 'e-mail verification');
    return outcome === 'verified'
      ? success(null, 'account.verifyEmail.done')
      : failure('account.verifyEmail.invalid');
  });

/**
 * Once the PSU confirmed it on their account page: sends the browser to the electronic-ID provider
 * with a link request for this account and this session (lib/auth/browser-session.ts); back here,
 * the verified kennitala of the ID token is linked to this account (lib/auth/eid-sign-in.ts). No
 * other way links one.
 */
export const verifyKennitalaAction = psuAction
  .schema(z.object({ locale: localeField, confirm: z.literal('link') }), {
    invalidMessage: 'account.kennitalaConfirm.needed',
  })
  .wordedFormAction(async ({ input, ctx }) => {
    if (!oidcProvider(settings())) return failure('account.kennitalaUnavailable');
    const request = await linkRequestCookie({ psuId: ctx.psuId, sessionId: ctx.sessionId });
    (await cookies()).set(request.name, request.value, request.options);
    await signIn(
      OIDC_PROVIDER_ID,
      { redirectTo: `/${input.locale}/account` },
      oidcAuthorizationParams(input.locale),
    );
    return success(null);
  });

/** Ends every session of the account, on every device, this one included. */
export const signOutEverywhereAction = psuAction
  .schema(localeOnly)
  .wordedFormAction(async ({ input, ctx }) => {
    const ended = await endSessionsOf(ctx.psuId, 'signOutEverywhere');
    logger.info({ psuId: ctx.psuId, endedSessions: ended }, 'signed out everywhere');
    await signOut({ redirectTo: `/${input.locale}/sign-in` });
    return success(null);
  });
