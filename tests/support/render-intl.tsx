import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import en from '@/messages/en.json';
import eventsEn from '@/messages/events/en.json';
import eventsIs from '@/messages/events/is.json';
import is from '@/messages/is.json';
import netbankEn from '@/messages/netbank/en.json';
import netbankIs from '@/messages/netbank/is.json';
import storyEn from '@/messages/story/en.json';
import storyIs from '@/messages/story/is.json';

const all = {
  en: { ...en, ...storyEn, ...eventsEn, ...netbankEn },
  is: { ...is, ...storyIs, ...eventsIs, ...netbankIs },
};

/** A component's HTML as a page in this language renders it, with the app's texts of these namespaces. */
export function renderIn(
  locale: 'is' | 'en',
  node: ReactNode,
  namespaces: readonly (keyof (typeof all)['en'])[] = [
    'payment',
    'bank',
    'status',
    'sca',
    'story',
    'bankWords',
  ],
): string {
  const messages = all[locale];
  return renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]))}
      timeZone="Atlantic/Reykjavik"
    >
      {node}
    </NextIntlClientProvider>,
  );
}
