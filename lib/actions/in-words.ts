import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localeOrDefault } from '@/lib/i18n/routing';
import { type ActionResult, type AnswerInWords, type AnswerTranslator, answerInWords } from './result';

/**
 * An action's answer in the words of the form's locale (its `locale` field), as an account form's message shows
 * it in the browser (components/layout/account-form-parts.tsx, FormMessage), for a form that is to carry no
 * translations there; null when the answer has no message.
 */
export async function inWords(result: ActionResult<unknown>, form: unknown): Promise<AnswerInWords | null> {
  if (!result.message) return null;
  const locale = localeOrDefault(form instanceof FormData ? form.get('locale') : null);
  const messages = (await loadMessages(locale)) as AbstractIntlMessages;
  // Keys come from the action at run time, not from the catalogue's types.
  return answerInWords(result, createTranslator({ locale, messages }) as unknown as AnswerTranslator);
}
