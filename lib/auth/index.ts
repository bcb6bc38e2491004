import NextAuth from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { verifyPsuCredentials } from './credentials';
import { eidSignIn } from './eid-sign-in';
import { OIDC_PROVIDER_ID, oidcProvider } from './oidc';
import { endSession, startSession, touchSession } from './sessions';

declare module 'next-auth' {
  interface Session {
    /** The server-side session this cookie names (lib/auth/sessions.ts). */
    sessionId?: string;
  }
}

/**
 * next-auth errors a client causes (a wrong password, a forged or stale cookie, a broken callback
 * URL, a provider sign-in cut short): worth a warning, never an error line.
 */
const clientCaused = new Set([
  'CredentialsSignin',
  'JWTSessionError',
  'MissingCSRF',
  'UnknownAction',
  'InvalidCheck',
  'InvalidCallbackUrl',
  'OAuthCallbackError',
  'AccessDenied',
  'UntrustedHost',
]);

// The configuration is built per request, so that importing this module (as `next build` does)
// reads no settings and opens no database.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const config = settings();
  const oidc = oidcProvider(config);
  return {
    secret: config.AUTH_SECRET,
    trustHost: true,
    // The cookie's own life; the server-side session (lib/auth/sessions.ts) decides first.
    session: { strategy: 'jwt', maxAge: config.SESSION_MAX_HOURS * 60 * 60 },
    pages: { signIn: '/sign-in', error: '/sign-in' },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: (credentials, request) => verifyPsuCredentials(credentials, request.headers),
      }),
      ...(oidc ? [oidc] : []),
    ],
    logger: {
      error(error) {
        const type = (error as { type?: string }).type ?? error.name;
        if (clientCaused.has(type)) logger.warn({ type }, 'auth request refused');
        else logger.error({ err: error, type }, 'auth error');
      },
      warn(code) {
        logger.warn({ code }, 'auth warning');
      },
      debug() {},
    },
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        return eidSignIn(profile, user, await auth());
      },
      // Called at sign-in with `user`, and on every later read of the session: the cookie holds only
      // as long as its server-side session does.
      async jwt({ token, user }) {
        if (user?.id) return { ...token, psuId: user.id, sid: await startSession(user.id) };
        if (typeof token.sid !== 'string' || typeof token.psuId !== 'string') return null;
        return (await touchSession(token.sid)) === token.psuId ? token : null;
      },
      session({ session, token }) {
        if (typeof token.psuId === 'string') session.user.id = token.psuId;
        if (typeof token.sid === 'string') session.sessionId = token.sid;
        return session;
      },
    },
    events: {
      async signOut(message) {
        const sid = 'token' in message ? message.token?.sid : undefined;
        if (typeof sid === 'string') await endSession(sid, 'signOut');
      },
    },
  };
});

export { verifyPsuCredentials };
