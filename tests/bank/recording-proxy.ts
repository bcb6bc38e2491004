import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepConnectionsAlive } from '@/sandbox/src/http/listen';

export interface RecordedCall {
  method: string;
  /** Path and query as the app sent them (before any `/via-link` prefix is taken off). */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status?: number;
  /** When the call arrived, and when its answer was sent or its connection ended (performance.now(), ms). */
  receivedAt: number;
  answeredAt?: number;
}

/** An answer held back (`holdAnswerNext`) until another call arrives or its time is up. */
interface HeldAnswer {
  method: string;
  path: RegExp;
  until: { method: string; path: RegExp };
  atMostMs: number;
  /** The call whose answer is held has come. */
  taken: boolean;
  /** Settles with whether the awaited call came in time. */
  came: Promise<boolean>;
  settle: (came: boolean) => void;
}

export interface CannedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** JSON, or bytes sent as they are (with `headers` saying what they are). */
  body?: unknown;
  /** The call goes to the bank, which does its work; the app gets this answer in place of the bank's. */
  afterBank?: boolean;
}

/**
 * How the proxy hands the bank's `_links` to the app:
 * - `as-given`: untouched (the sandbox's full links, which point at this proxy);
 * - `via-link`: full links under `/via-link/…`, a path only a client that follows the link can know;
 * - `relative`: relative to `{base_url}` (`/api/v1/…`), as the spec allows ("relative or full").
 */
export type LinkMode = 'as-given' | 'via-link' | 'relative';

/**
 * A loopback proxy between the app and the sandbox bank that records every call (method, path,
 * headers, body) and can rewrite the `_links` of the bank's JSON answers, or answer a call itself.
 * The sandbox is started with this proxy as its public URL, so the links it hands out lead back here.
 */
export class RecordingProxy {
  private server: Server | undefined;
  private target: URL | undefined;
  private canned: { method: string; path: RegExp; answer: CannedAnswer }[] = [];
  private reshapers: { method: string; path: RegExp; reshape: (body: unknown) => unknown }[] = [];
  private holds: HeldAnswer[] = [];
  readonly calls: RecordedCall[] = [];
  url = '';
  linkMode: LinkMode = 'as-given';

