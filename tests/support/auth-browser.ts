/**
 * A browser, as far as the app's sign-in routes see one: a cookie jar, and requests to next-auth's
 * route handlers (`app/api/auth/[...nextauth]/route.ts`) called in this process as Next.js calls
 * them, with no build and no server. Requests to anything else (an identity provider on loopback)
 * go over real HTTP. The route module is imported on first use, so the caller sets `process.env`
 * first.
 */
// NextRequest writes a loopback address as `localhost`, and next-auth builds its URLs from it.
export const APP_ORIGIN = 'http://localhost:9';

type Route = typeof import('@/app/api/auth/[...nextauth]/route');
let route: Promise<{ handlers: Route; NextRequest: typeof import('next/server').NextRequest }> | undefined;

function load() {
  route ??= Promise.all([import('@/app/api/auth/[...nextauth]/route'), import('next/server')]).then(
    ([handlers, next]) => ({ handlers, NextRequest: next.NextRequest }),
  );
  return route;
}

export interface Answer {
  status: number;
  location: string;
  text: string;
}

export class AuthBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly address = '198.51.100.20') {}

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const split = pair.indexOf('=');
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) ||
          (/^\s*expires=/i.test(attribute) && new Date(attribute.split('=')[1] ?? '') < new Date()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A request to the app's auth routes (a path under /api/auth) or, for a full URL elsewhere, over HTTP. */
  async request(
    target: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
  ): Promise<Answer> {
    const url = new URL(target, APP_ORIGIN);
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    if (url.origin !== APP_ORIGIN) {
      const response = await fetch(url, { method, redirect: 'manual' });
      return {
        status: response.status,
        location: response.headers.get('location') ?? '',
        text: await response.text(),
      };
    }
    const { handlers, NextRequest } = await load();
    const headers = new Headers({ cookie: this.cookieHeader(), 'x-forwarded-for': this.address });
    if (init.form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const request = new NextRequest(url, {
      method,
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    const response = await (method === 'POST' ? handlers.POST : handlers.GET)(request);
    this.keep(response);
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      text: await response.text(),
    };
  }

  async csrfToken(): Promise<string> {
    const answer = await this.request('/api/auth/csrf');
    return (JSON.parse(answer.text) as { csrfToken: string }).csrfToken;
  }

  /** The session next-auth reads from this browser's cookie: the PSU's id, or undefined. */
  async signedInAs(): Promise<string | undefined> {
    const answer = await this.request('/api/auth/session');
    const session = JSON.parse(answer.text || 'null') as { user?: { id?: string } } | null;
    return session?.user?.id;
  }

  /** Signs in with e-mail and password through next-auth's credentials callback, as a script would. */
  async signInWithPassword(email: string, password: string): Promise<Answer> {
    return this.request('/api/auth/callback/credentials', {
      form: { email, password, csrfToken: await this.csrfToken(), callbackUrl: '/en/payments' },
    });
  }

  /**
   * The electronic-ID sign-in from start to end: next-auth's sign-in route sends the browser to the
   * provider, the provider straight back with a code, and the callback route exchanges it. The
   * callback's answer is returned: a redirect to `callbackUrl` with a session, or to the sign-in page.
   */
  async signInWithEid(): Promise<Answer> {
    const start = await this.request('/api/auth/signin/eid', {
      form: { csrfToken: await this.csrfToken(), callbackUrl: '/en/payments' },
    });
    if (start.status !== 302 || !start.location.includes('/authorize')) {
      throw new Error(`The sign-in did not go to the provider: ${start.status} ${start.location}`);
    }
    const atProvider = await this.request(start.location);
    return this.request(atProvider.location);
  }
}
