'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { SubmissionResult } from '@/lib/payments/submission';

/**
 * What every payment form does around its server action: the bank's answer or our field errors
 * beside the fields (the form keeps what the user typed), a message for the whole submission, and
 * a request to move focus to the first invalid field after a failed attempt.
 */
export function usePaymentSubmit<Values extends FieldValues>(setError: UseFormSetError<Values>) {
  const t = useTranslations();
  const [failure, setFailure] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const requestFocus = () => setFocusRequest((n) => n + 1);

  async function submit(action: () => Promise<SubmissionResult>) {
    setFailure(null);
    let result: SubmissionResult;
    try {
      result = await action();
    } catch {
      setFailure(t('forms.common.unexpected'));
      return;
    }
    if (result.ok) {
      window.location.assign(result.redirectTo);
      return;
    }
    for (const fieldError of result.fieldErrors ?? []) {
      setError(fieldError.path as FieldPath<Values>, { message: fieldError.message });
    }
    if (result.messageKey) setFailure(t.has(result.messageKey) ? t(result.messageKey) : t('bank.unexpected'));
    requestFocus();
  }

  return { formRef, failure, focusRequest, requestFocus, submit };
}
