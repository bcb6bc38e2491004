'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/actions/result';
import { signOutAction } from '@/lib/auth/actions/sign-out';

/**
 * A sign-out button: the header's (a link-like one), or a plain button on the sign-in page when
 * someone is signed in already. It works before the page has hydrated too.
 */
export function SignOutForm({
  locale,
  label,
  variant = 'link',
}: {
  locale: string;
  label: string;
  variant?: 'link' | 'button';
}) {
  const [, action, pending] = useActionState<ActionResult | null, FormData>(signOutAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="locale" value={locale} />
      {variant === 'button' ? (
        <Button type="submit" disabled={pending}>
          {label}
        </Button>
      ) : (
        <button
          type="submit"
          disabled={pending}
          className="text-sm text-slate-700 underline-offset-4 hover:underline"
        >
          {label}
        </button>
      )}
    </form>
  );
}
