import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StatusNotices } from '@/components/notices/status-notices';
import { AccountNumber } from '@/components/payments/account-number';
import { Amounts } from '@/components/payments/amount';
import { BulkRecipients } from '@/components/payments/bulk-recipients';
import { CardPayDay } from '@/components/payments/card-pay-day';
import { HistoryFiltersForm } from '@/components/payments/history-filters';
import { ListedReference } from '@/components/payments/listed-reference';
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
import { endedUnpaid, type PaymentView, toPaymentView } from '@/lib/payments/view';

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
        : endedUnpaid(payment)
          ? ''
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
        // Below the desktop's width each payment is a card (its date and to whom on the left, the amount and its status
        // whole on the right, then its reference and bank); from it up, a table whose text wraps (a long name or
        // reference breaks anywhere) and whose amounts never do, so that every column fits the page without
        // scrolling sideways. Its box scrolls only should a row still be wider than the page.
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm max-lg:block lg:bg-white">
            <thead className="max-lg:sr-only">
              <tr className="border-b border-slate-200">
                <th scope="col" className="p-2">
                  {t('columns.created')}
                </th>
                {/* In a card the pay day is under the day the payment was made, where it is another day; the
                    reference under to whom. */}
                <th scope="col" className="hidden p-2 lg:table-cell">
                  {t('columns.payDay')}
                </th>
                <th scope="col" className="p-2">
                  {t('columns.creditor')}
                </th>
                <th scope="col" className="p-2">
                  {t('columns.reference')}
                </th>
                {/* In a card the status is under the amount. */}
                <th scope="col" className="p-2 text-right">
                  <span className="lg:hidden">{t('columns.amountAndStatus')}</span>
                  <span className="hidden lg:inline">{t('columns.amount')}</span>
                </th>
                <th scope="col" className="hidden p-2 lg:table-cell">
                  {t('columns.status')}
                </th>
                {several ? (
                  <th scope="col" className="p-2">
                    {tb('bank')}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="max-lg:grid max-lg:gap-3">
              {rows.map((payment) => (
                <tr
                  key={payment.id}
                  className="border-slate-100 max-lg:grid max-lg:grid-cols-[minmax(0,1fr)_minmax(auto,10rem)] max-lg:gap-x-4 max-lg:gap-y-1 max-lg:rounded max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:p-3 lg:border-b"
                  data-payment-id={payment.id}
                >
                  <td className="p-2 max-lg:col-start-1 max-lg:row-start-1 max-lg:p-0">
                    <Link
                      href={`/payments/${payment.id}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      <DateText value={payment.createdAt} time />
                    </Link>
                    {/* In a card, where the pay day's column is hidden: a pay day other than the day it was made
                        (ahead, or paid later), so that a payment dated ahead does not read as gone today. */}
                    {payment.payDay && payment.payDay !== dayOf(payment.createdAt) ? (
                      <CardPayDay
                        service={payment.service}
                        payDay={payment.payDay}
                        ended={endedUnpaid(payment)}
                      />
                    ) : null}
                  </td>
                  <td className="hidden p-2 lg:table-cell" data-pay-day={payment.payDay ?? ''}>
                    {payDayText(payment)}
                  </td>
                  {/* In the table a name breaks between its words, and within one only where it could not fit: the
                      column is wide enough for a word of a name (8rem), and a longer word (an Icelandic compound
                      written whole) breaks rather than widen the table past its box. With `break-word` a table
                      takes such a word whole into its column's least width, and the bank's column was cut off. The
                      two columns of dates each take a date whole (no-break spaces), which leaves 8rem here at 1100 px. */}
                  <td className="p-2 [overflow-wrap:anywhere] max-lg:col-start-1 max-lg:row-start-2 max-lg:p-0 lg:min-w-32">
                    {payment.creditorName ?? (
                      <Recipient payment={payment} overview={overviewOf.get(payment.id) ?? null} />
                    )}
                    {labelOf.get(payment.id) ? (
                      <span className="block text-xs text-slate-600">{labelOf.get(payment.id)}</span>
                    ) : null}
                  </td>
                  <td className="p-2 text-slate-700 [overflow-wrap:anywhere] max-lg:col-span-2 max-lg:p-0 max-lg:text-xs max-lg:empty:hidden">
                    {/* A bill's claim id as the claim number people read, as on the payment's page, without the
                        id itself. A bulk whose id the form made reads as a bulk payment. */}
                    <ListedReference payment={payment} partPayment={payment.story.partPayment} />
                  </td>
                  <td className="p-2 text-right max-lg:col-start-2 max-lg:row-span-2 max-lg:row-start-1 max-lg:p-0">
                    <Amounts amounts={payment.amounts} />
                    <span className="mt-1 block *:text-center lg:hidden">
                      <HistoryStatus payment={payment} />
                    </span>
                  </td>
                  <td className="hidden p-2 lg:table-cell">
                    <HistoryStatus payment={payment} />
                  </td>
                  {several ? (
                    <td className="p-2 max-lg:col-span-2 max-lg:p-0 max-lg:text-xs max-lg:text-slate-600">
                      <span className="lg:hidden">{tb('bank')}: </span>
                      {bankLabel(bankOf.get(payment.id))}
                    </td>
                  ) : null}
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