  async start(): Promise<string> {
    // The app reuses its connections to the bank, here to this proxy in the bank's place: kept as the bank keeps them.
    const server = keepConnectionsAlive(
      createServer((incoming, outgoing) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => this.handle(incoming, Buffer.concat(chunks), outgoing));
      }),
    );
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  forwardTo(target: string): void {
    this.target = new URL(target);
  }

  /**
   * The next call matching `method` and `path` is answered with `answer` and never reaches the bank (unless the
   * answer is given `afterBank`).
   */
  answerNext(method: string, path: RegExp, answer: CannedAnswer): void {
    this.canned.push({ method, path, answer });
  }

  /** Answers given by `answerNext` that no call has met yet are dropped: the next calls go to the bank. */
  dropUnusedAnswers(): void {
    this.canned = [];
  }

  /**
   * The next call matching `method` and `path` goes to the bank, and its JSON answer reaches the app
   * as `reshape` makes it: a member the sandbox never sends, such as a link a real bank may add.
   */
  reshapeNext(method: string, path: RegExp, reshape: (body: unknown) => unknown): void {
    this.reshapers.push({ method, path, reshape });
  }

  /**
   * The answer to the next call matching `method` and `path` (the bank's, or one given by `answerNext`) is held
   * back until a call matching `until` arrives, or `atMostMs` have passed. Resolves to whether that call came while the answer was held: whether
   * the app sent it without waiting for this answer.
   */
  holdAnswerNext(
    method: string,
    path: RegExp,
    until: { method: string; path: RegExp },
    atMostMs: number,
  ): Promise<boolean> {
    let settle: (came: boolean) => void = () => {};
    const came = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    this.holds.push({ method, path, until, atMostMs, taken: false, came, settle });
    return came;
  }

  reset(): void {
    this.calls.length = 0;
    this.canned = [];
    this.reshapers = [];
    this.holds = [];
    this.linkMode = 'as-given';
  }

  /** The recorded calls to the payment interface and the token endpoint (not the admin surface or SCA pages). */
  bankCalls(): RecordedCall[] {
    return this.calls.filter((call) => !call.path.startsWith('/sandbox/') && !call.path.startsWith('/sca/'));
  }

  private handle(incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse) {
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const call: RecordedCall = {
      method,
      path,
      headers: incoming.headers,
      body: body.toString('utf8'),
      receivedAt: performance.now(),
    };
    this.calls.push(call);
    outgoing.on('close', () => {
      call.answeredAt = performance.now();
    });
    // A held answer goes on once the call it waits for arrives (a hold is listed until `reset`).
    for (const held of this.holds) {
      if (held.taken && held.until.method === method && held.until.path.test(path)) held.settle(true);
    }
    const hold = this.holds.find((h) => !h.taken && h.method === method && h.path.test(path));
    if (hold) hold.taken = true;
    const index = this.canned.findIndex((c) => c.method === method && c.path.test(path));
    if (index >= 0) {
      const { answer } = this.canned.splice(index, 1)[0] as { answer: CannedAnswer };
      call.status = answer.status;
      const bytes = Buffer.isBuffer(answer.body);
      const text = answer.body === undefined || bytes ? '' : JSON.stringify(answer.body);
      const send = () =>
        this.sendOnceReleased(hold, () => {
          outgoing.writeHead(answer.status, {
            ...(text ? { 'Content-Type': 'application/json' } : {}),
            ...answer.headers,
          });
          outgoing.end(bytes ? answer.body : text);
        });
      if (answer.afterBank) this.toBank(incoming, body, send, outgoing);
      else send();
      return;
    }
    const reshaperIndex = this.reshapers.findIndex((r) => r.method === method && r.path.test(path));
    const reshape = reshaperIndex >= 0 ? this.reshapers.splice(reshaperIndex, 1)[0]?.reshape : undefined;
    this.toBank(
      incoming,
      body,
      (answer, received) => {
        call.status = answer.statusCode;
        let payload = received;
        const headers = { ...answer.headers };
        if ((answer.headers['content-type'] ?? '').includes('json') && payload.length > 0) {
          let text = payload.toString('utf8');
          if (reshape) text = JSON.stringify(reshape(JSON.parse(text)));
          payload = Buffer.from(this.rewriteLinks(text), 'utf8');
          headers['content-length'] = String(payload.length);
        }
        this.sendOnceReleased(hold, () => {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.end(payload);
        });
      },
      outgoing,
    );
  }

  /** The call sent on to the bank: `done` with its answer and the answer's bytes; no answer drops the client's. */
  private toBank(
    incoming: IncomingMessage,
    body: Buffer,
    done: (answer: IncomingMessage, payload: Buffer) => void,
    outgoing: ServerResponse,
  ): void {
    const target = this.target;
    const path = incoming.url ?? '/';
    if (!target) {
      outgoing.writeHead(502);
      outgoing.end();
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method ?? 'GET',
        path: path.startsWith('/via-link/') ? path.slice('/via-link'.length) : path,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => done(answer, Buffer.concat(parts)));
      },
    );
    upstream.on('error', () => outgoing.destroy());
    upstream.end(body);
  }

  /** Sends an answer, a held one (canned or the bank's) once the call it waits for came or its time is up. */
  private sendOnceReleased(hold: HeldAnswer | undefined, send: () => void): void {
    if (!hold) {
      send();
      return;
    }
    const timer = setTimeout(() => hold.settle(false), hold.atMostMs);
    void hold.came.then(() => {
      clearTimeout(timer);
      send();
    });
  }

  private rewriteLinks(text: string): string {
    if (this.linkMode === 'as-given') return text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    const links = (parsed as { _links?: Record<string, { href?: unknown }> } | null)?._links;
    if (!links) return text;
    const paymentInterface = `${this.url}/psd2/`;
    for (const link of Object.values(links)) {
      if (typeof link?.href !== 'string' || !link.href.startsWith(paymentInterface)) continue;
      const rest = link.href.slice(`${this.url}/psd2`.length);
      link.href = this.linkMode === 'relative' ? rest : `${this.url}/via-link/psd2${rest}`;
    }
    return JSON.stringify(parsed);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
