'use client';

import { useActionState } from 'react';
import type { ActionResult } from '@/lib/actions/result';
import { signOutAction } from '@/lib/auth/actions/sign-out';

/** The header's sign-out button; it works before the page has hydrated too. */
export function SignOutForm({ locale, label }: { locale: string; label: string }) {
  const [, action, pending] = useActionState<ActionResult | null, FormData>(signOutAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="locale" value={locale} />
      <button
        type="submit"
        disabled={pending}
        className="text-sm text-slate-700 underline-offset-4 hover:underline"
      >
        {label}
      </button>
    </form>
  );
}
