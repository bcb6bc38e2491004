import { settings } from '@/lib/config';
import { OIDC_PROVIDER_ID, oidcProvider } from './oidc';

/** next-auth's actions that take no provider, and those that take one. */
const PLAIN = new Set(['session', 'csrf', 'providers', 'signout', 'error', 'verify-request']);
const WITH_PROVIDER = new Set(['signin', 'callback']);

/**
 * Whether a path under /api/auth names one of next-auth's actions, and for sign-in and callback
 * one of our providers (`credentials`, and the electronic ID when it is set up).
 */
export function isAuthPath(pathname: string): boolean {
  const match = /^\/api\/auth\/([a-z-]+)(?:\/([a-z]+))?\/?$/.exec(pathname);
  if (!match) return false;
  const [, action = '', provider] = match;
  if (provider === undefined) return PLAIN.has(action) || action === 'signin';
  if (!WITH_PROVIDER.has(action)) return false;
  return (
    provider === 'credentials' || (provider === OIDC_PROVIDER_ID && oidcProvider(settings()) !== undefined)
  );
}
