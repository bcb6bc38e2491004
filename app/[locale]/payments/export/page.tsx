import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { DayRangeFields } from '@/components/ui/day-text-field';
import { requirePsuId } from '@/lib/auth/session';
import { typedDayOf } from '@/lib/forms/day-param';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { parseHistoryFilters } from '@/lib/payments/history-query';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return { title: (await getTranslations({ locale, namespace: 'exports' }))('title') };
}

const linkClass =
  'inline-block rounded border border-slate-300 bg-white px-4 py-2 font-medium text-brand-700 underline underline-offset-2 hover:bg-slate-100';

/**
 * Downloading the payments: the list's payments (its filters carried here) as CSV for Icelandic Excel
 * or as plain CSV for programs, or a statement of a chosen period as a PDF.
 */
export default async function ExportPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePsuId('/payments/export');
  const [t, tf, query] = await Promise.all([
    getTranslations('exports'),
    getTranslations('forms.fields'),
    searchParams,
  ]);
  const { filters } = parseHistoryFilters(query);
  const { after: _after, ...filterOnly } = filters;
  const filterQuery = Object.fromEntries(Object.entries(filterOnly).filter(([, value]) => value)) as Record<
    string,
    string
  >;
  const download = new URLSearchParams({ ...filterQuery, locale }).toString();
  const today = todayInReykjavik();
  // A period the statement refused comes back as it was typed (app/api/payments/statement/route.ts).
  const refused = query.period === 'invalid' || query.period === 'reversed';
  return (
    <div className="max-w-xl space-y-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      <section aria-labelledby="export-csv" className="space-y-4">
        <h2 id="export-csv" className="text-lg font-semibold">
          {t('csvHeading')}
        </h2>
        {Object.keys(filterQuery).length > 0 && <p className="text-sm text-slate-700">{t('filtered')}</p>}
        <div className="space-y-1">
          <a href={`/api/payments/export/excel?${download}`} download className={linkClass}>
            {t('excel')}
          </a>
          <p className="text-sm text-slate-700">{t('excelText')}</p>
        </div>
        <div className="space-y-1">
          <a href={`/api/payments/export?${download}`} download className={linkClass}>
            {t('plain')}
          </a>
          <p className="text-sm text-slate-700">{t('plainText')}</p>
        </div>
      </section>
      <section aria-labelledby="export-statement" className="space-y-3">
        <h2 id="export-statement" className="text-lg font-semibold">
          {t('statementHeading')}
        </h2>
        <p className="text-sm text-slate-700">{t('statementText')}</p>
        <form method="get" action="/api/payments/statement" className="space-y-3">
          <input type="hidden" name="locale" value={locale} />
          {refused && (
            <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {t(query.period === 'reversed' ? 'periodReversed' : 'periodInvalid')}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <DayRangeFields
              labels={{ from: t('from'), to: t('to') }}
              hint={tf('dateFormat')}
              days={{ from: filters.from ?? `${today.slice(0, 8)}01`, to: filters.to ?? today }}
              typed={
                refused
                  ? { from: typedDayOf(query.statementFrom), to: typedDayOf(query.statementTo) }
                  : undefined
              }
              required
            />
          </div>
          <Button type="submit">{t('download')}</Button>
        </form>
      </section>
    </div>
  );
}
