'use client';

import { useActionState } from 'react';
import { LocaleField } from '@/components/layout/locale-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { FormInWords } from '@/lib/actions/result';
import { signInAction } from '@/lib/auth/actions/sign-in';

/**
 * E-mail and password. Its labels come from the page and a refusal in words from the action, in the
 * form's locale, so the sign-in page loads no translations for it. `notice`: what the page came to say (after
 * sign-up, that a message was sent), shown until a sign-in is refused.
 */
export function SignInForm({
  returnTo,
  notice,
  texts,
}: {
  returnTo?: string;
  notice?: string;
  texts: { email: string; password: string; submit: string };
}) {
  const [answer, action, pending] = useActionState<FormInWords | null, FormData>(signInAction, null);
  const failed = answer && !answer.ok ? answer : undefined;
  return (
    <form action={action} className="space-y-4" noValidate>
      <LocaleField />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <SignInAnswer refusal={failed?.text} notice={notice} />
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

/**
 * Above the fields: a refusal, once there is one, in place of the notice the page came with ("we have sent a
 * message" beside "the password is wrong" read as if both were news of this attempt).
 */
export function SignInAnswer({ refusal, notice }: { refusal?: string; notice?: string }) {
  if (refusal)
    return (
      <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {refusal}
      </p>
    );
  if (!notice) return null;
  return (
    <p role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      {notice}
    </p>
  );
}
