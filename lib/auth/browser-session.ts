import { decode, encode, getToken } from 'next-auth/jwt';
import { settings } from '@/lib/config';
import { touchSession } from './sessions';

/**
 * What a request's cookies say about the browser that sent it: the sessions its session cookie
 * names (a sign-in ends them: lib/auth/index.ts), and whether its PSU asked, on the account page,
 * to link an electronic ID to their account (the only way a kennitala is linked).
 */

/** next-auth's session cookie, under https and under plain http. */
const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

export interface NamedSession {
  psuId: string;
  sessionId: string;
}

/** The sessions this request's session cookies name, whether or not they still hold. */
export async function sessionsNamedBy(headers: Pick<Headers, 'get'>): Promise<NamedSession[]> {
  // Only the cookies: next-auth's reader would take an `Authorization: Bearer` header as well.
  const cookieOnly = new Headers({ cookie: headers.get('cookie') ?? '' });
  const { AUTH_SECRET } = settings();
  const tokens = await Promise.all(
    SESSION_COOKIES.map((name) =>
      getToken({
        req: { headers: cookieOnly },
        secret: AUTH_SECRET,
        cookieName: name,
        salt: name,
        secureCookie: name.startsWith('__Secure-'),
      }),
    ),
  );
  return tokens.flatMap((token) =>
    typeof token?.sid === 'string' && typeof token.psuId === 'string'
      ? [{ psuId: token.psuId, sessionId: token.sid }]
      : [],
  );
}

/** The cookie the account page's confirmed "link my electronic ID" sets for the provider's round trip. */
export const LINK_COOKIE = 'greidsla.eid-link';
const LINK_SECONDS = 10 * 60;

/**
 * The link cookie for this PSU and session: encrypted and signed with AUTH_SECRET (as next-auth's
 * own cookies), good for ten minutes, sent back only to the auth routes.
 */
export async function linkRequestCookie(session: NamedSession) {
  const { AUTH_SECRET, APP_BASE_URL } = settings();
  return {
    name: LINK_COOKIE,
    value: await encode({
      token: { psuId: session.psuId, sid: session.sessionId },
      secret: AUTH_SECRET,
      salt: LINK_COOKIE,
      maxAge: LINK_SECONDS,
    }),
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: APP_BASE_URL.startsWith('https:'),
      path: '/api/auth',
      maxAge: LINK_SECONDS,
    },
  };
}

function cookieValue(headers: Pick<Headers, 'get'>, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const split = part.indexOf('=');
    if (split > 0 && part.slice(0, split).trim() === name) return part.slice(split + 1).trim();
  }
  return undefined;
}

/**
 * The account an electronic-ID sign-in is to be linked to, or null for a plain sign-in: only when
 * this browser carries a link cookie of the last ten minutes, its session cookie names the very
 * session the link was asked from, and that session still holds for the same PSU. A session merely
 * open in the browser links nothing.
 */
export async function linkRequestOf(headers: Pick<Headers, 'get'>): Promise<NamedSession | null> {
  const value = cookieValue(headers, LINK_COOKIE);
  if (!value) return null;
  const request = await decode({ token: value, secret: settings().AUTH_SECRET, salt: LINK_COOKIE }).catch(
    () => null,
  );
  if (typeof request?.psuId !== 'string' || typeof request.sid !== 'string') return null;
  const named = await sessionsNamedBy(headers);
  if (!named.some((s) => s.sessionId === request.sid && s.psuId === request.psuId)) return null;
  if ((await touchSession(request.sid)) !== request.psuId) return null;
  return { psuId: request.psuId, sessionId: request.sid };
}
