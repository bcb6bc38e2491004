'use client';

import { useActionState } from 'react';
import type { ActionResult } from '@/lib/actions/result';
import { signInWithEidAction } from '@/lib/auth/actions/sign-in-oidc';
import { LocaleField } from './locale-field';

/** Sign-in with the electronic-ID service of the settings, below the password form; its texts come from the page. */
export function EidSignInForm({
  returnTo,
  texts,
}: {
  returnTo?: string;
  texts: { or: string; withProvider: string; providerFailed: string };
}) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(signInWithEidAction, null);
  return (
    <form action={action} className="mt-6 border-t border-slate-200 pt-6">
      <LocaleField />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {state && !state.ok && (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {texts.providerFailed}
        </p>
      )}
      <p className="mb-3 text-sm text-slate-600">{texts.or}</p>
      <button
        type="submit"
        disabled={pending}
        className="inline-flex w-full items-center justify-center rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
      >
        {texts.withProvider}
      </button>
    </form>
  );
}
