import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StatusNotices } from '@/components/notices/status-notices';
import { AccountNumber } from '@/components/payments/account-number';
import { Amounts } from '@/components/payments/amount';
import { BulkRecipients } from '@/components/payments/bulk-recipients';
import { HistoryFiltersForm } from '@/components/payments/history-filters';
import { PaymentMessage } from '@/components/payments/payment-story';
import { StatusBadge } from '@/components/payments/status-badge';
import { DateText } from '@/components/ui/date-text';
import { PageLinks } from '@/components/ui/page-links';
import { requirePsuId } from '@/lib/auth/session';
import { bankDirectory, bankName } from '@/lib/bank/directory';
import { getDb } from '@/lib/db';
import { paymentHistoryPage } from '@/lib/db/queries/payments';
import { formatDate } from '@/lib/format';
import { unreadableDays } from '@/lib/forms/day-param';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import type { BulkOverview } from '@/lib/payments/bulk-overview';
import { listedBulkRecipients } from '@/lib/payments/bulk-recipients';
import { parseHistoryFilters } from '@/lib/payments/history-query';
import { dayOf } from '@/lib/payments/story';
import { type PaymentView, toPaymentView } from '@/lib/payments/view';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'payments' }))('title') };
}

export default async function PaymentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  const psuId = await requirePsuId('/payments');
  const [t, tr, ts, tw, tt, tx, tb, db, query] = await Promise.all([
    getTranslations('payments'),
    getTranslations('return'),
    getTranslations('standingOrders'),
    getTranslations('waiting'),
    getTranslations('paymentTemplates'),
    getTranslations('exports'),
    getTranslations('banks'),
    getDb(),
    searchParams,
  ]);
  // With several banks in the directory, each payment shows its bank, and the list filters by bank.
  const banks = bankDirectory();
  const several = banks.length > 1;
  const { filters, invalid } = parseHistoryFilters(query);
  const page = await paymentHistoryPage(db, psuId, filters);
  const rows = page.rows.map((payment) => toPaymentView(payment, []));
  const bankOf = new Map(page.rows.map((payment) => [payment.id, payment.bankId]));
  // The PSU's own name for a payment (a standing order's "Húsaleiga"), which the search finds too.
  const labelOf = new Map(page.rows.map((payment) => [payment.id, payment.label]));
  const overviewOf = new Map(page.rows.map((payment) => [payment.id, payment.listOverview]));
  const bankLabel = (id = '') => bankName(id) ?? tb('formerBank', { id });
  // The day a listed payment is paid on: a standing order's first, a dated or paid one's, else as soon as possible.
  const payDayText = (payment: PaymentView) =>
    payment.service === 'periodic-payments'
      ? payment.payDay && t('payDayFrom', { date: formatDate(payment.payDay, localeOrDefault(locale)) })
      : payment.payDay
        ? formatDate(payment.payDay, localeOrDefault(locale))
        : t('payDayAsap');
  const { after: _after, ...filterOnly } = filters;
  const filterQuery = Object.fromEntries(Object.entries(filterOnly).filter(([, value]) => value));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/payments/standing-orders"
            className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
          >
            {ts('link')}
          </Link>
          <Link
            href="/payments/waiting"
            className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
          >
            {tw('link')}
          </Link>
          <Link
            href="/payments/templates"
            className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
          >
            {tt('link')}
          </Link>
          <Link
            href={{ pathname: '/payments/export', query: filterQuery }}
            className="rounded border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
          >
            {tx('link')}
          </Link>
          <Link
            href="/payments/new"
            className="rounded bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          >
            {t('new')}
          </Link>
        </div>
      </div>
      {query.return === 'invalid' && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {tr('invalid')}
        </p>
      )}
      {invalid.length > 0 && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          {t('filters.invalid')}
        </p>
      )}
      <StatusNotices psuId={psuId} />
      <HistoryFiltersForm
        filters={filterOnly}
        unreadable={unreadableDays(query, invalid)}
        banks={several ? banks : []}
      />
      {rows.length === 0 ? (
        <p className="text-slate-600">{Object.keys(filterQuery).length ? t('noMatch') : t('empty')}</p>
      ) : (
        // On a phone the table scrolls sideways in its own box; the page keeps the screen's width.
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="p-2">
                  {t('columns.created')}
                </th>
                {/* On a phone the columns that matter at a glance (to whom, how much, what became of it) fit
                    without scrolling; the pay day and the message are on each payment's page. */}
                <th scope="col" className="hidden p-2 sm:table-cell">
                  {t('columns.payDay')}
                </th>
                <th scope="col" className="p-2">
                  {t('columns.creditor')}
                </th>
                <th scope="col" className="hidden p-2 sm:table-cell">
                  {t('columns.reference')}
                </th>
                {/* On a phone the status goes under the amount, so that the row's four columns fit the screen. */}
                <th scope="col" className="p-2 text-right">
                  <span className="sm:hidden">{t('columns.amountAndStatus')}</span>
                  <span className="hidden sm:inline">{t('columns.amount')}</span>
                </th>
                <th scope="col" className="hidden p-2 sm:table-cell">
                  {t('columns.status')}
                </th>
                {several ? (
                  <th scope="col" className="p-2">
                    {tb('bank')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((payment) => (
                <tr key={payment.id} className="border-b border-slate-100" data-payment-id={payment.id}>
                  <td className="p-2">
                    <Link
                      href={`/payments/${payment.id}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      <DateText value={payment.createdAt} time />
                    </Link>
                    {/* On a phone, where the pay day's column is hidden: a pay day other than the day it was made
                        (ahead, or paid later), so that a payment dated ahead does not read as gone today. */}
                    {payment.payDay && payment.payDay !== dayOf(payment.createdAt) ? (
                      <span className="block text-xs text-slate-600 sm:hidden" data-pay-day-phone="">
                        {t('columns.payDay')}: {payDayText(payment)}
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden p-2 sm:table-cell" data-pay-day={payment.payDay ?? ''}>
                    {payDayText(payment)}
                  </td>
                  <td className="p-2">
                    {payment.creditorName ?? (
                      <Recipient payment={payment} overview={overviewOf.get(payment.id) ?? null} />
                    )}
                    {labelOf.get(payment.id) ? (
                      <span className="block text-xs text-slate-600">{labelOf.get(payment.id)}</span>
                    ) : null}
                  </td>
                  <td className="hidden p-2 text-slate-700 sm:table-cell">
                    {/* A bill's claim id as the claim number people read, as on the payment's page. */}
                    {payment.reference ? <PaymentMessage message={payment.reference} /> : ''}
                  </td>
                  <td className="p-2 text-right">
                    <Amounts amounts={payment.amounts} />
                    <span className="mt-1 block *:text-center sm:hidden">
                      <HistoryStatus payment={payment} />
                    </span>
                  </td>
                  <td className="hidden p-2 sm:table-cell">
                    <HistoryStatus payment={payment} />
                  </td>
                  {several ? <td className="p-2">{bankLabel(bankOf.get(payment.id))}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks
        label={t('paging')}
        first={
          filters.after
            ? { href: { pathname: '/payments', query: filterQuery }, text: t('firstPage') }
            : undefined
        }
        next={
          page.next
            ? {
                href: { pathname: '/payments', query: { ...filterQuery, after: page.next } },
                text: t('nextPage'),
              }
            : undefined
        }
      />
    </div>
  );
}

/**
 * Who a payment without a recipient's name pays: a bulk by its recipients (from its overview, which the list
 * reads instead of its payments), any other by its account.
 */
function Recipient({ payment, overview }: { payment: PaymentView; overview: BulkOverview | null }) {
  const bulk = listedBulkRecipients(payment.story.bulk, overview, payment.elementCount);
  if (!bulk) return <AccountNumber account={payment.creditorAccount} />;
  return <BulkRecipients {...bulk} />;
}

/** What became of a listed payment, in words; a standing order's as the bank runs it. */
function HistoryStatus({ payment }: { payment: PaymentView }) {
  return (
    <StatusBadge
      status={payment.displayStatus}
      outcome={payment.outcome}
      standing={payment.service === 'periodic-payments'}
    />
  );
}
