import { randomUUID } from 'node:crypto';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { BulkPaymentForm } from '@/components/payments/forms/bulk-payment-form';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { newPaymentInformationId } from '@/components/payments/forms/payment-information-id';
import { requirePsuId } from '@/lib/auth/session';
import { publicDirectory } from '@/lib/bank/directory';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'forms.bulk' }))('title') };
}

export default async function NewBulkPaymentPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePsuId('/payments/new/bulk');
  const t = await getTranslations('forms.bulk');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <BankDirectoryProvider banks={publicDirectory()}>
          <BulkPaymentForm submissionId={randomUUID()} paymentInformationId={newPaymentInformationId()} />
        </BankDirectoryProvider>
      </ClientMessages>
    </div>
  );
}
