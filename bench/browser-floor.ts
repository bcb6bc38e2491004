// The browser's own share of a path, for bench/browser-paths.ts: the same gestures with neither the app nor
// the bank behind them. A page on one loopback origin posts a form to itself, is redirected (303) to a static
// page on another origin, as the bank's page sends the PSU back to us, and that page is drawn. What Chromium
// takes for this (a new document, cross-site, painted) is in every path the benchmark times, whatever the app
// does; printed as a reference beside them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright';
import { drawn } from './browser-timing';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body>${body}</body></html>`;

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** Click → drawn (ms) of a cross-site form post, its redirect and a static page, `rounds` times after a warm-up. */
export async function browserFloor(
  context: BrowserContext,
  clicks: { last(): number },
  rounds: number,
): Promise<number[]> {
  const destination = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(`<main><h1>Payment</h1><p id="drawn">${'Status history. '.repeat(40)}</p></main>`));
  });
  const destinationPort = await listen(destination, '127.0.0.1');
  const origin = createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      response.writeHead(303, { location: `http://localhost:${destinationPort}/payment` }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page('<form method="post"><button type="submit">Approve</button></form>'));
  });
  const originPort = await listen(origin, '127.0.0.1');
  const times: number[] = [];
  try {
    for (let i = 0; i <= rounds; i++) {
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${originPort}/`);
      await tab.getByRole('button', { name: 'Approve' }).click();
      await tab.waitForURL((url) => url.port === String(destinationPort));
      const shown = await drawn(tab, '#drawn');
      if (i > 0) times.push(shown.drawnAt - clicks.last());
      await tab.close();
    }
  } finally {
    destination.close();
    origin.close();
  }
  return times;
}
