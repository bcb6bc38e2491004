import { getTranslations, setRequestLocale } from 'next-intl/server';
import { requirePsuId } from '@/lib/auth/session';
import { Link } from '@/lib/i18n/navigation';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'forms.chooser' }))('title') };
}

const KINDS = ['single', 'periodic', 'bulk'] as const;

export default async function NewPaymentPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePsuId('/payments/new');
  const [t, tt] = await Promise.all([getTranslations('forms.chooser'), getTranslations('paymentTemplates')]);
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro')}</p>
      <ul className="space-y-3">
        {KINDS.map((kind) => (
          <li key={kind}>
            <Link
              href={`/payments/new/${kind}`}
              className="block rounded border border-slate-300 bg-white p-4 hover:border-brand-700 focus-visible:outline-2"
            >
              <span className="block text-lg font-medium text-brand-700 underline">{t(kind)}</span>
              <span className="mt-1 block text-sm text-slate-700">{t(`${kind}Text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/payments/templates" className="text-brand-700 underline underline-offset-2">
          {tt('startFrom')}
        </Link>
      </p>
    </div>
  );
}
