import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AccountNumber } from '@/components/payments/account-number';
import { Amount } from '@/components/payments/amount';
import { CancelPayment } from '@/components/payments/cancel-payment';
import { cancelTextsOf } from '@/components/payments/cancel-texts';
import { ExecutionDatesTable } from '@/components/payments/execution-dates-table';
import { noNextDatesKey, scheduleText } from '@/components/payments/standing-order-schedule';
import { StatusBadge } from '@/components/payments/status-badge';
import { requirePsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { standingOrdersOf } from '@/lib/db/queries/notices';
import { accountDisplay, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';
import { cancelPaymentAction } from '@/lib/payments/actions/cancel-payment';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { standingOrderSchedule } from '@/lib/payments/standing-order';
import { toPaymentView } from '@/lib/payments/view';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'standingOrders' }))('title') };
}

/** An account as the PSU knows it, for naming an order that has no recipient's name. */
function accountName(account: string): string {
  const shown = accountDisplay(account);
  return shown.kind === 'domestic' ? shown.account : shown.kind === 'iban' ? shown.iban : shown.text;
}

/**
 * Every standing order of the PSU: whom it pays, how much and when, its next execution dates by the
 * form's own holiday-aware calendar, the status the bank last reported, and cancellation while the
 * bank may still allow it (the bank decides; its refusal is shown in the PSU's language).
 */
export default async function StandingOrdersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments/standing-orders');
  const [t, tc, tAll, db] = await Promise.all([
    getTranslations('standingOrders'),
    getTranslations('standingOrderChange'),
    getTranslations(),
    getDb(),
  ]);
  const cancelTexts = cancelTextsOf(tAll, 'periodic-payments');
  const pageLocale: Locale = localeOrDefault(locale);
  const today = todayInReykjavik();
  const orders = await Promise.all(
    (await standingOrdersOf(db, psuId)).map(async (payment) => {
      const schedule = standingOrderSchedule(payment, today);
      return {
        view: toPaymentView(payment, []),
        label: payment.label,
        schedule,
        text: await scheduleText(schedule, pageLocale),
      };
    }),
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <Link
          href="/payments/new/periodic"
          className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t('new')}
        </Link>
      </div>
      <p className="text-slate-700">{t('intro')}</p>
      {orders.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="space-y-4">
          {orders.map(({ view, label, schedule, text }) => {
            const recipient = view.creditorName ?? accountName(view.creditorAccount);
            const name = label ?? recipient;
            const orderLabel = t('orderLabel', { name: recipient });
            return (
              <li key={view.id} data-payment-id={view.id}>
                <article
                  aria-label={label ? `${label}: ${orderLabel}` : orderLabel}
                  className="space-y-3 rounded border border-slate-200 bg-white p-4"
                >
                  {label ? <h2 className="text-lg font-semibold">{label}</h2> : null}
                  <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                    <div>
                      <dt className="text-sm text-slate-600">{t('to')}</dt>
                      <dd>
                        {view.creditorName && <span className="block">{view.creditorName}</span>}
                        <AccountNumber account={view.creditorAccount} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-sm text-slate-600">{t('amount')}</dt>
                      <dd className="font-semibold">
                        <Amount amount={view.amount} currency={view.currency} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-sm text-slate-600">{t('status')}</dt>
                      <dd>
                        <StatusBadge status={view.displayStatus} standing />
                      </dd>
                    </div>
                    <div className="sm:col-span-3">
                      <dt className="text-sm text-slate-600">{t('schedule')}</dt>
                      <dd data-testid="schedule">{text}</dd>
                    </div>
                  </dl>
                  <div>
                    <h2 className="font-medium">{t('next')}</h2>
                    {schedule.next.length > 0 ? (
                      <ExecutionDatesTable
                        dates={schedule.next}
                        locale={pageLocale}
                        name={{
                          caption: t(
                            'nextCaption',
                            withShownNumbers({ count: schedule.next.length }, pageLocale),
                          ),
                        }}
                      />
                    ) : (
                      <p className="text-sm text-slate-700">{t(noNextDatesKey(view))}</p>
                    )}
                    {/* Sent and waiting for the PSU at the bank (a change left half done, a tab closed). */}
                    {view.scaRedirect && (
                      <a
                        href={view.scaRedirect}
                        className="mt-2 inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
                      >
                        {tAll('payment.continueToBank')}
                      </a>
                    )}
                  </div>
                  <Link
                    href={`/payments/${view.id}`}
                    className="inline-block text-brand-700 underline underline-offset-2"
                  >
                    {t('details')}
                  </Link>
                  {view.cancellable && (
                    <Link
                      href={`/payments/standing-orders/${view.id}/change`}
                      aria-label={tc('linkLabel', { name })}
                      className="ml-4 inline-block text-brand-700 underline underline-offset-2"
                    >
                      {tc('link')}
                    </Link>
                  )}
                  {view.cancellable && (
                    <CancelPayment action={cancelPaymentAction} paymentId={view.id} texts={cancelTexts} />
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
