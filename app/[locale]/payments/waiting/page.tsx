import { getTranslations, setRequestLocale } from 'next-intl/server';
import { WaitingPaymentRow } from '@/components/netbank/waiting-payment-row';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { paymentsThatMayWait } from '@/lib/db/queries/waiting';
import { Link } from '@/lib/i18n/navigation';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { toPaymentView } from '@/lib/payments/view';
import { waitingPayments } from '@/lib/payments/waiting';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'waiting' }))('title') };
}

/**
 * Payments waiting to be paid ("greiðslur í bið"): every future-dated payment and the next executions
 * of every standing order, soonest first, each with its day, and cancellation where the bank may still
 * allow it (the bank decides; its refusal is shown in the PSU's language).
 */
export default async function WaitingPaymentsPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments/waiting');
  const [t, db] = await Promise.all([getTranslations('waiting'), getDb()]);
  const candidates = await paymentsThatMayWait(db, psuId);
  const waiting = waitingPayments(candidates, todayInReykjavik());
  const byId = new Map(candidates.map((payment) => [payment.id, payment]));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <Link
          href="/payments/standing-orders"
          className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          {t('standingOrders')}
        </Link>
      </div>
      <p className="text-slate-700">{t('intro')}</p>
      {waiting.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('listLabel')}>
          {waiting.map((item) => {
            const payment = byId.get(item.paymentId);
            if (!payment) return null;
            return (
              <WaitingPaymentRow
                key={`${item.paymentId}-${item.occurrence}`}
                item={item}
                payment={{
                  ...toPaymentView(payment, []),
                  label: payment.label,
                  listOverview: payment.listOverview,
                }}
              />
            );
          })}
        </ol>
      )}
    </div>
  );
}
