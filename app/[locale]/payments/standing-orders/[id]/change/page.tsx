import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages, PAYMENT_FORM_MESSAGES } from '@/components/layout/client-messages';
import { ChangeNotice, CurrentOrder } from '@/components/netbank/standing-order-change';
import { BankDirectoryProvider } from '@/components/payments/forms/debtor-bank';
import { PeriodicPaymentForm } from '@/components/payments/forms/periodic-payment-form';
import { SavedChoicesProvider } from '@/components/payments/forms/saved-choices';
import { requirePsuId } from '@/lib/auth/session';
import { publicDirectory } from '@/lib/bank/directory';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { savedChoicesFor } from '@/lib/payments/saved/choices';
import { carriedChangeOf, followWaitingChange } from '@/lib/payments/standing-order-change';
import { changePageShows, changeResume, changeStart } from '@/lib/payments/standing-order-change-start';
import { pathParamOrNotFound } from '@/lib/security/path-params';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'standingOrderChange' }))('title') };
}

/**
 * A standing order's change: the periodic form filled in from the order, which on sending cancels the
 * old order at the bank and then makes the new one, as it says before the PSU leaves for the bank. A
 * change the bank did not carry through comes back here, filled in as the PSU sent it, with what
 * happened, to be sent again.
 */
export default async function ChangeStandingOrderPage({
  params,
}: {
  params: Promise<{ locale: string; id: string }>;
}) {
  const { locale, id: segment } = await params;
  setRequestLocale(pathParamOrNotFound('locale', locale));
  const id = pathParamOrNotFound('paymentId', segment);
  const psuId = await requirePsuId(`/payments/standing-orders/${id}/change`);
  const db = await getDb();
  const requestHeaders = await headers();
  // A change waiting for the PSU's approval in the bank's app is settled by what the bank says now.
  await followWaitingChange(db, {
    psuId,
    oldPaymentId: id,
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  const old = await findOwnPayment(db, psuId, id);
  if (old?.service !== 'periodic-payments' || old.phase !== 'initiated') notFound();
  const [t, { change, newOrderOutcome }, choices] = await Promise.all([
    getTranslations('standingOrderChange'),
    carriedChangeOf(db, psuId, old.id),
    savedChoicesFor(db, psuId),
  ]);
  const shows = changePageShows(old, change);
  const resumable = shows === 'form' && change !== undefined;
  return (
    <div className="max-w-xl space-y-6">
      <Link href="/payments/standing-orders" className="text-sm text-brand-700 underline underline-offset-2">
        ← {t('back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <CurrentOrder order={old} />
      {change ? <ChangeNotice change={change} newOrderOutcome={newOrderOutcome} /> : null}
      {shows !== 'form' ? (
        shows === 'ended' ? (
          <p className="space-y-2">
            <span className="block">{t('ended')}</span>
            <Link
              href={{ pathname: '/payments/new/periodic', query: { from: old.id } }}
              className="text-brand-700 underline underline-offset-2"
            >
              {t('startFrom')}
            </Link>
          </p>
        ) : null
      ) : (
        <>
          <p className="text-slate-700">{t('intro')}</p>
          <ClientMessages namespaces={PAYMENT_FORM_MESSAGES}>
            <BankDirectoryProvider banks={publicDirectory()}>
              <SavedChoicesProvider value={choices}>
                <PeriodicPaymentForm
                  submissionId={resumable ? change.changed.submissionId : randomUUID()}
                  initial={
                    resumable ? changeResume(change, old.product) : changeStart(old, todayInReykjavik())
                  }
                  changeOf={{ paymentId: old.id, submitLabel: t('submit') }}
                  beforeSubmit={
                    <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" id="change-steps">
                      {t('beforeSubmit')}
                    </p>
                  }
                />
              </SavedChoicesProvider>
            </BankDirectoryProvider>
          </ClientMessages>
        </>
      )}
    </div>
  );
}
