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
    /** Given to `unstable_update`: this browser moves to a new session, and the one it had ends. */
    rotateSession?: boolean;
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
export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => {
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
      // as long as its server-side session does. A rotation (after a password change) gives this
      // browser a new session and ends the old one, so a copy of the old cookie is worth nothing.
      async jwt({ token, user, trigger, session }) {
        if (user?.id) return { ...token, psuId: user.id, sid: await startSession(user.id) };
        if (typeof token.sid !== 'string' || typeof token.psuId !== 'string') return null;
        if ((await touchSession(token.sid)) !== token.psuId) return null;
        if (
          trigger !== 'update' ||
          (session as { rotateSession?: unknown } | undefined)?.rotateSession !== true
        ) {
          return token;
        }
        const sid = await startSession(token.psuId);
        await endSession(token.sid, 'rotated');
        return { ...token, sid };
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
