'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { useValueFromBeforeHydration } from '@/components/ui/use-value-from-before-hydration';
import { formatDate } from '@/lib/format/date';
import { reykjavikDateOf, toExecutionDateTime } from '@/lib/payments/calendar/date-time';
import { readTypedDate, typedDateText } from '@/lib/payments/calendar/typed-date';
import { useFormLocale } from './messages';
import { type ClosedDayAhead, useClosedDay } from './use-closed-day';
import { usePaymentFieldError } from './use-payment-field-error';

/**
 * A day typed in the form as Iceland writes it ("15.03.2027"; lib/payments/calendar/typed-date.ts), whatever
 * language the browser's own date picker would speak, and shown below in words ("mán., 15. mar. 2027"). The
 * body gets the spec's date-time: midnight in Iceland ("2027-03-15T00:00:00Z"). Empty means "not given". What
 * cannot be read as a day stays in the body as typed, so that the form's schema refuses it, and the field says
 * so in words once the form is sent (as every field does: an error drawn as the PSU leaves the field would
 * move the button they are pressing). With `closedDayNote`, a day on which banks are closed says so, and the
 * banking day after it, when banks usually pay.
 */
export function DateField({
  name,
  label,
  hint,
  onDateChange,
  closedDayNote = false,
}: {
  name: string;
  label: string;
  hint?: string;
  onDateChange?: (date: string) => void;
  closedDayNote?: boolean;
}) {
  const t = useTranslations('forms.fields');
  const locale = useFormLocale();
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const [text, setText] = useState(() => {
    const initial = reykjavikDateOf((getValues(name) as string | undefined) ?? '');
    return initial ? typedDateText(initial) : '';
  });
  const typed = readTypedDate(text);
  const closed = useClosedDay(closedDayNote && typed.kind === 'date' ? typed.date : undefined);
  const schemaError = usePaymentFieldError(name);

  const store = (value: string) => {
    setText(value);
    const read = readTypedDate(value);
    onDateChange?.(read.kind === 'date' ? read.date : '');
    setValue(
      name,
      read.kind === 'date' ? toExecutionDateTime(read.date) : read.kind === 'empty' ? '' : value.trim(),
      { shouldValidate: isSubmitted, shouldDirty: true },
    );
  };
  // A day typed before the page's scripts ran is kept, as if typed after them.
  const input = useRef<HTMLInputElement>(null);
  useValueFromBeforeHydration(input, text, store);

  const closedDayWords = ({ closed, nextBankingDay }: ClosedDayAhead) =>
    t('closedDay', {
      day: closed.kind === 'weekend' ? closed.day : 'holiday',
      holiday: closed.kind === 'holiday' ? closed.holiday.name[locale] : '',
      next: formatDate(nextBankingDay, locale, { weekday: true }),
    });

  const unreadable = typed.kind === 'unreadable' && isSubmitted;
  return (
    <TextField
      ref={input}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      hint={
        typed.kind === 'date'
          ? [
              t('dateShown', { date: formatDate(typed.date, locale, { weekday: true }) }),
              closed && closedDayWords(closed),
            ]
              .filter(Boolean)
              .join(' ')
          : // The error names the format itself.
            [hint, unreadable ? undefined : t('dateFormat')].filter(Boolean).join(' ') || undefined
      }
      error={unreadable ? t('dateUnreadable') : schemaError}
      onChange={(event) => store(event.target.value)}
    />
  );
}
