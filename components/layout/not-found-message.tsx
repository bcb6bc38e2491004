import { getLocale, getTranslations } from 'next-intl/server';
import { localeHref } from '@/lib/i18n/locale-href';

/**
 * What every page that is not there says: an unknown address, and a payment or bill of another
 * PSU alike, so that the page gives no hint whether such a thing exists. Its way back is a plain
 * link in the page's language: an address under no locale has none in its path.
 */
export async function NotFoundMessage() {
  const [t, locale] = await Promise.all([getTranslations('notFound'), getLocale()]);
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('text')}</p>
      <p>
        <a href={localeHref(locale, '/payments')} className="text-brand-700 underline underline-offset-2">
          {t('back')}
        </a>
      </p>
    </div>
  );
}
