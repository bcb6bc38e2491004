import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/**
 * What every page that is not there says: an unknown address, and a payment or bill of another
 * PSU alike, so that the page gives no hint whether such a thing exists.
 */
export function NotFoundMessage() {
  const t = useTranslations('notFound');
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('text')}</p>
      <p>
        <Link href="/payments" className="text-brand-700 underline underline-offset-2">
          {t('back')}
        </Link>
      </p>
    </div>
  );
}
