import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { withShownNumbers } from '@/lib/format';
import en from '@/messages/validation/en.json';
import is from '@/messages/validation/is.json';
import { type MessageParams, parseIssueMessage, type ValidationKey } from './issue-message';

export type Locale = 'is' | 'en';

/** The validation messages per locale, to merge into the next-intl messages of the app. */
export const validationMessages = { en, is } as const;

const translators = {
  en: createTranslator({ locale: 'en', messages: en as AbstractIntlMessages, onError: () => {} }),
  is: createTranslator({ locale: 'is', messages: is as AbstractIntlMessages, onError: () => {} }),
};

/** True when `key` has a text in `locale` (the translator would otherwise echo the key). */
export function hasValidationMessage(key: string, locale: Locale): boolean {
  let node: unknown = validationMessages[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.length > 0;
}

export function translateKey(key: ValidationKey, params: MessageParams, locale: Locale): string {
  const t = translators[locale] as unknown as (key: string, values?: MessageParams) => string;
  return t(key, withShownNumbers(params, locale));
}

/**
 * Text for a message produced by the payment schemas (an `issueMessage` string, as found in a zod
 * issue or in react-hook-form's `errors.x.message`). Text we did not write never reaches the user:
 * anything else becomes the generic "not valid" message.
 */
export function translateMessage(message: string | undefined, locale: Locale): string {
  const parsed = message === undefined ? undefined : parseIssueMessage(message);
  if (!parsed || !hasValidationMessage(parsed.key, locale))
    return translateKey('validation.invalid', {}, locale);
  return translateKey(parsed.key, parsed.params, locale);
}

/** Text for a zod issue (or anything with a `message`) in the given locale. */
export function translateIssue(issue: { message: string }, locale: Locale): string {
  return translateMessage(issue.message, locale);
}

export interface TranslatedIssue {
  /** Dotted path as react-hook-form names fields, e.g. `payments.3.creditorAccount.iban`. */
  path: string;
  message: string;
}

/** All issues of a failed parse, translated; for the server action's `fieldErrors`. */
export function translateIssues(
  issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }>,
  locale: Locale,
): TranslatedIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: translateIssue(issue, locale),
  }));
}
