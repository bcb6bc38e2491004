import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundMessage } from '@/components/layout/not-found-message';
import { SiteFrame } from '@/components/layout/site-frame';
import { localeOrDefault } from '@/lib/i18n/routing';
import { LOCALE_HEADER } from '@/lib/i18n/visitor-locale';

// Every address that no page answers: under /is/ or /en/ in that language; without a locale
// ("/favicon.ico", "/api/unknown", "/x.txt") in the visitor's language, which proxy.ts decides. Next.js
// renders this page on the server for an address no route matches, where a notFound() called by a page
// sends an empty document that the browser fills in once its scripts have run; the app's server
// (scripts/app-server.mjs, withServerDrawnNotFound) answers a browser with this page instead.

async function requestLocale() {
  return localeOrDefault((await headers()).get(LOCALE_HEADER));
}

export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale();
  const [t, app] = await Promise.all([
    getTranslations({ locale, namespace: 'notFound' }),
    getTranslations({ locale, namespace: 'app' }),
  ]);
  return { title: `${t('title')} · ${app('name')}` };
}

export default async function RootNotFound() {
  const locale = await requestLocale();
  setRequestLocale(locale);
  return (
    <SiteFrame locale={locale}>
      <NotFoundMessage />
    </SiteFrame>
  );
}
