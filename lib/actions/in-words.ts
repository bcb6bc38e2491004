import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localeOrDefault } from '@/lib/i18n/routing';
import { type ActionResult, type AnswerInWords, type AnswerTranslator, answerInWords } from './result';

/** The `locale` an action was called with: a form's field, or an object's property. */
function localeOf(input: unknown) {
  if (input instanceof FormData) return localeOrDefault(input.get('locale'));
  return localeOrDefault(typeof input === 'object' && input !== null ? Reflect.get(input, 'locale') : null);
}

/**
 * An action's answer in the words of the locale it was called with (a form's `locale` field, or an
 * object's), as an account form's message shows it in the browser (components/layout/account-form-parts.tsx,
 * FormMessage), for a form that is to carry no translations there; null when the answer has no message.
 */
export async function inWords(result: ActionResult<unknown>, input: unknown): Promise<AnswerInWords | null> {
  if (!result.message) return null;
  const locale = localeOf(input);
  const messages = (await loadMessages(locale)) as AbstractIntlMessages;
  // Keys come from the action at run time, not from the catalogue's types.
  return answerInWords(result, createTranslator({ locale, messages }) as unknown as AnswerTranslator);
}
