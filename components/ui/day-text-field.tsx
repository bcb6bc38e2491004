import type { ComponentProps } from 'react';
import { typedDateText } from '@/lib/payments/calendar/typed-date';
import { TextField } from './text-field';

/**
 * A day in a plain form (a filter, a period), typed day first as the payment forms take it ("15.03.2027";
 * lib/forms/day-param.ts reads it), never the browser's own date picker, whose order follows the browser's
 * language rather than the page's. `hint` names the format.
 */
export function DayTextField(props: { label: string; name: string; hint: string } & ComponentProps<'input'>) {
  return <TextField inputMode="decimal" autoComplete="off" spellCheck={false} {...props} />;
}

/** The first and last day of a filter, named `from` and `to`; `days` as YYYY-MM-DD, shown as typed ("15.03.2027"). */
export function DayRangeFields({
  labels,
  hint,
  days,
}: {
  labels: Record<'from' | 'to', string>;
  hint: string;
  days: Partial<Record<'from' | 'to', string>>;
}) {
  return (['from', 'to'] as const).map((name) => {
    const day = days[name];
    return (
      <DayTextField
        key={name}
        label={labels[name]}
        name={name}
        hint={hint}
        defaultValue={day ? typedDateText(day) : ''}
      />
    );
  });
}
