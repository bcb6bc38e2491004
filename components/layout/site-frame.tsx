import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { errorPageTexts } from './error-page-texts';
import { FrameProvider } from './frame-context';
import { SiteHeader } from './site-header';

/**
 * The document every page is shown in: the skip link, the header with its language switch, and
 * the main content. Pages under a locale get it from their layout; the not-found page for paths
 * without one uses it too, so that no page of the site is shown outside it.
 */
export async function SiteFrame({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [t, error] = await Promise.all([
    getTranslations({ locale, namespace: 'app' }),
    getTranslations({ locale, namespace: 'errorPage' }),
  ]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
        >
          {t('skipToContent')}
        </a>
        {/* Of the texts only the error page's here; each page gives its own client components theirs (ClientMessages). */}
        <FrameProvider locale={locale} errorTexts={errorPageTexts(error)}>
          <SiteHeader locale={locale} />
          <main id="main" className="mx-auto max-w-4xl px-4 py-8">
            {children}
          </main>
        </FrameProvider>
      </body>
    </html>
  );
}
