import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { settings } from '@/lib/config';
import { BankError, BankUnavailableError, parseTppMessages } from './errors';
import { reportBankCall } from './observer';
import { currentBank } from './scope';
import { signingCredentials, signRequest } from './signing';
import { type BankInterface, bankTransport } from './tls';

export interface BankRequest {
  /** Which interface the call is for, and so which client certificate it carries; default `payments`. */
  api?: BankInterface;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs?: number;
  /** The bank's key (`Ocp-Apim-Subscription-Key`); default BANK_SUBSCRIPTION_KEY. */
  subscriptionKey?: string;
  /** Never repeated on a busy answer: the caller has a retry of its own (the webhook event job's). */
  once?: boolean;
  /** The answer's bytes as they came (a challenge image) instead of parsed JSON. */
  binary?: boolean;
  /** Which attempt of the call this is, 0 for the first (lib/bank/retry.ts); told to the call's observers. */
  attempt?: number;
}

export interface BankResponse {
  status: number;
  headers: Headers;
  body: unknown;
  requestId: string;
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/**
 * The one way this app talks to the bank: a fresh `X-Request-ID` per call, the subscription key,
 * a timeout, and non-2xx answers turned into `BankError` with the bank's tppMessages. With the going-live
 * settings (docs/going-live.md) the call goes over mutual TLS with its interface's client certificate,
 * and service calls (not the form posts of the token endpoint) carry Digest, Signature and
 * TPP-Signature-Certificate. Every exchange is told to the observers of lib/bank/observer.ts (the audit
 * trail, metrics and traces the app registers), whatever its outcome.
 */
export async function bankFetch(request: BankRequest): Promise<BankResponse> {
  const startedAt = new Date();
  const started = performance.now();
  const report = (requestId: string, status: number | undefined, fault?: unknown) =>
    reportBankCall({
      bankId: bankInScope(request.api ?? 'payments'),
      api: request.api ?? 'payments',
      method: request.method,
      url: request.url,
      token: request.form !== undefined,
      requestId,
      attempt: request.attempt ?? 0,
      startedAt,
      durationMs: performance.now() - started,
      status,
      codes: fault instanceof BankError ? fault.codes : [],
      failure: fault instanceof BankUnavailableError ? fault.reason : undefined,
    });
  try {
    const response = await exchange(request);
    report(response.requestId, response.status);
    return response;
  } catch (error) {
    // A call that never left (its signing failed) has no request id and is not told.
    if (error instanceof BankError) report(error.requestId, error.status, error);
    else if (error instanceof BankUnavailableError) report(error.requestId, undefined, error);
    throw error;
  }
}

/** The bank of the work in progress (lib/bank/scope.ts), if one can be named without guessing. */
function bankInScope(api: BankInterface): string | undefined {
  try {
    return currentBank(api).id;
  } catch {
    return undefined;
  }
}

/** Whether an answer's body is read as JSON: one said to be JSON, and a token request's sent as text/plain. */
function readsAsJson(contentType: string, request: BankRequest): boolean {
  const type = contentType.toLowerCase();
  return type.includes('json') || (request.form !== undefined && type.startsWith('text/plain'));
}

async function exchange(request: BankRequest): Promise<BankResponse> {
  const { BANK_SUBSCRIPTION_KEY, BANK_TIMEOUT_MS, BANK_SIGN_REQUESTS } = settings();
  const requestId = request.headers?.['X-Request-ID'] ?? randomUUID();
  const headers = new Headers({
    Accept: 'application/json',
    'Ocp-Apim-Subscription-Key': request.subscriptionKey ?? BANK_SUBSCRIPTION_KEY,
  });
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined) headers.set(name, value);
  headers.set('X-Request-ID', requestId);
  let body: string | undefined;
  if (request.form) {
    // A token request: the spec's examples ask for text/plain, and a bank may send its JSON so.
    headers.set('Accept', 'application/json, text/plain');
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  }
  if (BANK_SIGN_REQUESTS && !request.form) signRequest(headers, body ?? '', signingCredentials());
  const transport = bankTransport(request.api);

  // The answer's body too: one cut off or held past the timeout half-way is no answer either.
  let response: Response;
  let bytes: Buffer;
  try {
    response = await transport(request.url, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs ?? BANK_TIMEOUT_MS),
    });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw BankUnavailableError.from(error, requestId);
  }
  // A byte order mark before the JSON, which RFC 8259 (8.1) lets a reader ignore, and JSON.parse does not.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let parsed: unknown = null;
  if (request.binary && response.ok) parsed = bytes;
  else if (text && readsAsJson(response.headers.get('content-type') ?? '', request)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    throw new BankError(
      response.status,
      parseTppMessages(parsed),
      requestId,
      retryAfterSeconds(response.headers),
    );
  }
  return { status: response.status, headers: response.headers, body: parsed, requestId };
}
