import { randomUUID } from 'node:crypto';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { PaymentTemplates } from '@/components/netbank/payment-templates';
import { AwaitingConfirmationNotice } from '@/components/payments/awaiting-confirmation-notice';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { SavedChoicesProvider } from '@/components/payments/forms/saved-choices';
import { SinglePaymentForm } from '@/components/payments/single-payment-form';
import { FilledFromNotice } from '@/components/saved/filled-from-notice';
import { requirePsuId } from '@/lib/auth/session';
import { publicDirectory } from '@/lib/bank/directory';
import { localeOrDefault } from '@/lib/i18n/routing';
import { countryChoices } from '@/lib/payments/countries';
import { formStart } from '@/lib/payments/saved/form-start';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'forms.single' }))('title') };
}

export default async function NewSinglePaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ from?: string | string[]; template?: string | string[] }>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments/new/single');
  const [t, start] = await Promise.all([
    getTranslations('forms.single'),
    searchParams.then((query) => formStart(psuId, 'payments', query)),
  ]);
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <AwaitingConfirmationNotice psuId={psuId} locale={localeOrDefault(locale)} />
      <FilledFromNotice filledFrom={start.filledFrom} />
      {start.filledFrom ? null : <PaymentTemplates psuId={psuId} service="payments" />}
      <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
        <BankDirectoryProvider banks={publicDirectory()}>
          <SavedChoicesProvider value={start.choices}>
            <SinglePaymentForm
              key={start.key}
              submissionId={randomUUID()}
              initial={start.initial}
              countries={countryChoices(localeOrDefault(locale))}
            />
          </SavedChoicesProvider>
        </BankDirectoryProvider>
      </ClientMessages>
    </div>
  );
}
