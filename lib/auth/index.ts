import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { psuForOidc } from './accounts';
import { verifyPsuCredentials } from './credentials';
import { OIDC_PROVIDER_ID, oidcPerson, oidcProvider } from './oidc';

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

export { verifyPsuCredentials };
