import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { checkPassword, psuForOidc } from './accounts';
import { OIDC_PROVIDER_ID, oidcPerson, oidcProvider } from './oidc';
import {
  recordSignInFailure,
  recordSignInSuccess,
  SignInThrottled,
  signInSubjects,
  signInVerdict,
} from './sign-in-throttle';

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(1000) });

/**
 * The credentials check behind every password sign-in, whether it comes through our sign-in action
 * or straight to next-auth's callback route: throttled per e-mail and client address before the
 * password is looked at, and every failure counted.
 */
export async function verifyPsuCredentials(input: unknown, headers: Headers = new Headers()) {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const subjects = signInSubjects(parsed.data.email, headers);
  const verdict = await signInVerdict(subjects);
  if (!verdict.allowed) throw new SignInThrottled(verdict.retryAfterSeconds);
  const psu = await checkPassword(subjects.email, parsed.data.password);
  if (psu) await recordSignInSuccess(subjects);
  else await recordSignInFailure(subjects);
  return psu;
}

// The configuration is built per request, so that importing this module (as `next build` does)
// reads no settings and opens no database.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = settings();
  const oidc = oidcProvider(config);
  return {
    secret: config.AUTH_SECRET,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: (credentials, request) => verifyPsuCredentials(credentials, request.headers),
      }),
      ...(oidc ? [oidc] : []),
    ],
    // next-auth logs every wrong password as an error with a stack; ours says what happened, once.
    logger: {
      error(error) {
        if (error instanceof CredentialsSignin) return;
        logger.error({ err: error, type: (error as { type?: string }).type }, 'auth error');
      },
      warn(code) {
        logger.warn({ code }, 'auth warning');
      },
      debug() {},
    },
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const person =
          profile && config.OIDC_ISSUER
            ? oidcPerson(profile, config.OIDC_ISSUER, config.OIDC_KENNITALA_CLAIM)
            : undefined;
        if (!person) return false;
        const psu = await psuForOidc(person);
        // The jwt callback reads the PSU's id from here.
        user.id = psu.id;
        user.name = psu.name;
        user.email = psu.email;
        return true;
      },
      jwt({ token, user }) {
        if (user?.id) token.psuId = user.id;
        return token;
      },
      session({ session, token }) {
        if (typeof token.psuId === 'string') session.user.id = token.psuId;
        return session;
      },
    },
  };
});
