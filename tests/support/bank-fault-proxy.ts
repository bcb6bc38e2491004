import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepConnectionsAlive } from '@/sandbox/src/http/listen';
import type { RunningSandbox } from '@/sandbox/src/server';
import { startTestSandbox } from '@/sandbox/test/helpers';

/** An answer a fault proxy gives in place of the bank's. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** A gateway in front of the bank answering `status` with its own HTML page, as nginx does. */
export function gatewayPage(status: 502 | 503 | 504): Answer {
  return {
    status,
    contentType: 'text/html',
    body: `<html><head><title>${status}</title></head><body><center><h1>${status}</h1></center><hr><center>nginx</center></body></html>`,
  };
}

/**
 * A loopback HTTP proxy in front of the sandbox bank that can hold back an answer, or cut it off: the
 * bank does the work, but its answer arrives too late, as on a slow network, or breaks off half-way, as
 * on a connection lost mid-answer. `delayNext` and `cutNext` apply to the next request whose method and
 * path match.
 *
 * The app follows the `_links` the bank returns, so the sandbox must be started with the proxy's
 * URL as its public URL (`startBehindFaultProxy`), or calls made through links would go around it.
 */
export class BankFaultProxy {
  private server: Server | undefined;
  private faults: {
    method: string;
    path: RegExp;
    ms: number;
    cut?: boolean;
    reset?: boolean;
    answer?: Answer;
  }[] = [];
  readonly seen: { method: string; path: string }[] = [];
  /** Requests the bank has answered, whether or not the answer has been passed on yet. */
  readonly answered: { method: string; path: string }[] = [];

  private target = '';

  /** Where requests go: the sandbox's own URL. */
  forwardTo(target: string): void {
    this.target = target;
  }

  delayNext(method: string, path: RegExp, ms: number): void {
    this.faults.push({ method, path, ms });
  }

  /** The bank's status line, headers and half its body reach the client; then the connection drops. */
  cutNext(method: string, path: RegExp): void {
    this.faults.push({ method, path, ms: 0, cut: true });
  }

  /** The bank does the work; then the connection drops before a byte of its answer reaches the client. */
  resetNext(method: string, path: RegExp): void {
    this.faults.push({ method, path, ms: 0, reset: true });
  }

  /**
   * The bank does the work; the client gets `answer` in place of the bank's (a gateway's HTML error page, a
   * 200 whose body is not JSON).
   */
  reshapeNext(method: string, path: RegExp, answer: Answer): void {
    this.faults.push({ method, path, ms: 0, answer });
  }

  async start(): Promise<string> {
    // The app reuses its connections to the bank, here to this proxy in the bank's place: kept as the bank keeps them.
    this.server = keepConnectionsAlive(
      createServer((incoming: IncomingMessage, outgoing) => {
        const target = new URL(this.target);
        const method = incoming.method ?? 'GET';
        const path = incoming.url ?? '/';
        this.seen.push({ method, path });
        const index = this.faults.findIndex((d) => d.method === method && d.path.test(path));
        const fault = index >= 0 ? this.faults.splice(index, 1)[0] : undefined;
        const upstream = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method,
            path,
            headers: { ...incoming.headers, host: target.host },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              this.answered.push({ method, path });
              setTimeout(() => {
                if (outgoing.destroyed) return;
                if (fault?.reset) return void outgoing.destroy();
                if (fault?.answer) {
                  const { status, contentType, body } = fault.answer;
                  outgoing.writeHead(status, { 'content-type': contentType });
                  return void outgoing.end(body);
                }
                const body = Buffer.concat(chunks);
                // Passed on whole, with its length: a client can tell a cut answer from a short one.
                const headers = { ...answer.headers, 'content-length': String(body.length) };
                delete headers['transfer-encoding'];
                outgoing.writeHead(answer.statusCode ?? 502, headers);
                if (fault?.cut) outgoing.write(body.subarray(0, body.length >> 1), () => outgoing.destroy());
                else outgoing.end(body);
              }, fault?.ms ?? 0);
            });
          },
        );
        upstream.on('error', () => outgoing.destroy());
        incoming.pipe(upstream);
      }),
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo | undefined)?.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** A sandbox bank whose every link leads through a fault proxy; the proxy's URL is the bank's URL. */
export async function startBehindFaultProxy(
  options: Parameters<typeof startTestSandbox>[0] = {},
): Promise<{ sandbox: RunningSandbox; proxy: BankFaultProxy; bankUrl: string }> {
  const proxy = new BankFaultProxy();
  const bankUrl = await proxy.start();
  const sandbox = await startTestSandbox({ ...options, publicUrl: bankUrl });
  proxy.forwardTo(sandbox.url);
  return { sandbox, proxy, bankUrl };
}
