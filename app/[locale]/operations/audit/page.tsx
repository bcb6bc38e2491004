import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { DayRangeFields } from '@/components/ui/day-text-field';
import { PageLinks } from '@/components/ui/page-links';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { requireOperator } from '@/lib/auth/operator';
import { bankName } from '@/lib/bank/directory';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { formatDateTime, withShownNumbers } from '@/lib/format';
import { unreadableDays } from '@/lib/forms/day-param';
import { Link } from '@/lib/i18n/navigation';
import { localeOrDefault } from '@/lib/i18n/routing';
import {
  auditChoices,
  auditPage,
  auditQueryKeys,
  type BankCallAuditRow,
  parseAuditCursor,
  parseAuditQuery,
} from '@/lib/observability/audit-trail';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'operations.audit' }))('title') };
}

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The operator's page of the audit trail of bank calls (lib/observability/audit-trail.ts): the calls
 * matching a plain GET form's filters, newest first, a page at a time, and all of them as CSV. Operators
 * only; anyone else gets 404.
 */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requireOperator('/operations/audit');
  const asked = await searchParams;
  const { query, invalid } = parseAuditQuery(asked);
  const after = parseAuditCursor(asked);
  const db = await getDb();
  const [{ rows, next }, choices, t, tf] = await Promise.all([
    auditPage(db, query, after),
    auditChoices(db),
    getTranslations('operations.audit'),
    getTranslations('forms.fields'),
  ]);
  const lang = localeOrDefault(locale);
  const filterQuery = Object.fromEntries(
    auditQueryKeys.flatMap((key) => (query[key] ? [[key, String(query[key])]] : [])),
  );
  const csvQuery = new URLSearchParams(filterQuery).toString();
  const answer = (row: BankCallAuditRow) =>
    row.status !== null
      ? String(row.status)
      : row.failure === 'timeout' || row.failure === 'network'
        ? t(`noAnswer.${row.failure}`)
        : t('none');

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="max-w-3xl text-slate-700">
          {t('intro', withShownNumbers({ days: settings().BANK_CALL_AUDIT_RETENTION_DAYS }, lang))}
        </p>
      </div>
      <form
        method="get"
        action={`/${locale}/operations/audit`}
        aria-label={t('filters.title')}
        className="grid grid-cols-1 gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-3"
      >
        <TextField label={t('filters.payment')} name="payment" defaultValue={query.payment ?? ''} />
        <TextField label={t('filters.request')} name="request" defaultValue={query.request ?? ''} />
        <TextField label={t('filters.psu')} name="psu" defaultValue={query.psu ?? ''} />
        <SelectField label={t('filters.bank')} name="bank" defaultValue={query.bank ?? ''}>
          <option value="">{t('filters.any')}</option>
          {choices.banks.map((id) => (
            <option key={id} value={id}>
              {bankName(id) ?? id}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.operation')} name="operation" defaultValue={query.operation ?? ''}>
          <option value="">{t('filters.any')}</option>
          {choices.operations.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.outcome')} name="outcome" defaultValue={query.outcome ?? ''}>
          <option value="">{t('filters.any')}</option>
          <option value="ok">{t('filters.ok')}</option>
          <option value="failed">{t('filters.failed')}</option>
        </SelectField>
        <DayRangeFields
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          hint={tf('dateFormat')}
          days={query}
          typed={unreadableDays(asked, invalid)}
          typedError={tf('dateUnreadable')}
        />
        <div className="flex items-end gap-3">
          <Button type="submit">{t('filters.apply')}</Button>
          <Link href="/operations/audit" className="py-2 text-brand-700 underline">
            {t('filters.clear')}
          </Link>
        </div>
      </form>
      {invalid.length > 0 && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
          {t('filters.invalid', { fields: invalid.map((key) => t(`filters.${key}`)).join(', ') })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <p role="status" data-testid="audit-count">
          {rows.length === 0 && after !== undefined
            ? t('noOlder')
            : rows.length === 0 && auditQueryKeys.every((key) => !query[key])
              ? t('empty')
              : t('shown', withShownNumbers({ count: rows.length }, lang))}
        </p>
        <a
          href={`/api/operations/audit${csvQuery ? `?${csvQuery}` : ''}`}
          className="text-brand-700 underline"
          download
        >
          {t('download')}
        </a>
      </div>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {(['at', 'bank', 'operation', 'status', 'codes', 'duration', 'ids'] as const).map(
                  (column) => (
                    <th key={column} scope="col" className="py-2 pr-4">
                      {t(`columns.${column}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody data-testid="audit-rows">
              {rows.map((row) => (
                <tr
                  key={row.id}
                  data-operation={row.operation}
                  data-status={row.status ?? ''}
                  data-payment-id={row.paymentId ?? ''}
                  data-request-id={row.requestId}
                  className="border-b border-slate-100 align-top"
                >
                  <td className="min-w-28 py-2 pr-4">{formatDateTime(row.at, lang, { seconds: true })}</td>
                  <td className="py-2 pr-4">
                    {row.bankId ? (bankName(row.bankId) ?? row.bankId) : t('none')}
                  </td>
                  <td className="py-2 pr-4">
                    <span className="font-mono">{row.operation}</span>
                    <span className="block whitespace-nowrap text-xs text-slate-600">
                      {row.method} {row.bankInterface}
                    </span>
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4">
                    {answer(row)}
                    {row.retry > 0 && (
                      <span className="block text-xs text-slate-600">
                        {t('retryNumber', { n: row.retry })}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4 font-mono">{row.errorCodes.join(', ') || t('none')}</td>
                  <td className="whitespace-nowrap py-2 pr-4">{t('durationMs', { ms: row.durationMs })}</td>
                  <td className="py-2 font-mono text-xs">
                    <span className="block" title={t('columns.requestId')}>
                      {row.requestId}
                    </span>
                    {row.paymentId && (
                      <Link
                        href={`/operations/audit?payment=${row.paymentId}`}
                        title={t('columns.payment')}
                        className="block text-brand-700 underline"
                      >
                        {row.paymentId}
                      </Link>
                    )}
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
            ? { href: { pathname: '/operations/audit', query: filterQuery }, text: t('newest') }
            : undefined
        }
        next={
          next !== undefined
            ? {
                href: { pathname: '/operations/audit', query: { ...filterQuery, after: next } },
                text: t('older'),
              }
            : undefined
        }
      />
    </div>
  );
}
