import { type AbstractIntlMessages, createTranslator } from 'use-intl/core';
import { loadMessages } from '@/lib/i18n/messages';
import { localeOrDefault } from '@/lib/i18n/routing';
import {
  type ActionResult,
  type AnswerInWords,
  type AnswerTranslator,
  answerInWords,
  type FormInWords,
  fieldErrorInWords,
} from './result';

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
  return answerInWords(result, await translatorFor(input), localeOf(input));
}

/**
 * A form action's whole answer in the words of the form's locale: its message, each field's errors (as an
 * account form's fields show them in the browser, components/layout/account-form-parts.tsx), and what was
 * typed; a success keeps what it gave back, unless that is nothing (null).
 */
export async function formInWords<Data>(
  result: ActionResult<Data>,
  form: unknown,
): Promise<FormInWords<Data>> {
  const t = await translatorFor(form);
  const text = answerInWords(result, t, localeOf(form))?.text;
  if (result.ok) {
    return { ok: true, ...(result.data === null ? {} : { data: result.data }), ...(text ? { text } : {}) };
  }
  const fields = Object.fromEntries(
    Object.entries(result.fieldErrors ?? {})
      .filter(([, keys]) => keys.length > 0)
      .map(([field, keys]) => [field, fieldErrorInWords(keys, t)]),
  );
  return {
    ok: false,
    ...(text ? { text } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    ...(result.values ? { values: result.values } : {}),
  };
}

async function translatorFor(input: unknown): Promise<AnswerTranslator> {
  const locale = localeOf(input);
  const messages = (await loadMessages(locale)) as AbstractIntlMessages;
  // Keys come from the action at run time, not from the catalogue's types.
  return createTranslator({ locale, messages }) as unknown as AnswerTranslator;
}
