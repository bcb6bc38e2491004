import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageLinks } from '@/components/ui/page-links';
import { requireOperator } from '@/lib/auth/operator';
import { bankName } from '@/lib/bank/directory';
import { getDb } from '@/lib/db';
import { formatDateTime, withShownNumbers } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import {
  parseStuckCursor,
  parseStuckReason,
  stuckDetail,
  stuckPage,
  stuckReasons,
  stuckThresholds,
} from '@/lib/observability/stuck-payments';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'operations.stuck' }))('title') };
}

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The operator's list of payments the app has stopped carrying forward (lib/observability/stuck-payments.ts),
 * each with its reason, oldest first, a page at a time, with a count of each reason that filters by it.
 * Operators only; anyone else gets 404, as the audit trail answers.
 */
export default async function StuckPaymentsPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireOperator('/operations/stuck');
  const asked = await searchParams;
  const reason = parseStuckReason(asked);
  const after = parseStuckCursor(asked);
  const [{ rows, next, counts }, t] = await Promise.all([
    stuckPage(await getDb(), reason, after),
    getTranslations('operations.stuck'),
  ]);
  const lang = localeOrDefault(locale);
  const limits = stuckThresholds();
  const minutes = (seconds: number) => Math.ceil(seconds / 60);
  const explained = {
    unsent: { minutes: minutes(limits.unsentSeconds) },
    readFailed: { minutes: minutes(limits.readFailedSeconds) },
    awaitingPsu: {},
    notFollowed: { minutes: minutes(limits.notFollowedSeconds), days: limits.standingSeconds / 86_400 },
    unfollowable: {},
    changeWaiting: { minutes: minutes(limits.unsentSeconds) },
  };
  const filterQuery = reason ? { reason } : {};
  const detailOf = (row: (typeof rows)[number]) => stuckDetail(row, (key, values) => t(key, values));
  const csvQuery = new URLSearchParams(reason ? { locale: lang, reason } : { locale: lang });
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        <dl className="max-w-3xl space-y-1 text-sm text-slate-700">
          {stuckReasons.map((key) => (
            <div key={key}>
              <dt className="inline font-medium">{t(`reasons.${key}`)}: </dt>
              <dd className="inline">{t(`explain.${key}`, withShownNumbers(explained[key], lang))}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-700">{t('runbook')}</p>
      </div>
      <ul
        aria-label={t('columns.reason')}
        data-testid="stuck-counts"
        className="flex flex-wrap gap-2 text-sm"
      >
        <li>
          <Link
            href="/operations/stuck"
            aria-current={reason === undefined ? 'page' : undefined}
            className="inline-block rounded border border-slate-300 px-2 py-1 aria-[current=page]:bg-slate-200"
          >
            {t('all')} ({t('count', withShownNumbers({ count: total }, lang))})
          </Link>
        </li>
        {stuckReasons.map((key) => (
          <li key={key} data-reason={key} data-count={counts[key] ?? 0}>
            <Link
              href={{ pathname: '/operations/stuck', query: { reason: key } }}
              aria-current={reason === key ? 'page' : undefined}
              className="inline-block rounded border border-slate-300 px-2 py-1 aria-[current=page]:bg-slate-200"
            >
              {t(`reasons.${key}`)} ({t('count', withShownNumbers({ count: counts[key] ?? 0 }, lang))})
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <p role="status" data-testid="stuck-count">
          {rows.length === 0 && after !== undefined
            ? t('noOlder')
            : rows.length === 0 && reason === undefined
              ? t('empty')
              : t('shown', withShownNumbers({ count: rows.length }, lang))}
        </p>
        <a href={`/api/operations/stuck?${csvQuery}`} className="text-brand-700 underline" download>
          {t('download')}
        </a>
      </div>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {(['reason', 'since', 'payment', 'bank', 'psu', 'status', 'readAt'] as const).map(
                  (column) => (
                    <th key={column} scope="col" className="py-2 pr-4">
                      {t(`columns.${column}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody data-testid="stuck-rows">
              {rows.map((row) => (
                <tr
                  key={`${row.reason}-${row.paymentId}`}
                  data-reason={row.reason}
                  data-payment-id={row.paymentId}
                  className="border-b border-slate-100 align-top"
                >
                  <td className="min-w-40 py-2 pr-4">
                    {t(`reasons.${row.reason}`)}
                    {detailOf(row) && (
                      <span className="block font-mono text-xs text-slate-600">{detailOf(row)}</span>
                    )}
                  </td>
                  <td className="min-w-28 py-2 pr-4">{formatDateTime(row.since, lang)}</td>
                  <td className="py-2 pr-4 font-mono text-xs">
                    <span className="block">{row.paymentId}</span>
                    <Link
                      href={{ pathname: '/operations/audit', query: { payment: row.paymentId } }}
                      className="text-brand-700 underline"
                    >
                      {t('auditLink')}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">
                    {bankName(row.bankId) ?? row.bankId}
                    {row.bankPaymentId && (
                      <span className="block font-mono text-xs text-slate-600">{row.bankPaymentId}</span>
                    )}
                  </td>
                  <td className="py-2 pr-4 break-all">{row.psuEmail}</td>
                  <td className="py-2 pr-4 font-mono">{row.transactionStatus ?? t('noStatus')}</td>
                  <td className="min-w-28 py-2 pr-4">
                    {row.statusReadAt ? formatDateTime(row.statusReadAt, lang) : t('never')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks
        label={t('paging')}
        first={
          after !== undefined
            ? { href: { pathname: '/operations/stuck', query: filterQuery }, text: t('first') }
            : undefined
        }
        next={
          next !== undefined
            ? {
                href: { pathname: '/operations/stuck', query: { ...filterQuery, after: next } },
                text: t('more'),
              }
            : undefined
        }
      />
    </div>
  );
}
