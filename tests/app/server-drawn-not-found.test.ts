import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, pageMatcher, withServerDrawnNotFound } from '@/scripts/app-server.mjs';
import { buildDir } from '@/tests/support/first-load';

// The app's server in front of a stand-in for Next.js on loopback: a page's own 404 (an empty error document,
// as Next.js 16 answers a page's notFound()) is answered with the not-found page that an address no route
// matches gets, drawn in full; everything else passes as the app answered it.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const ERROR_SHELL = '<!DOCTYPE html><html id="__next_error__"><head></head><body></body></html>';
const isPage = (pathname: string) => /^\/(is|en)\/payments\/[^/]+$/.test(pathname);

/** The stand-in: pages under /{locale}/payments/ are 404 but for "mine"; /{locale}/404 is the drawn page. */
function standIn(drawnStatus = 404) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://app');
    response.setHeader('content-security-policy', `script-src 'nonce-${url.pathname}'`);
    response.setHeader('set-cookie', `seen=${url.pathname}`);
    if (/^\/(is|en)\/404$/.test(url.pathname)) {
      response.writeHead(drawnStatus, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<h1>${url.pathname.startsWith('/is') ? 'Síðan fannst ekki' : 'Page not found'}</h1>`);
      return;
    }
    const mine = url.pathname.endsWith('/mine');
    response.statusCode = mine ? 200 : 404;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    // As Next.js's compression does: the body gzipped on its way through write and end.
    response.setHeader('content-encoding', 'gzip');
    response.write(gzipSync(mine ? '<h1>Payment</h1>' : ERROR_SHELL));
    response.end();
  };
}

async function serve(drawnStatus?: number): Promise<string> {
  let origin = '';
  const server = createAppServer(
    withServerDrawnNotFound(standIn(drawnStatus), { isPage, origin: () => origin }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return origin;
}

const asBrowser = { accept: 'text/html,application/xhtml+xml', cookie: 'session=jon' };

describe("a page's 404 to a browser", () => {
  it('is the not-found page drawn in full, in its language, status 404, with that page’s own nonce', async () => {
    const origin = await serve();
    for (const [locale, words] of [
      ['is', 'Síðan fannst ekki'],
      ['en', 'Page not found'],
    ] as const) {
      const answer = await fetch(`${origin}/${locale}/payments/someone-elses`, { headers: asBrowser });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(`<h1>${words}</h1>`);
      expect(answer.headers.get('content-security-policy')).toBe(`script-src 'nonce-/${locale}/404'`);
      // The cookies the page set are the ones sent, not the drawn page's.
      expect(answer.headers.get('set-cookie')).toBe(`seen=/${locale}/payments/someone-elses`);
    }
  });

  it('passes a page that was found, the router’s data of a page, and a route handler as the app answered them', async () => {
    const origin = await serve();
    const found = await fetch(`${origin}/is/payments/mine`, { headers: asBrowser });
    expect([found.status, await found.text()]).toEqual([200, '<h1>Payment</h1>']);
    const data = await fetch(`${origin}/is/payments/someone-elses`, { headers: { ...asBrowser, rsc: '1' } });
    expect([data.status, await data.text()]).toEqual([404, ERROR_SHELL]);
    const route = await fetch(`${origin}/api/payments/someone-elses`, { headers: asBrowser });
    expect([route.status, await route.text()]).toEqual([404, ERROR_SHELL]);
    const script = await fetch(`${origin}/is/payments/someone-elses`, { headers: { accept: '*/*' } });
    expect([script.status, await script.text()]).toEqual([404, ERROR_SHELL]);
  });

  it('is the app’s own answer when the not-found page cannot be had', async () => {
    const origin = await serve(500);
    const answer = await fetch(`${origin}/is/payments/someone-elses`, { headers: asBrowser });
    expect([answer.status, await answer.text()]).toEqual([404, ERROR_SHELL]);
    expect(answer.headers.get('content-security-policy')).toBe(
      "script-src 'nonce-/is/payments/someone-elses'",
    );
  });
});

// The build that `npm test` makes before this runs; without one (Vitest on its own) there is nothing to read.
describe.skipIf(!existsSync(path.join(buildDir(process.cwd()), 'BUILD_ID')))("the build's pages", () => {
  it('are told from route handlers, the framework’s own pages and addresses no route matches', () => {
    const isBuildPage = pageMatcher(buildDir(process.cwd()));
    for (const page of [
      '/is',
      '/en/payments',
      '/is/payments/42',
      '/en/bills/7/pay',
      '/is/payments/42/receipt',
    ])
      expect(isBuildPage(page), page).toBe(true);
    for (const other of ['/is/404', '/api/payments/42', '/api/health', '/_not-found', '/is/payments/42/x/y'])
      expect(isBuildPage(other), other).toBe(false);
  });
});
