import type { NextAuthConfig } from 'next-auth';
import { logger } from '@/lib/log';

/**
 * What next-auth reports, and what our own sign-in code fails at, in our log. Anyone can call the
 * auth routes: a wrong password, a forged or stale cookie, a tampered callback, a provider's refusal
 * or broken answer are the client's or the provider's doing, and are written at warn level as a type
 * and a code, with no stack and no claim (a provider's error carries the person's claims). Error
 * level is for our own faults: a failure inside our callbacks (`ourFault`), or next-auth finding its
 * configuration broken.
 */
const clientOrProvider = new Set([
  'CredentialsSignin',
  'JWTSessionError',
  'SessionTokenError',
  'MissingCSRF',
  'UnknownAction',
  'InvalidCheck',
  'InvalidCallbackUrl',
  'InvalidProvider',
  'OAuthCallbackError',
  'OAuthSignInError',
  'OAuthProfileParseError',
  'CallbackRouteError',
  'AccessDenied',
  'UntrustedHost',
  'Verification',
]);

const reported = new WeakSet<object>();

/** The innermost error next-auth wrapped (it keeps it as `cause.err`). */
function rootOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: { err?: unknown } } | undefined)?.cause;
    const inner = cause && typeof cause === 'object' && 'err' in cause ? cause.err : cause;
    if (!(inner instanceof Error)) return current;
    current = inner;
  }
  return current;
}

/**
 * Runs one of our callbacks: a failure in it is ours, logged at error level once here, and thrown
 * on for next-auth to refuse the sign-in.
 */
export async function ourFault<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    logger.error({ err: error }, `${what} failed`);
    if (error instanceof Object) reported.add(error);
    throw error;
  }
}

/**
 * A token that does not decode or verify (a forged, cut or stale session cookie): jose says so with its code, as
 * the root of whatever next-auth wrapped it in (a sign-out over such a cookie is a SignOutError).
 */
function unreadableToken(root: unknown): boolean {
  const code = (root as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^ERR_(JWE|JWS|JWT|JOSE)_/.test(code);
}

function codeOf(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const code = (error as { code?: unknown }).code;
  return { cause: error.name, ...(typeof code === 'string' ? { code: code.slice(0, 60) } : {}) };
}

export const authLogger: NonNullable<NextAuthConfig['logger']> = {
  error(error) {
    const type = (error as { type?: string }).type ?? error.name;
    const root = rootOf(error);
    if (root instanceof Object && reported.has(root)) return;
    if (clientOrProvider.has(type) || unreadableToken(root)) {
      logger.warn({ type, ...(root === error ? {} : codeOf(root)) }, 'auth request refused');
    } else {
      logger.error({ err: error, type }, 'auth error');
    }
  },
  warn(code) {
    logger.warn({ code }, 'auth warning');
  },
  debug() {},
};
