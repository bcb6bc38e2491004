'use client';

import { type ReactNode, useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { changePasswordAction } from '@/lib/auth/actions/change-password';
import { AnswerNote } from './answer-note';

/**
 * The signed-in PSU's new password, with the current one and the rules it must meet (`rules`, drawn by
 * the page). Its labels come from the page and its answer in words from the action, in the form's
 * locale, so the account page loads no translations for it.
 */
export function ChangePasswordForm({
  locale,
  texts,
  rules,
}: {
  locale: string;
  texts: { current: string; new: string; confirm: string; submit: string };
  rules: ReactNode;
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(changePasswordAction, null);
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="locale" value={locale} />
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <TextField
        label={texts.current}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={answer?.fields?.currentPassword}
        required
      />
      <TextField
        label={texts.new}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={answer?.fields?.newPassword}
        required
      />
      {rules}
      <TextField
        label={texts.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={answer?.fields?.confirmPassword}
        required
      />
      <Button type="submit" disabled={pending}>
        {texts.submit}
      </Button>
    </form>
  );
}
