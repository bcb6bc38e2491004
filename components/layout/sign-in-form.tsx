'use client';

import { useActionState } from 'react';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { signInAction } from '@/lib/auth/actions/sign-in';

/**
 * E-mail and password. Its labels come from the page and a refusal in words from the action, in the
 * form's locale, so the sign-in page loads no translations for it.
 */
export function SignInForm({
  returnTo,
  texts,
}: {
  returnTo?: string;
  texts: { email: string; password: string; submit: string };
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(signInAction, null);
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <LocaleField />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {failed?.text && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failed.text}
        </p>
      )}
      <TextField
        label={texts.email}
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={failed?.values?.email ?? ''}
        required
      />
      <TextField
        label={texts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={pending}>
        {texts.submit}
      </Button>
    </form>
  );
}
