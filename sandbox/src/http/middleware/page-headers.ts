import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';

/**
 * The bank's own pages (SCA, electronic-ID sign-in) must not be framed (clickjacking) and load nothing from
 * elsewhere. No form-action directive: browsers apply it to the 303 that follows a form post, which goes to the
 * TPP or the identity provider's client.
 */
export const pageHeaders: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  c.res.headers.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
};
