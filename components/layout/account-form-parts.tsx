'use client';

import { useTranslations } from 'next-intl';
import { type ActionResult, answerInWords } from '@/lib/actions/result';
import { AnswerNote } from './answer-note';

/** The form-wide message of an account form's answer: an alert for errors, a status for success. */
export function FormMessage({ result }: { result: ActionResult<unknown> | null }) {
  const answer = answerInWords(result, useTranslations());
  return answer && <AnswerNote ok={answer.ok} text={answer.text} />;
}

/** Field messages arrive as keys; several may apply at once (a password may break two rules). */
export function useFieldError(result: ActionResult<unknown> | null) {
  const t = useTranslations();
  return (field: string): string | undefined => {
    const keys = result && !result.ok ? result.fieldErrors?.[field] : undefined;
    return keys && keys.length > 0
      ? keys
          .map((key) => {
            const text = t.has(key) ? t(key) : t('account.errors.invalid');
            // Rule texts complete "A password must:"; as an error they need that start.
            return key.startsWith('account.password.rules.')
              ? `${t('account.password.rulesTitle')} ${text}.`
              : text;
          })
          .join(' ')
      : undefined;
  };
}

/** What the form holds after a failed answer: the value typed into `field`, if it came back. */
export function typedValue(result: ActionResult<unknown> | null, field: string): string | undefined {
  return result && !result.ok ? result.values?.[field] : undefined;
}

export const PASSWORD_RULES = ['tooShort', 'common', 'containsEmail'] as const;

export function PasswordRules({ id }: { id: string }) {
  const t = useTranslations('account.password');
  return (
    <div id={id} className="text-sm text-slate-700">
      <p>{t('rulesTitle')}</p>
      <ul className="ml-5 list-disc">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule}>{t(`rules.${rule}`)}</li>
        ))}
      </ul>
    </div>
  );
}
