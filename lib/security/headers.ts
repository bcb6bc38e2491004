import type { Settings } from '@/lib/config';

/**
 * What the security headers depend on; taken from the settings so that tests can pass their own.
 * `bankUrls`: the payment interface and token URLs of every bank in the directory (lib/bank/directory.ts).
 */
export type HeaderSettings = Pick<Settings, 'NODE_ENV' | 'APP_BASE_URL' | 'OIDC_ISSUER'> & {
  bankUrls: readonly string[];
};

function origin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** A fresh, unguessable nonce for one response's scripts and styles. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64');
}

/**
 * The page CSP. Next.js reads the nonce from this header on the request and puts it on its own
 * scripts; 'strict-dynamic' lets those load the chunks they need and nothing else.
 *
 * `form-action` names every bank of the directory and the OpenID provider too: a sign-in or payment form submitted
 * before the page has hydrated is answered by a redirect there, and Chromium checks form-action
 * along the redirect chain. (Hydrated forms send the browser with `window.location.assign`,
 * which form-action does not govern.)
 *
 * Style attributes stay allowed (`style-src-attr`): the bulk table's virtual rows size spacer cells
 * with them, and an attribute cannot run script. Style elements need the nonce.
 */
export function contentSecurityPolicy(settings: HeaderSettings, nonce: string): string {
  const dev = settings.NODE_ENV === 'development';
  const https = settings.APP_BASE_URL.startsWith('https://');
  const formTargets = new Set(
    [...settings.bankUrls.map(origin), origin(settings.OIDC_ISSUER)].filter(
      (value): value is string => value !== undefined,
    ),
  );
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${[...formTargets].map((target) => ` ${target}`).join('')}`,
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** JSON, CSV and redirects from route handlers render nothing: their CSP allows nothing. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Headers on every response (HSTS comes from the app's server, scripts/app-server.mjs, which sees the
 * static files too). `Referrer-Policy: same-origin` and not `no-referrer`: under no-referrer
 * the browser sends `Origin: null` on same-origin POSTs, and Next.js would then refuse every server
 * action as cross-origin. Nothing of ours is sent to the bank as a referrer either way.
 */
export function securityHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), display-capture=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-DNS-Prefetch-Control': 'off',
  };
}
