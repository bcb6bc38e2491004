import { withShownNumbers } from '@/lib/format/number';
import type { Locale } from '@/lib/i18n/routing';

/**
 * What every server action answers: a value, or what went wrong as message keys that the page
 * turns into the user's language. Expected failures (a wrong password, a refused payment, a field
 * to fix) come back this way; only the unexpected is thrown.
 */
export type ActionResult<Data = null> = ActionSuccess<Data> | ActionFailure;

export interface ActionSuccess<Data> {
  ok: true;
  data: Data;
  /** A message key to confirm what was done, e.g. `account.password.changed`. */
  message?: string;
  /** Values of the message, e.g. `{ count: 3 }`, or words the action chose in the caller's language. */
  messageValues?: Record<string, number | string>;
}

export interface ActionFailure {
  ok: false;
  /** A message key for the whole form, e.g. `account.errors.throttled`. */
  message?: string;
  /** A second message key, the cause behind `message` (the bank's answer behind what it meant for the PSU). */
  reason?: string;
  /** Values of the message, e.g. `{ minutes: 15 }`. */
  messageValues?: Record<string, number>;
  /** Message keys per field, by the field's dotted path (`payment.creditorAccount.iban`). */
  fieldErrors?: Record<string, string[]>;
  /** What was typed, never a password, so that a form sent before the page hydrated keeps it. */
  values?: Record<string, string>;
}

export function success<Data>(
  data: Data,
  message?: string,
  messageValues?: Record<string, number | string>,
): ActionSuccess<Data> {
  if (!message) return { ok: true, data };
  return messageValues ? { ok: true, data, message, messageValues } : { ok: true, data, message };
}

export function failure(message?: string, more: Omit<ActionFailure, 'ok' | 'message'> = {}): ActionFailure {
  return { ok: false, ...(message ? { message } : {}), ...more };
}

/** An action's answer as the PSU reads it: whether it was done, and what the page says of it. */
export type AnswerInWords = { ok: boolean; text: string };

/**
 * A form action's answer in words (`wordedFormAction`, lib/actions/client.ts): the message, each field's
 * errors, and what was typed, for a form whose page carries no translations.
 */
export type FormInWords<Data = unknown> = {
  ok: boolean;
  text?: string;
  /** What a success gave back, where it gave anything (the choice just saved). */
  data?: Data;
  /** Each field's errors in words, by the field's dotted path. */
  fields?: Record<string, string>;
  /** What was typed, as `ActionFailure.values`, so that a form sent before the page hydrated keeps it. */
  values?: Record<string, string>;
};

/**
 * An action's answer with its message in words (`text`, in the locale it was called with), for a
 * control whose page carries no translations (the cancel button of a list of payments).
 */
export type WordedResult<Data> = ActionResult<Data> & { text?: string };

/** A translator of the app's texts, as next-intl gives one on the server and in the browser. */
export type AnswerTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * A field's error keys in the words of `t`, one sentence after another (a password may break two rules);
 * a key the texts lack says "not valid".
 */
export function fieldErrorInWords(keys: readonly string[], t: AnswerTranslator): string {
  const text = (key: string) => (t.has(key) ? t(key) : t('account.errors.invalid'));
  // Rule texts complete "A password must:"; as an error they need that start, once for all the rules broken.
  const isRule = (key: string) => key.startsWith('account.password.rules.');
  const rules = keys.filter(isRule).map(text);
  return [
    ...keys.filter((key) => !isRule(key)).map(text),
    ...(rules.length > 0 ? [`${t('account.password.rulesTitle')} ${rules.join('; ')}.`] : []),
  ].join(' ');
}

/**
 * An answer's message in the words of `t`: its key with its values (each number also written the way of
 * `locale`), then a failure's reason after it (the bank's answer behind what it meant for the PSU), or the account
 * forms' "not valid" for a key the texts lack, so that no text we did not write reaches the PSU; null when the
 * answer has no message.
 */
export function answerInWords(
  result: ActionResult<unknown> | null,
  t: AnswerTranslator,
  locale: Locale,
): AnswerInWords | null {
  if (!result?.message) return null;
  const values = result.messageValues ? withShownNumbers(result.messageValues, locale) : undefined;
  const say = (key: string, given?: Record<string, string | number>) =>
    t.has(key) ? t(key, given) : t('account.errors.invalid');
  const reason = result.ok || !result.reason ? '' : ` ${say(result.reason)}`;
  return { ok: result.ok, text: `${say(result.message, values)}${reason}` };
}
