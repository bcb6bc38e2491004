import { Agent, get, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, KEEP_ALIVE_MS } from '@/scripts/app-server.mjs';

// The app's server and a client that keeps connections alive, as a browser or a script's request
// context does: real sockets on loopback.

const agent = new Agent({ keepAlive: true });
let server: ReturnType<typeof createAppServer> | undefined;

afterEach(() => {
  agent.destroy();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function serve(answerAfterMs: number): Promise<number> {
  const listening = createAppServer((_request, response) => {
    setTimeout(() => response.end('ok'), answerAfterMs);
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return (listening.address() as AddressInfo).port;
}

/** A GET on the agent's connection; answers the response once read, and the socket it came on. */
function request(port: number): Promise<{ response: IncomingMessage; socket: Socket }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, agent }, (response) => {
      const socket = response.socket;
      response.resume();
      response.on('end', () => resolve({ response, socket }));
    }).once('error', reject);
  });
}

describe("the app server's keep-alive connections", () => {
  it('are kept idle for a minute, and a client is told so, not the 5 s after which it would reuse a closed socket', async () => {
    const { response } = await request(await serve(0));
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    expect(response.headers.connection).toBe('keep-alive');
    expect(response.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
  });

  it('do not hold a stop open: one busy when the server stops is closed as soon as its answer is sent', async () => {
    const port = await serve(300);
    const answered = request(port);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = new Promise<void>((resolve) => server?.close(() => resolve()));
    const { response, socket } = await answered;
    expect(response.statusCode).toBe(200);
    // The client's socket is ended by the server now; kept alive, it would stay open for a minute.
    await new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.once('close', resolve)));
    await stopped;
  });
});
