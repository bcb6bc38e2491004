import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env.js';

const LANGUAGE_SWITCH = /<nav class="language"[^>]*>[\s\S]*?<\/nav>/g;

/**
 * A bank whose SCA pages speak one language (banks.ts, `scaPageLanguages`): every page is shown in it, whatever
 * PSU-Accept-Language or a `lang` in the link asked for, and without the switch to another language.
 */
export const singleLanguagePages: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const [only, ...more] = c.get('bank').profile.scaPageLanguages;
  if (!only || more.length > 0) return next();
  if (c.req.method === 'GET' && c.req.query('lang') !== only) {
    const query = new URL(c.req.url).searchParams;
    query.set('lang', only);
    // Relative to the page itself, so the path under which the bank is served is kept.
    return c.redirect(`?${query}`);
  }
  await next();
  if (!(c.res.headers.get('content-type') ?? '').includes('text/html')) return;
  const html = (await c.res.text()).replace(LANGUAGE_SWITCH, '');
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(html, { status: c.res.status, headers });
};
