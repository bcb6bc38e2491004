import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { bankDirectory } from '@/lib/bank/directory';
import { settings } from '@/lib/config';
import { routing } from '@/lib/i18n/routing';
import { LOCALE_COOKIE, LOCALE_HEADER, visitorLocale } from '@/lib/i18n/visitor-locale';
import { metrics } from '@/lib/observability/metrics';
import { isMalformedReply } from '@/lib/security/action-reply';
import { clientAddress } from '@/lib/security/client-address';
import {
  apiContentSecurityPolicy,
  contentSecurityPolicy,
  newNonce,
  securityHeaders,
} from '@/lib/security/headers';
import { type MemoryLimiter, memoryLimiter } from '@/lib/security/memory-limiter';
import { requestIdFrom, requestIdHeader } from '@/lib/security/request-id';

// Locale routing, a request id, security headers and a flood guard on the bank's public callbacks.
// Sessions are not checked here: every page, route and action checks the session itself.
const intl = createMiddleware(routing);

/** The routes the bank (or anyone) may call without a session. */
const PUBLIC_CALLBACKS = /^\/api\/(notifications|webhooks)(\/|$)/;

let publicLimiter: { limit: number; limiter: MemoryLimiter } | undefined;
function publicCallbackLimiter(limit: number): MemoryLimiter {
  if (publicLimiter?.limit !== limit) {
    publicLimiter = { limit, limiter: memoryLimiter({ limit, windowMs: 60_000 }) };
  }
  return publicLimiter.limiter;
}

/**
 * Passes `extra` on to the page or route as request headers, on top of whatever the response
 * already forwards (next-intl forwards its locale this way). Next.js replaces the request's headers
 * with the forwarded list, so the list must hold every header, not only ours.
 */
function forwardRequestHeaders(response: NextResponse, request: NextRequest, extra: Record<string, string>) {
  if (response.headers.has('location')) return; // a redirect: nothing reaches the app
  const listed = response.headers.get('x-middleware-override-headers');
  const names = new Set(listed ? listed.split(',') : []);
  if (!listed) {
    for (const [name, value] of request.headers) {
      response.headers.set(`x-middleware-request-${name}`, value);
      names.add(name);
    }
  }
  for (const [name, value] of Object.entries(extra)) {
    response.headers.set(`x-middleware-request-${name}`, value);
    names.add(name);
  }
  response.headers.set('x-middleware-override-headers', [...names].join(','));
}

/**
 * A POST to a page from another origin: the only POSTs pages take are server actions, whether sent
 * by fetch (with a `Next-Action` header) or by a form before hydration (with an `$ACTION_ID_` field).
 * Next.js refuses cross-origin actions too, but answers 500 (or renders the page) with a stack in
 * the log; refusing here gives the caller a clear 403. A request with no Origin at all is let
 * through, as Next.js does: browsers always send one on POST, so such a request carries no victim's
 * cookies.
 */
function isCrossOriginAction(request: NextRequest, isApi: boolean): boolean {
  if (request.method !== 'POST' || (isApi && !request.headers.has('next-action'))) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return origin === 'null' || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * A server action whose id or body cannot be an action call, or a form sent as multipart form data that cannot be
 * read as such. Next.js decodes an action with React's reply decoder, and reads any multipart POST to a page
 * (the not-found page included) as form data to find the action of a form sent before the page's scripts ran;
 * either throws on malformed input and is answered with a 500, where a 400 says what it is. Next.js hands the
 * proxy a copy of the body, so reading it here costs the action nothing but the parse.
 */
async function isMalformedAction(request: NextRequest): Promise<boolean> {
  if (request.method !== 'POST') return false;
  const id = request.headers.get('next-action');
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  if (id !== null && !/^[0-9a-f]{40,42}$/.test(id)) return true;
  try {
    const form = multipart ? await request.formData() : undefined;
    if (id === null) return false;
    if (form) {
      const root = form.get('0');
      // The encoded call's root is always field "0"; without it the decoder waits for it forever.
      return typeof root !== 'string' || isMalformedReply(root, (part) => form.has(String(part)));
    }
    // A text body is the root alone.
    return isMalformedReply(await request.text(), (part) => part === 0);
  } catch {
    return true;
  }
}

export default async function proxy(request: NextRequest): Promise<NextResponse> {
  const config = settings();
  const requestId = requestIdFrom(request.headers);
  const { pathname } = request.nextUrl;
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  if (isCrossOriginAction(request, isApi)) {
    return finish(
      NextResponse.json({ error: 'cross_origin_action_refused' }, { status: 403 }),
      apiContentSecurityPolicy,
      requestId,
    );
  }
  if (await isMalformedAction(request)) {
    return finish(
      NextResponse.json({ error: 'malformed_action_request' }, { status: 400 }),
      apiContentSecurityPolicy,
      requestId,
    );
  }
  // Files (favicon.ico, robots.txt) and Next's internals skip locale routing, as they always have.
  const isNextInternal = /^\/(_next|_vercel)(\/|$)/.test(pathname);
  const isFile = isNextInternal || /\.[^/]*$/.test(pathname);
  let response: NextResponse;
  let csp: string;
  // The language of the root not-found page for an address outside locale routing, decided only there.
  const outsideLocales = () => ({
    [LOCALE_HEADER]: visitorLocale(
      request.cookies.get(LOCALE_COOKIE)?.value,
      request.headers.get('accept-language'),
    ),
  });

  if (isApi || isNextInternal) {
    csp = apiContentSecurityPolicy;
    if (PUBLIC_CALLBACKS.test(pathname)) {
      const address = clientAddress(request.headers);
      const verdict = publicCallbackLimiter(config.RATE_LIMIT_PUBLIC_PER_MINUTE).hit(address);
      if (!verdict.allowed) {
        metrics().throttleRefusals.inc({ limit: 'public:ip' });
        response = NextResponse.json(
          { error: 'rate_limited', retryAfterSeconds: verdict.retryAfterSeconds },
          { status: 429, headers: { 'Retry-After': String(verdict.retryAfterSeconds) } },
        );
        return finish(response, csp, requestId);
      }
    }
    response = NextResponse.next();
    forwardRequestHeaders(response, request, { [requestIdHeader]: requestId, ...outsideLocales() });
  } else {
    const nonce = newNonce();
    const bankUrls = bankDirectory().flatMap((bank) => [bank.urls.payments, bank.urls.auth]);
    csp = contentSecurityPolicy({ ...config, bankUrls }, nonce);
    // The app's own files (public/: favicon.ico, icons, the manifest) are served as they are; any other
    // address like "/robots.txt" is answered by the root not-found page, which needs the page CSP to load its
    // scripts and styles.
    response = isFile ? NextResponse.next() : intl(request);
    // Next.js finds the nonce in the request's CSP header and puts it on the scripts it renders.
    forwardRequestHeaders(response, request, {
      [requestIdHeader]: requestId,
      'content-security-policy': csp,
      'x-nonce': nonce,
      ...(isFile ? outsideLocales() : {}),
    });
  }
  return finish(response, csp, requestId);
}

function finish(response: NextResponse, csp: string, requestId: string): NextResponse {
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('X-Request-ID', requestId);
  for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files: pages get locale routing and a CSP nonce, route
  // handlers a request id and headers. Addresses with an extension (favicon, robots) skip locale
  // routing and get the page CSP of the root not-found page that answers them.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
