import { z } from 'zod';
import { ALLOWED_CODES } from '@/contract/error-codes';

// Each tppMessage is read on its own: one without a string code is left out, never the others with it; a missing
// category is an error's (the answer is one), a `path` or `text` out of type is left out of its message.
const messageText = z.string().nullish().catch(undefined);
const tppMessageSchema = z.object({
  category: z.string().catch('ERROR'),
  code: z.string(),
  path: messageText,
  text: messageText,
});
// IOBWS-Claims 3.1 answers its errors as `{ messages: [...] }` (Error400_NG and the others), entries of tppMessages'
// shape under another name.
const messageList = z.array(z.unknown()).nullish().catch(undefined);
const errorBodySchema = z.object({ tppMessages: messageList, messages: messageList });
// The business interfaces and the webhooks service answer errors as problem details (RFC 9457) with
// a stable `code` (the spec shows no error body there); so may a bank speaking IOBWS 3.2 (Error400_PIS and the
// others, `application/problem+json`), which gives any further errors in `additionalErrors`, each with a code of
// its own and `detail` or `title` as its text. An entry out of that shape is left out, never the answer.
const problemText = z.string().nullish().catch(undefined);
const problemEntry = z.object({ code: z.string(), detail: problemText, title: problemText });
const problemSchema = problemEntry.extend({
  additionalErrors: z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((entries) =>
      (entries ?? []).flatMap((entry) => {
        const parsed = problemEntry.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});

export type TppMessage = z.infer<typeof tppMessageSchema>;

/**
 * The errors below are known by their kind, not by the copy of this module that made them: route handlers, server
 * actions and the job workers are bundled apart, each with its own copy of these classes, and an error crosses from
 * one to another through what they share in the process (a token request in flight, ./tokens.ts). With plain
 * `instanceof` a poll that met the job workers' failed token request took the unreachable bank for a fault of its
 * own and answered 500. Each class names its `kind`; an error carries its class's kind and those of the classes
 * above it, under a key of the process's symbol registry (not enumerable, so no log carries it), and `instanceof`
 * asks for the kind of the class it is asked of, never one it inherited.
 */
const KINDS = Symbol.for('greidsla.bank-error-kinds');

function kindsOf(value: unknown): readonly string[] {
  const kinds = typeof value === 'object' && value !== null ? Reflect.get(value, KINDS) : undefined;
  return Array.isArray(kinds) ? kinds : [];
}

abstract class KnownByKind extends Error {
  static readonly kind: string;

  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class `instanceof` is asked of, as often a subclass
    const asked = this as typeof KnownByKind;
    return Object.hasOwn(asked, 'kind') && kindsOf(value).includes(asked.kind);
  }

  constructor(...args: ConstructorParameters<typeof Error>) {
    super(...args);
    const kinds: string[] = [];
    for (let type = new.target; type !== KnownByKind; type = Object.getPrototypeOf(type))
      if (Object.hasOwn(type, 'kind')) kinds.unshift(type.kind);
    Object.defineProperty(this, KINDS, { value: kinds });
  }
}

/** The bank answered, but not with success. `codes` are the tppMessages codes of spec part 7. */
export class BankError extends KnownByKind {
  static override readonly kind: string = 'BankError';
  override name = 'BankError';
  constructor(
    readonly status: number,
    readonly messages: TppMessage[],
    readonly requestId: string,
    readonly retryAfterSeconds?: number,
    /**
     * The answer to a repeat of a call (lib/bank/retry.ts) whose first attempt, with the same Idempotency-Key,
     * got no answer that settled it (lost, timed out, or 408, 429, 5xx): the bank may be carrying it out.
     */
    readonly afterUnsettledAttempt = false,
  ) {
    super(`Bank answered ${status}${messages.length ? ` ${messages.map((m) => m.code).join(',')}` : ''}`);
  }

  /** This answer, as one to a repeat of a call whose first attempt got no answer that settled it. */
  asAfterUnsettledAttempt(): BankError {
    return new BankError(this.status, this.messages, this.requestId, this.retryAfterSeconds, true);
  }

  /** This answer with each message's `path` as `rename` gives it (a dialect's member names as ours). */
  withPaths(rename: (path: string) => string): BankError {
    const messages = this.messages.map((message) =>
      message.path ? { ...message, path: rename(message.path) } : message,
    );
    return new BankError(
      this.status,
      messages,
      this.requestId,
      this.retryAfterSeconds,
      this.afterUnsettledAttempt,
    );
  }

  get codes(): string[] {
    return this.messages.map((message) => message.code);
  }

  has(code: string): boolean {
    return this.codes.includes(code);
  }
}

/** The token endpoint refused or failed our token request: the interface itself was not called. */
export class BankTokenError extends BankError {
  static override readonly kind: string = 'BankTokenError';
  override name = 'BankTokenError';

  static from(error: BankError): BankTokenError {
    return new BankTokenError(error.status, error.messages, error.requestId, error.retryAfterSeconds);
  }
}

/** The bank could not be reached, or did not answer in time; the outcome of the call is unknown. */
export class BankUnavailableError extends KnownByKind {
  static override readonly kind: string = 'BankUnavailableError';
  override name = 'BankUnavailableError';
  constructor(
    readonly reason: 'timeout' | 'network',
    readonly requestId: string,
    options?: { cause?: unknown },
  ) {
    super(`Bank ${reason === 'timeout' ? 'did not answer in time' : 'could not be reached'}`, options);
  }

  /**
   * Whether the connection was refused: the request never left, so the bank has not seen it (a reset or a
   * timeout may have come after the bank had it all).
   */
  get refused(): boolean {
    for (let cause: unknown = this.cause; cause instanceof Error; cause = cause.cause) {
      const errors = cause instanceof AggregateError ? cause.errors : [cause];
      if (errors.some((error) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED')) return true;
    }
    return false;
  }

  /** A call that failed before the bank's whole answer arrived: its timeout ran out, or the connection failed. */
  static from(error: unknown, requestId: string): BankUnavailableError {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return new BankUnavailableError(timedOut ? 'timeout' : 'network', requestId, { cause: error });
  }
}

/** The bank answered 2xx with a body we could not understand. */
export class BankProtocolError extends KnownByKind {
  static override readonly kind: string = 'BankProtocolError';
  override name = 'BankProtocolError';
}

// 401 codes of spec part 7 that say the token itself is not (or no longer) good: expired, unknown to
// the bank (revoked, or the bank restarted), or not valid. The other 401 codes (certificates,
// signatures, subscription key or role, PSU credentials) are not cured by a new token.
const tokenCodes = ['TOKEN_EXPIRED', 'TOKEN_UNKNOWN', 'TOKEN_INVALID'];

/** A 401 that a new token may cure: one of the token codes, or no code at all. */
export function refusesToken(status: number, codes: readonly string[]): boolean {
  return status === 401 && (codes.length === 0 || codes.some((code) => tokenCodes.includes(code)));
}

/**
 * The messages of an error answer: its tppMessages (or IOBWS-Claims 3.1's `messages`), or a problem-details `code`
 * as one message.
 */
export function parseTppMessages(body: unknown): TppMessage[] {
  const parsed = errorBodySchema.safeParse(body);
  const messages = (parsed.data?.tppMessages ?? parsed.data?.messages ?? []).flatMap((entry) => {
    const message = tppMessageSchema.safeParse(entry);
    return message.success ? [message.data] : [];
  });
  if (messages.length > 0) return messages;
  const problem = problemSchema.safeParse(body);
  if (!problem.success) return [];
  const { additionalErrors, ...first } = problem.data;
  return [first, ...additionalErrors].map(({ code, detail, title }) => ({
    category: 'ERROR',
    code,
    text: detail ?? title,
  }));
}

/**
 * What the refused call asked of the bank: to make a payment (`initiation`), which a refusal leaves unmade, or
 * anything else (an authorisation step, a cancellation, a read) of a payment the bank may hold and carry out.
 */
export type BankCallKind = 'initiation' | 'other';

/**
 * The message key we show for a bank error. The bank's own `text` is logged, never shown: it may be
 * in the wrong language or reveal internals. `call` says what was asked: only a refused initiation is told
 * "nothing was paid". An answer's words are those of its code as a payment's record keeps it (`refusalCodeOf`), so
 * that one who reads the refusal from the record later is told what its sender was. A success answer that could not
 * be read is never told as "nothing was paid".
 */
export function bankErrorMessageKey(error: unknown, call: BankCallKind = 'other'): string {
  if (error instanceof BankUnavailableError) return `bank.${error.reason}`;
  if (error instanceof BankError) return refusalMessageKey(refusalCodeOf(error), call);
  // A 2xx we could not read: the bank took the call, and may have done what it asked (made the payment).
  if (error instanceof BankProtocolError) return 'bank.unreadableAnswer';
  return 'bank.unexpected';
}

/**
 * A bank's error answer as a payment's record keeps it (payments.failure_code): the first of its codes that part 7
 * has (one of the bank's own before it is told in the bank's words, lib/payments/view.ts), PAYMENT_FAILED only where
 * no other follows it (BG IG: the initiation failed, "additional information may be provided by the ASPSP", which a
 * further code is: an IOBWS 3.2 problem answer's additionalErrors), else its HTTP status (`HTTP_401`), which then
 * says what the answer refused; `TOKEN_HTTP_400` where it was the token endpoint's answer (`BankTokenError`), the
 * interface never called.
 */
export function refusalCodeOf(error: BankError): string {
  const known = error.codes.filter((code) => knownCodes.has(code));
  const reason = known.find((code) => code !== 'PAYMENT_FAILED') ?? known[0];
  if (reason) return reason;
  return `${error instanceof BankTokenError ? 'TOKEN_' : ''}HTTP_${error.status}`;
}

/** A refusal recorded by its HTTP status (`refusalCodeOf`'s `HTTP_401`, `TOKEN_HTTP_400`), read back. */
function statusRefusal(code: string): { token: boolean; status: number } | undefined {
  const [, token, digits] = /^(TOKEN_)?HTTP_(\d{3})$/.exec(code) ?? [];
  return digits === undefined ? undefined : { token: token !== undefined, status: Number(digits) };
}

/**
 * Whether a refusal without a code of part 7 shut our app out, whatever the PSU's details: the token endpoint
 * refused our token request (RFC 6749 5.2: invalid_client, unauthorized_client, …; a busy or failing one aside), or
 * the interface answered 401 (to our renewed token too, ./client.ts) or 403.
 */
function shutOut({ token, status }: { token: boolean; status: number }): boolean {
  return token ? status < 500 && status !== 408 && status !== 429 : status === 401 || status === 403;
}

/** The message key of an error answer as `refusalCodeOf` records it: `bankErrorMessageKey`'s of the answer. */
export function refusalMessageKey(code: string, call: BankCallKind = 'other'): string {
  if (knownCodes.has(code)) return `bank.code.${code}`;
  const refusal = statusRefusal(code);
  // A code of the bank's own, as a refusal was recorded before its status was.
  if (refusal === undefined) return 'bank.rejected';
  if (shutOut(refusal)) return call === 'initiation' ? 'bank.accessRefusedUnpaid' : 'bank.accessRefused';
  const { status } = refusal;
  // Part 7 gives 405 one code, SERVICE_INVALID: a 405 without it (from a gateway in front of the
  // bank) says the same, that the bank does not take this call, which trying again will not change.
  if (status === 405) return 'bank.code.SERVICE_INVALID';
  // A 404 without a code: the bank does not know what was asked of it. Asked of a payment, it does not know the
  // payment (part 7: RESOURCE_UNKNOWN); asked to make one, it does not know where we asked.
  if (status === 404)
    return call === 'initiation' ? 'bank.unknownRequestUnpaid' : 'bank.code.RESOURCE_UNKNOWN';
  // 406 and 415 (no body, part 7) refuse the form of our request (the media type of the answer we accept, of the
  // body we send), never the PSU's details: trying again with other details would change nothing.
  if (status === 406 || status === 415) return 'bank.notAcceptable';
  if (status === 429) return 'bank.busy';
  if (status === 408) return 'bank.timeout';
  if (status >= 500) return 'bank.down';
  return 'bank.rejected';
}

/**
 * The words of a refused initiation, by the code it is recorded with (`refusalCodeOf`): its sender, a request that
 * waited for it (lib/payments/sending-outcome.ts), its page and its receipt say the same.
 */
export function initiationRefusalKey(failureCode: string | null): string {
  if (failureCode === null) return 'bank.code.PAYMENT_FAILED';
  // A 409 refuses a first sending only (lib/payments/initiation.ts send): part 7 gives it STATUS_INVALID, which of
  // a payment not yet made says the bank will not carry it out.
  if (failureCode === 'HTTP_409' || failureCode === 'STATUS_INVALID') return 'bank.notCompleted';
  return refusalMessageKey(failureCode, 'initiation');
}

/** Part 7's 401 codes of the PSU's own credentials or consent; the others refuse our app's connection. */
const aboutThePsu = new Set([
  'CORPORATE_ID_INVALID',
  'PSU_CREDENTIALS_INVALID',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
]);

/**
 * Part 7's codes that answer the moment, not the payment: a 401's refusing our app's connection (its certificate,
 * signature, role or token), and the currency markets' hours. Their words say to try again later.
 */
const momentCodes = new Set<string>([
  ...ALLOWED_CODES[401].filter((code) => !aboutThePsu.has(code)),
  'MARKETS_CLOSED',
]);

/**
 * Whether a refusal recorded as `code` (`refusalCodeOf`) answered the moment rather than the payment: one of
 * `momentCodes`, or the bank not letting our app in (a 401 or 403 without a code, the token endpoint's refusal).
 * The bank made no payment, and the same one asked again later may be taken.
 */
export function refusedForNow(code: string | null): boolean {
  if (code === null) return false;
  if (momentCodes.has(code)) return true;
  const refusal = statusRefusal(code);
  return refusal !== undefined && shutOut(refusal);
}

// Every code the spec allows in an error answer (part 7); each has a message in Icelandic and English.
const knownCodes = new Set<string>(Object.values(ALLOWED_CODES).flat());

export const bankErrorCodes: ReadonlySet<string> = knownCodes;
