import { setTimeout as sleep } from 'node:timers/promises';
import { BankError, BankUnavailableError } from './errors';
import { type BankRequest, type BankResponse, bankFetch } from './http';

// At most this many extra attempts, and never a wait longer than this: past it, the PSU is better
// told "try again" than kept waiting.
const maxRetries = 2;
const maxWaitSeconds = 5;

/**
 * A call that may safely be repeated: reads and cancellations (idempotent by HTTP), token requests
 * (no side effect), and anything carrying an Idempotency-Key (the bank answers a repeat with the first
 * result). A plain POST or PUT is never repeated behind the PSU's back, nor a call marked `once`.
 */
function repeatable(request: BankRequest): boolean {
  if (request.once) return false;
  return (
    request.method === 'GET' ||
    request.method === 'DELETE' ||
    request.form !== undefined ||
    request.headers?.['Idempotency-Key'] !== undefined
  );
}

/**
 * Answers that say "not now" rather than "no": 429 and 503 (busy), 408 (the bank gave up waiting for
 * the request). And 409 to a call with an Idempotency-Key: ÍST TS 316 answers so while the first call
 * with that key has not completed, and recommends sending it again with the same key. And no answer at
 * all, where the connection failed.
 */
function transient(error: unknown, request: BankRequest): error is BankError | BankUnavailableError {
  // The connection was lost before any answer: refused, or reset (a kept-alive connection the bank had
  // just closed). A call that may be repeated is sent again, as a browser does. A timeout is not: the
  // PSU has waited long enough, and it is told (the call with an Idempotency-Key may be sent again).
  if (error instanceof BankUnavailableError) return error.reason === 'network';
  if (!(error instanceof BankError)) return false;
  if (error.status === 429 || error.status === 503 || error.status === 408) return true;
  return error.status === 409 && request.headers?.['Idempotency-Key'] !== undefined;
}

/**
 * Where the bank said "not before" for longer than a PSU waits (Retry-After on a 429 or 503, RFC 9110 10.2.3) to a
 * read: by the resource's address (one payment's status, say), until when, and what it answered. Another read of
 * it meanwhile (the open page asking every few seconds) gets that answer again without being sent; at most a
 * quarter of an hour is kept. A call that makes or changes something is never held: its address (the initiation
 * endpoint) is every PSU's, and one PSU's answer is not another's; a lost initiation's resend waits for the
 * Retry-After of its own (lib/payments/status-checks.ts). For the same reason the address is taken whole, query
 * and all: the claims list's path is every payor's, and its query (`payorId`) says whose list it is.
 */
const holds = new Map<string, { until: number; error: BankError }>();
const maxHoldSeconds = 15 * 60;

function heldAnswer(request: BankRequest): BankError | undefined {
  const hold = holds.get(request.url);
  if (!hold) return undefined;
  const left = Math.ceil((hold.until - Date.now()) / 1000);
  if (left > 0) return new BankError(hold.error.status, hold.error.messages, hold.error.requestId, left);
  holds.delete(request.url);
  return undefined;
}

function hold(request: BankRequest, error: BankError, seconds: number): void {
  holds.set(request.url, { until: Date.now() + Math.min(seconds, maxHoldSeconds) * 1000, error });
}

/**
 * `bankFetch`, with transient answers (and lost connections) retried after the bank's Retry-After (or a
 * short backoff) where safe; a Retry-After longer than that is kept to (`holds`).
 */
export async function bankFetchWithRetry(request: BankRequest): Promise<BankResponse> {
  const held = heldAnswer(request);
  if (held) throw held;
  // Whether the first attempt was answered with a 409: the repeats' 409s then say the same (ÍST TS 316 answers
  // a key whose call failed with that call's error). After any other first failure, the bank may have begun it.
  let first409 = false;
  for (let attempt = 0; ; attempt++) {
    try {
      // Each attempt is a new call with its own X-Request-ID.
      return await bankFetch({
        ...request,
        headers: { ...request.headers, 'X-Request-ID': undefined },
        attempt,
      });
    } catch (caught) {
      if (attempt === 0) first409 = caught instanceof BankError && caught.status === 409;
      const error =
        caught instanceof BankError && attempt > 0 && !first409 ? caught.asAfterUnsettledAttempt() : caught;
      if (!transient(error, request) || attempt >= maxRetries || !repeatable(request)) throw error;
      const wait = (error instanceof BankError ? error.retryAfterSeconds : undefined) ?? 0.25 * 4 ** attempt;
      if (wait > maxWaitSeconds) {
        if (request.method === 'GET' && error instanceof BankError && [429, 503].includes(error.status))
          hold(request, error, wait);
        throw error;
      }
      await sleep(wait * 1000);
    }
  }
}
