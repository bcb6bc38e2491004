import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PaymentTemplates } from '@/components/netbank/payment-templates';
import { requirePsuId } from '@/lib/auth/session';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'paymentTemplates' }))('title') };
}

/** The PSU's templates of every kind of payment: pay from one in one click, or delete it. */
export default async function TemplatesPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments/templates');
  const t = await getTranslations('paymentTemplates');
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      <PaymentTemplates psuId={psuId} />
    </div>
  );
}
