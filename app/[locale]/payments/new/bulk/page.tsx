import { randomUUID } from 'node:crypto';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { AwaitingConfirmationNotice } from '@/components/payments/awaiting-confirmation-notice';
import { BulkPaymentForm } from '@/components/payments/forms/bulk-payment-form';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { SavedChoicesProvider } from '@/components/payments/forms/saved-choices';
import { BulkTemplates } from '@/components/saved/bulk-templates';
import { FilledFromNotice } from '@/components/saved/filled-from-notice';
import { requirePsuId } from '@/lib/auth/session';
import { publicDirectory } from '@/lib/bank/directory';
import { localeOrDefault } from '@/lib/i18n/routing';
import { newPaymentInformationId } from '@/lib/payments/bulk-id';
import { formStart } from '@/lib/payments/saved/form-start';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'forms.bulk' }))('title') };
}

export default async function NewBulkPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ from?: string | string[]; template?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments/new/bulk');
  const [t, start] = await Promise.all([
    getTranslations('forms.bulk'),
    searchParams.then((query) => formStart(psuId, 'bulk-payments', query)),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <AwaitingConfirmationNotice psuId={psuId} locale={localeOrDefault(locale)} />
      <FilledFromNotice filledFrom={start.filledFrom} />
      <BulkTemplates psuId={psuId} />
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <BankDirectoryProvider banks={publicDirectory()}>
          <SavedChoicesProvider value={start.choices}>
            <BulkPaymentForm
              key={start.key}
              submissionId={randomUUID()}
              paymentInformationId={newPaymentInformationId()}
              initial={start.initial && 'rows' in start.initial ? start.initial : undefined}
            />
          </SavedChoicesProvider>
        </BankDirectoryProvider>
      </ClientMessages>
    </div>
  );
}
