import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { timedBankCall } from '@/lib/server/server-timing';
import { createAppServer } from '@/scripts/app-server.mjs';
import { serverTimings } from '../support/server-timing';

// The app's server with SERVER_TIMING=1: each response says how long its calls to the bank took and
// how long the rest did. A real HTTP "bank" that answers after a delay stands in for the bank's time.

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const slowBank = () => listen(createServer((_request, response) => setTimeout(() => response.end('ok'), 60)));

describe('Server-Timing', () => {
  it("splits a response's time into the bank's calls and the app's rest", async () => {
    const bank = await slowBank();
    const app = await listen(
      createAppServer(
        async (_request, response) => {
          await timedBankCall(() => fetch(bank).then((answer) => answer.text()));
          await timedBankCall(() => fetch(bank).then((answer) => answer.text()));
          await new Promise((resolve) => setTimeout(resolve, 30));
          response.end('done');
        },
        { serverTiming: true },
      ),
    );
    const answer = await fetch(app);
    const { bank: bankTime, app: appTime } = serverTimings(answer.headers.get('server-timing'));
    expect(bankTime?.dur).toBeGreaterThanOrEqual(115);
    expect(bankTime?.desc).toBe('2 calls');
    expect(appTime?.dur).toBeGreaterThanOrEqual(25);
  });

  it('is not sent unless asked for, and a bank call outside a timed request still answers', async () => {
    const bank = await slowBank();
    const app = await listen(createAppServer((_request, response) => response.end('done')));
    expect((await fetch(app)).headers.get('server-timing')).toBeNull();
    await expect(timedBankCall(() => fetch(bank).then((answer) => answer.text()))).resolves.toBe('ok');
  });
});
