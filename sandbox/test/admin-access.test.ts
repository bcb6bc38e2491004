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
