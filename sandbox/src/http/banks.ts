import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Bank } from '../bank.js';
import { createApp } from './app.js';
import { iobwsFace } from './dialects/iobws-face.js';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

const ROOT_RELATIVE_ATTRIBUTE = /(\s(?:href|action|formaction|src)=")\/(?!\/)/g;

/**
 * A bank's answer as seen from under `prefix`: what its pages and redirects address from the root (`/sca/…`, a
 * cookie for `/sca`) is addressed under the prefix, as a reverse proxy with a path prefix would rewrite it.
 */
async function underPrefix(response: Response, prefix: string): Promise<Response> {
  const headers = new Headers(response.headers);
  const location = headers.get('location');
  if (location?.startsWith('/') && !location.startsWith('//'))
    headers.set('location', `${prefix}${location}`);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    headers.delete('set-cookie');
    for (const cookie of cookies)
      headers.append('set-cookie', cookie.replace(/;\s*Path=\//i, `; Path=${prefix}/`));
  }
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!(headers.get('content-type') ?? '').includes('text/html')) return new Response(response.body, init);
  headers.delete('content-length');
  return new Response((await response.text()).replace(ROOT_RELATIVE_ATTRIBUTE, `$1${prefix}/`), init);
}

/**
 * The HTTP face of every bank of the process: the first at the root, every other one under its own path
 * (`/banks/{id}`), which its routes never see: each bank's app answers as if it stood alone.
 */
export function serveBanks(
  banks: readonly { path: string; bank: Bank }[],
  log: (message: string, error?: unknown) => void,
): Fetch {
  // A bank that speaks IOBWS 3.2 answers through its face, in that dialect (dialects/iobws-face.ts).
  const [root, ...others] = banks.map(({ path, bank }) => {
    const app = createApp(bank, log);
    return { path, fetch: bank.profile.dialect === 'iobws-3.2' ? iobwsFace(app.fetch, bank) : app.fetch };
  });
  if (!root) throw new Error('no bank to serve');
  if (others.length === 0) return root.fetch;
  // Hono's mount asks each request for its ExecutionContext, which Node's server has none of, and builds (and
  // throws away) an error for it; here it is handed the Node server's env alone.
  const router = new Hono();
  for (const { path, fetch } of others) {
    router.mount(
      path,
      async (request: Request, env: unknown) => underPrefix(await fetch(request, env), path),
      {
        optionHandler: (c) => c.env,
      },
    );
  }
  // The root bank's requests, nearly all of them, go to its app directly, without a second router in front.
  // The path as Hono's routers read it (percent-decoded), so that a request goes where the router would send it.
  const underOther = (request: Request) => {
    const pathname = getPath(request);
    return others.some(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  };
  return (request, env) => (underOther(request) ? router.fetch(request, env) : root.fetch(request, env));
}
