'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { isIsoDate, reykjavikDateOf } from '@/lib/payments/calendar/date-time';
import {
  DAYS_OF_EXECUTION,
  type DayOfExecution,
  EXECUTION_RULES,
  type ExecutionRule,
  FREQUENCY_CODES,
  type FrequencyCode,
} from '@/lib/payments/schemas/enums';
import { useFormLocale } from './messages';

// The dates come with the calendar (date-fns, the bank holidays): loaded when the PSU first reaches
// the form (its `preload`), or once there is a schedule to show, not with the page.
const NextExecutionDates = dynamic(() =>
  import('./next-execution-dates').then((module) => module.NextExecutionDates),
);
export const loadNextExecutionDates = () => import('./next-execution-dates');

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/**
 * The next 12 execution dates of the standing order as it is being filled in (spec 2.2 with the
 * Icelandic bank holiday calendar), each moved off weekends and bank holidays per `executionRule`.
 */
export function ExecutionPreview({ name = 'payment' }: { name?: string }) {
  const t = useTranslations('forms.periodic');
  const locale = useFormLocale();
  const [startDate, endDate, frequency, dayOfExecution, executionRule] = useWatch({
    name: [
      `${name}.startDate`,
      `${name}.endDate`,
      `${name}.frequency`,
      `${name}.dayOfExecution`,
      `${name}.executionRule`,
    ],
  }) as unknown[];
  const start = typeof startDate === 'string' ? reykjavikDateOf(startDate) : undefined;
  const end = typeof endDate === 'string' && endDate ? reykjavikDateOf(endDate) : undefined;
  const often = oneOf<FrequencyCode>(FREQUENCY_CODES, frequency);

  return (
    <section
      aria-labelledby="execution-preview-title"
      className="rounded border border-slate-300 bg-white p-4"
    >
      <h2 id="execution-preview-title" className="font-medium">
        {t('preview')}
      </h2>
      {start && isIsoDate(start) && often ? (
        <NextExecutionDates
          locale={locale}
          schedule={{
            startDate: start,
            endDate: end && end >= start ? end : undefined,
            frequency: often,
            dayOfExecution: oneOf<DayOfExecution>(DAYS_OF_EXECUTION, dayOfExecution),
            executionRule: oneOf<ExecutionRule>(EXECUTION_RULES, executionRule),
          }}
        />
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t('previewEmpty')}</p>
      )}
    </section>
  );
}
