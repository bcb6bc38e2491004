import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';

/**
 * What the payment forms read in the browser: their texts, the schemas' messages, the action client's refusals of
 * a field, and the PSU's accounts, payees and templates. What an action answers about the whole submission (the
 * bank's refusal, a bill already paid) comes back in words (lib/actions/in-words.ts).
 */
export const PAYMENT_FORM_MESSAGES = [
  'forms',
  'validation',
  'security',
  'saved',
  'banks',
  'standingOrderNames',
  'ownAccount',
];

/**
 * The texts for the client components under it: only these top-level namespaces of the page's
 * locale (the layout gives none), so that a page's HTML carries the texts its client components
 * use rather than every text of the app.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly string[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  const picked = Object.fromEntries(
    namespaces.flatMap((namespace) => (namespace in messages ? [[namespace, messages[namespace]]] : [])),
  );
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
