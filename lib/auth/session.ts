import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import { redirect } from '@/lib/i18n/redirect';
import { auth } from './index';

/**
 * The signed-in PSU and the server-side session of this browser, or null. Read once per page drawn (React's
 * `cache`: the header, the page and what they show all ask, and each reading decrypts the cookie and marks the
 * session used in the database); an action or a route handler, outside a React render, reads it afresh each
 * time it asks.
 */
export const currentSession = cache(async (): Promise<{ psuId: string; sessionId: string } | null> => {
  const session = await auth();
  const psuId = session?.user?.id;
  return psuId && session.sessionId ? { psuId, sessionId: session.sessionId } : null;
});

/** The signed-in PSU's id, or null. Every action and route that touches a PSU's data asks this. */
export async function currentPsuId(): Promise<string | null> {
  return (await currentSession())?.psuId ?? null;
}

/** For pages: the signed-in PSU's id, or a redirect to sign-in that comes back here afterwards. */
export async function requirePsuId(returnTo: string): Promise<string> {
  const psuId = await currentPsuId();
  if (psuId) return psuId;
  const locale = await getLocale();
  return redirect({ href: { pathname: '/sign-in', query: { returnTo } }, locale });
}
