import { randomUUID } from 'node:crypto';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { SinglePaymentForm } from '@/components/payments/single-payment-form';
import { requirePsuId } from '@/lib/auth/session';
import { publicDirectory } from '@/lib/bank/directory';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'forms.single' }))('title') };
}

export default async function NewSinglePaymentPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePsuId('/payments/new/single');
  const t = await getTranslations('forms.single');
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <BankDirectoryProvider banks={publicDirectory()}>
          <SinglePaymentForm submissionId={randomUUID()} />
        </BankDirectoryProvider>
      </ClientMessages>
    </div>
  );
}
