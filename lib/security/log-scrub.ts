/**
 * What the logs must never hold: passwords, hashes, tokens, secrets (an OAuth PKCE verifier among them), full
 * IBANs, kennitölur, e-mail addresses. Keys that name such things lose their value; every other string is scrubbed of
 * anything that looks like one; an error becomes a plain object whose message and stack are
 * scrubbed too, and a failed query keeps its SQL text but never its parameters (a failed insert
 * would otherwise log what it was inserting).
 */

const SECRET_KEY =
  /pass(word|phrase)?|hash|secret|token|verifier|authorization|cookie|kennitala|iban|otp|^params$|^body$|^email$|psuIpAddress/i;

/**
 * Ten digits standing alone, as a kennitala is written (`0101302989`, `010130-2989`, a claim key's
 * `0101302989-0101-66-…`): not a part of a longer number, nor of an id whose hex holds ten digits in a row (a
 * UUID such as `…-4a61-9d9c-301302989011`).
 */
export const KENNITALA = /(?<![0-9A-Za-z])\d{6}-?\d{4}(?![0-9A-Za-z])/g;

const PATTERNS: [RegExp, string | ((match: string) => string)][] = [
  [/\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g, '[hash]'],
  [/whsec_[A-Za-z0-9_-]+/g, '[secret]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [token]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // IBANs (with or without the spaces of their printed form): country and last four stay.
  [
    /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g,
    (iban) => {
      const plain = iban.replace(/ /g, '');
      return `${plain.slice(0, 2)}…${plain.slice(-4)}`;
    },
  ],
  [KENNITALA, '[kennitala]'],
  // What a failed query appends after its SQL.
  [/\nparams: [\s\S]*$/, '\nparams: [redacted]'],
];

export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of PATTERNS) {
    scrubbed = scrubbed.replace(pattern, replacement as string);
  }
  return scrubbed;
}

function scrubError(error: Error, depth: number): Record<string, unknown> {
  const plain: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
    ...(error.stack ? { stack: scrubText(error.stack) } : {}),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'message' && key !== 'stack') plain[key] = scrubField(key, value, depth + 1);
  }
  if (error.cause !== undefined) plain.cause = scrubValue(error.cause, depth + 1);
  return plain;
}

function scrubField(key: string, value: unknown, depth: number): unknown {
  if (SECRET_KEY.test(key) && value !== undefined && value !== null) return '[redacted]';
  return scrubValue(value, depth);
}

/** `value` with every secret and piece of personal data replaced; bounded in depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (value instanceof Error) return scrubError(value, depth);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scrubField(key, item, depth + 1)]),
  );
}
