import { headers } from 'next/headers';
import NextAuth from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { authLogger, ourFault } from './auth-log';
import { linkRequestOf, sessionsNamedBy } from './browser-session';
import { verifyPsuCredentials } from './credentials';
import { eidSignIn } from './eid-sign-in';
import { verifyIdToken } from './id-token';
import { OIDC_PROVIDER_ID, oidcProvider } from './oidc';
import { endSession, sessionOfRequest, startSession } from './sessions';

declare module 'next-auth' {
  interface Session {
    /** The server-side session this cookie names (lib/auth/sessions.ts). */
    sessionId?: string;
    /** Given to `unstable_update`: this browser moves to a new session, and the one it had ends. */
    rotateSession?: boolean;
  }
}

// The configuration is built per request, so that importing this module (as `next build` does)
// reads no settings and opens no database. `request` is the route handler's; a server action's
// sign-in reads the same headers from Next.js.
export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth((request) => {
  const config = settings();
  const oidc = oidcProvider(config);
  const requestHeaders = async (): Promise<Pick<Headers, 'get'>> => request?.headers ?? (await headers());
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
    logger: authLogger,
    callbacks: {
      // An electronic-ID sign-in counts only with an ID token verified here (lib/auth/id-token.ts):
      // next-auth checks its claims but not its signature. Its claims, not the profile next-auth
      // decoded, say who signed in.
      async signIn({ account, user }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const { OIDC_ISSUER, OIDC_CLIENT_ID } = config;
        if (!OIDC_ISSUER || !OIDC_CLIENT_ID) return false;
        const verified = await verifyIdToken(account.id_token, {
          issuer: OIDC_ISSUER,
          clientId: OIDC_CLIENT_ID,
        });
        if (!verified.ok) {
          logger.warn(
            { reason: verified.reason, ...(verified.claim ? { claim: verified.claim } : {}) },
            'electronic-ID token refused',
          );
          return false;
        }
        return ourFault('electronic-ID sign-in', async () =>
          eidSignIn(verified.claims, user, await linkRequestOf(await requestHeaders())),
        );
      },
      // Called at sign-in with `user`, and on every later read of the session: the cookie holds only
      // as long as its server-side session does. A sign-in ends whatever session this browser had
      // (of this PSU or another). A rotation (after a password change) gives this browser a new
      // session and ends the old one, so a copy of the old cookie is worth nothing.
      async jwt({ token, user, trigger, session }) {
        if (user?.id) {
          const psuId = user.id;
          return ourFault('sign-in', async () => {
            const earlier = await sessionsNamedBy(await requestHeaders());
            await Promise.all(earlier.map((named) => endSession(named.sessionId, 'newSignIn')));
            return { ...token, psuId, sid: await startSession(psuId) };
          });
        }
        if (typeof token.sid !== 'string' || typeof token.psuId !== 'string') return null;
        if ((await sessionOfRequest(token.sid, await requestHeaders())) !== token.psuId) return null;
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
