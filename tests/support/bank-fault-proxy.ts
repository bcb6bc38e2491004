import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy in front of the sandbox bank that can hold back an answer: the bank does
 * the work, but its answer arrives too late, as on a slow network. `delayNext` applies to the next
 * request whose method and path match.
 */
export class BankFaultProxy {
  private server: Server | undefined;
  private delays: { method: string; path: RegExp; ms: number }[] = [];
  readonly seen: { method: string; path: string }[] = [];

  constructor(private readonly target: string) {}

  delayNext(method: string, path: RegExp, ms: number): void {
    this.delays.push({ method, path, ms });
  }

  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = createServer((incoming: IncomingMessage, outgoing) => {
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      this.seen.push({ method, path });
      const index = this.delays.findIndex((d) => d.method === method && d.path.test(path));
      const delay = index >= 0 ? (this.delays.splice(index, 1)[0]?.ms ?? 0) : 0;
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
            setTimeout(() => {
              if (outgoing.destroyed) return;
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              outgoing.end(Buffer.concat(chunks));
            }, delay);
          });
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo | undefined)?.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
