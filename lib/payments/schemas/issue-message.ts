import type en from '@/messages/validation/en.json';

type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key under `validation` in `messages/validation/{en,is}.json`, e.g. `validation.maxLength`. */
export type ValidationKey = Leaves<(typeof en)['validation'], 'validation.'>;

export type MessageParams = Record<string, string | number>;

export interface ParsedMessage {
  key: ValidationKey;
  params: MessageParams;
}

// A zod issue's `message` is the only field that survives react-hook-form's zodResolver, so the
// parameters travel inside it: `validation.maxLength` or `validation.maxLength|{"max":35}`.
const SEPARATOR = '|';

/** The zod `error` value for a message key with ICU parameters. */
export function issueMessage(key: ValidationKey, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${SEPARATOR}${JSON.stringify(params)}` : key;
}

/** Splits a message made by `issueMessage`; returns undefined for any other text. */
export function parseIssueMessage(message: string): ParsedMessage | undefined {
  if (!message.startsWith('validation.')) return undefined;
  const at = message.indexOf(SEPARATOR);
  if (at === -1) return { key: message as ValidationKey, params: {} };
  try {
    const params: unknown = JSON.parse(message.slice(at + 1));
    if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
    return { key: message.slice(0, at) as ValidationKey, params: params as MessageParams };
  } catch {
    return undefined;
  }
}
