'use client';

import { useTranslations } from 'next-intl';
import { ExecutionDatesTable } from '@/components/payments/execution-dates-table';
import { withShownNumbers } from '@/lib/format/number';
import type { Locale } from '@/lib/i18n/routing';
import { type ExecutionScheduleInput, nextExecutionDates, todayInReykjavik } from '@/lib/payments/calendar';

/**
 * The next 12 execution dates of a schedule (spec 2.2 with the Icelandic bank holiday calendar), each
 * moved off weekends and bank holidays per `executionRule`, from today on: a first day typed in the past
 * (which the form refuses) lists no day gone by. Loaded with the calendar once the periodic form has a
 * schedule to show (execution-preview.tsx).
 */
export function NextExecutionDates({
  schedule,
  locale,
}: {
  schedule: Omit<ExecutionScheduleInput, 'count' | 'from'>;
  locale: Locale;
}) {
  const t = useTranslations('forms.periodic');
  const dates = nextExecutionDates({ ...schedule, count: 12, from: todayInReykjavik() });
  return dates.length === 0 ? (
    <p className="mt-2 text-sm text-slate-700">{t('previewEmpty')}</p>
  ) : (
    <ExecutionDatesTable
      dates={dates}
      locale={locale}
      name={{ caption: t('previewCaption', withShownNumbers({ count: dates.length }, locale)) }}
    />
  );
}
