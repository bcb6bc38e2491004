import { typedDateText } from '@/lib/payments/calendar/typed-date';
import { TextField } from './text-field';

/**
 * The first and last day of a plain form (a filter, a period), named `from` and `to`, typed day first as the payment
 * forms take them ("15.03.2027"; lib/forms/day-param.ts reads them), never the browser's own date picker, whose
 * order follows the browser's language rather than the page's. `days` as YYYY-MM-DD are shown as typed; a field's
 * `typed` text, where given, is shown as it is (what a refused form comes back with), with `typedError` beside it
 * where that says why. `hint` names the format. `required`: both are needed, which the form's answer says in words,
 * not the browser.
 */
export function DayRangeFields({
  labels,
  hint,
  days,
  typed = {},
  typedError,
  required = false,
}: {
  labels: Record<'from' | 'to', string>;
  hint: string;
  days: Partial<Record<'from' | 'to', string>>;
  typed?: Partial<Record<'from' | 'to', string>>;
  typedError?: string;
  required?: boolean;
}) {
  return (['from', 'to'] as const).map((name) => {
    const day = days[name];
    return (
      <TextField
        key={name}
        label={labels[name]}
        name={name}
        hint={hint}
        error={typed[name] === undefined ? undefined : typedError}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-required={required || undefined}
        defaultValue={typed[name] ?? (day ? typedDateText(day) : '')}
      />
    );
  });
}
