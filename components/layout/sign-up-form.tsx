'use client';

import { type ReactNode, useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { signUpAction } from '@/lib/auth/actions/sign-up';
import { AnswerNote } from './answer-note';
import { LocaleField } from './locale-field';

/**
 * A new account: e-mail, name and password, with the password's rules (`rules`, drawn by the page).
 * Its labels come from the page and its answer in words from the action, in the form's locale, so the
 * sign-up page loads no translations for it.
 */
export function SignUpForm({
  returnTo,
  texts,
  rules,
}: {
  returnTo?: string;
  texts: { email: string; displayName: string; password: string; submit: string };
  rules: ReactNode;
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(signUpAction, null);
  return (
    <form action={action} className="space-y-4" noValidate>
      <LocaleField />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {answer?.text && <AnswerNote ok={answer.ok} text={answer.text} />}
      <TextField
        label={texts.email}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={answer?.values?.email}
        error={answer?.fields?.email}
        required
      />
      <TextField
        label={texts.displayName}
        name="displayName"
        autoComplete="name"
        defaultValue={answer?.values?.displayName}
        error={answer?.fields?.displayName}
        required
      />
      <TextField
        label={texts.password}
        name="password"
        type="password"
        autoComplete="new-password"
        error={answer?.fields?.password}
        required
      />
      {rules}
      <Button type="submit" disabled={pending}>
        {texts.submit}
      </Button>
    </form>
  );
}
