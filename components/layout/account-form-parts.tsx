'use client';

import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { type ActionResult, answerInWords, fieldErrorInWords } from '@/lib/actions/result';
import { AnswerNote } from './answer-note';

/** The form-wide message of an account form's answer: an alert for errors, a status for success. */
export function FormMessage({ result }: { result: ActionResult<unknown> | null }) {
  const answer = answerInWords(result, useTranslations(), usePageLocale());
  return answer && <AnswerNote ok={answer.ok} text={answer.text} />;
}

/** Field messages arrive as keys; several may apply at once (a password may break two rules). */
export function useFieldError(result: ActionResult<unknown> | null) {
  const t = useTranslations();
  return (field: string): string | undefined => {
    const keys = result && !result.ok ? result.fieldErrors?.[field] : undefined;
    return keys && keys.length > 0 ? fieldErrorInWords(keys, t) : undefined;
  };
}

/** What the form holds after a failed answer: the value typed into `field`, if it came back. */
export function typedValue(result: ActionResult<unknown> | null, field: string): string | undefined {
  return result && !result.ok ? result.values?.[field] : undefined;
}
