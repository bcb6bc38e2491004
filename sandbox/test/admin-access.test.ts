import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../src/http/middleware/admin-access.js';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox } from './helpers.js';

const KEY = 'test-admin-key-0123456789';

/** An address of this machine that is not loopback: connecting to it, the peer address is not loopback either. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4-mapped loopback only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '10.0.0.1', '192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '::2'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

// Skipped on a machine with no network interface but loopback: there is no other host to come from.
describe.skipIf(!external)('the admin surface from another host', () => {
  let sandbox: RunningSandbox;
  let port: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ host: '0.0.0.0', adminKey: KEY });
    port = new URL(sandbox.url).port;
  });
  afterAll(() => sandbox.close());

  it('needs X-Sandbox-Admin-Key; forwarding headers do not make a request loopback', async () => {
    const remote = `http://${external}:${port}`;
    const refused = await fetch(`${remote}/sandbox/payments`, {
      headers: { 'X-Forwarded-For': '127.0.0.1' },
    });
    expect(refused.status).toBe(403);
    expect(
      (await fetch(`${remote}/sandbox/payments`, { headers: { 'X-Sandbox-Admin-Key': 'wrong' } })).status,
    ).toBe(403);
    const allowed = await fetch(`${remote}/sandbox/payments`, { headers: { 'X-Sandbox-Admin-Key': KEY } });
    expect(allowed.status).toBe(200);
    // The bank's own interface is not behind the key.
    expect((await fetch(`${remote}/oauth/v2/oauth-token`, { method: 'POST' })).status).toBe(400);
    // Over loopback no key is needed.
    expect((await fetch(`http://127.0.0.1:${port}/sandbox/payments`)).status).toBe(200);
  });

  it('without a configured key answers only loopback', async () => {
    const open = await startTestSandbox({ host: '0.0.0.0' });
    try {
      const openPort = new URL(open.url).port;
      expect((await fetch(`http://${external}:${openPort}/sandbox/health`)).status).toBe(403);
      expect(
        (
          await fetch(`http://${external}:${openPort}/sandbox/health`, {
            headers: { 'X-Sandbox-Admin-Key': '' },
          })
        ).status,
      ).toBe(403);
      expect((await fetch(`http://127.0.0.1:${openPort}/sandbox/health`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

// A web page the developer opens can make their browser send requests to the sandbox on loopback: a form
// or a `fetch` in `no-cors` mode posts `text/plain` without asking first (no CORS preflight), with the
// page's Origin and `Sec-Fetch-Site: cross-site`. The admin surface takes JSON from its own origin only.
describe('the admin surface refuses what a web page of another origin can send', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  /**
   * How far the sandbox clock is ahead of real time, in whole minutes: an advance of an hour shows. The clock
   * is read a moment before its answer is made, so an offset of none is a hair below zero: -0 is 0 here.
   */
  const clock = async () =>
    Math.round(
      ((await (await fetch(`${sandbox.url}/sandbox/clock`)).json()) as { offsetSeconds: number })
        .offsetSeconds / 60,
    ) || 0;
  const faults = async () =>
    ((await (await fetch(`${sandbox.url}/sandbox/faults`)).json()) as { faults: unknown[] }).faults.length;
  const post = (path: string, headers: Record<string, string>, body = '{"seconds": 3600}') =>
    fetch(`${sandbox.url}${path}`, { method: 'POST', headers, body });

  it('a text/plain or form body is refused (415) on a state-changing call, and changes nothing', async () => {
    const before = await clock();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const refused = await post('/sandbox/clock/advance', { 'Content-Type': type });
      expect(refused.status, type).toBe(415);
    }
    const rule = JSON.stringify({ status: 503, path: '/psd2' });
    expect((await post('/sandbox/faults', { 'Content-Type': 'text/plain' }, rule)).status).toBe(415);
    expect(await clock()).toBe(before);
    expect(await faults()).toBe(0);
  });

  it('a request from another origin, or one the browser calls cross-site or same-site, is refused (403)', async () => {
    const before = await clock();
    const json = { 'Content-Type': 'application/json' };
    for (const headers of [
      { ...json, Origin: 'https://attacker.example' },
      { ...json, Origin: 'null' },
      // Another port of the same host is another origin (the app, or any local server).
      { ...json, Origin: `http://127.0.0.1:${Number(new URL(sandbox.url).port) + 1}` },
      { ...json, 'Sec-Fetch-Site': 'cross-site' },
      { ...json, 'Sec-Fetch-Site': 'same-site' },
    ]) {
      expect((await post('/sandbox/clock/advance', headers)).status, JSON.stringify(headers)).toBe(403);
    }
    // Reading is refused to another origin as well: a report is no page's business.
    const read = await fetch(`${sandbox.url}/sandbox/payments`, {
      headers: { Origin: 'https://attacker.example' },
    });
    expect(read.status).toBe(403);
    // Under every admin path, not only /sandbox itself.
    expect(
      (
        await post(
          '/sandbox/decoupled/00000000-0000-0000-0000-000000000000/approve',
          { 'Sec-Fetch-Site': 'cross-site' },
          '',
        )
      ).status,
    ).toBe(403);
    expect(await clock()).toBe(before);
  });

  /** A request over loopback naming `host` in its Host header, as a browser sends it. */
  const asHost = (host: string, method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(sandbox.url);
      const sent = request(
        { host: url.hostname, port: url.port, method, path, headers: { ...headers, Host: host } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end(method === 'POST' ? '{"seconds": 3600}' : undefined);
    });

  it('a page whose own name was rebound to loopback (DNS rebinding) is refused (403), though same-origin for the browser', async () => {
    const before = await clock();
    const port = new URL(sandbox.url).port;
    const host = `rebind.attacker.example:${port}`;
    const json = { 'Content-Type': 'application/json' };
    const sameOrigin = { Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' };
    expect(await asHost(host, 'POST', '/sandbox/clock/advance', { ...json, ...sameOrigin })).toBe(403);
    expect(await asHost(host, 'GET', '/sandbox/payments', { 'Sec-Fetch-Site': 'same-origin' })).toBe(403);
    // A name that merely starts like a loopback address is a name like any other.
    expect(await asHost(`127.0.0.1.attacker.example:${port}`, 'GET', '/sandbox/payments')).toBe(403);
    expect(await clock()).toBe(before);
    // Loopback names stay the sandbox's own: localhost, 127.0.0.0/8, [::1].
    for (const own of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `127.0.0.1`]) {
      expect(await asHost(own, 'GET', '/sandbox/payments'), own).toBe(200);
    }
  });

  it('JSON from a tool (no Origin) or from its own origin is taken; a call without a body needs no type', async () => {
    const own = new URL(sandbox.url).origin;
    expect(
      (await post('/sandbox/clock/advance', { 'Content-Type': 'application/json; charset=utf-8' })).status,
    ).toBe(200);
    expect(
      (
        await post('/sandbox/clock/advance', {
          'Content-Type': 'application/json',
          Origin: own,
          'Sec-Fetch-Site': 'same-origin',
        })
      ).status,
    ).toBe(200);
    expect(
      (await fetch(`${sandbox.url}/sandbox/payments`, { headers: { 'Sec-Fetch-Site': 'none' } })).status,
    ).toBe(200);
    const approve = await fetch(
      `${sandbox.url}/sandbox/decoupled/00000000-0000-0000-0000-000000000000/approve`,
      {
        method: 'POST',
      },
    );
    expect(approve.status).toBe(404);
    expect((await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' })).status).toBe(200);
  });
});
