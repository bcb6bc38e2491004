import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundMessage } from '@/components/layout/not-found-message';
import { SiteFrame } from '@/components/layout/site-frame';
import { LOCALE_COOKIE, visitorLocale } from '@/lib/i18n/visitor-locale';

// An address without a locale that no page answers ("/favicon.ico", "/api/unknown", "/x.txt"):
// the same not-found page, in the site's frame, in the visitor's language.

async function requestLocale() {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return visitorLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
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
