import { formatDate, formatDateTime } from '@/lib/format';
import { usePageLocale } from './use-page-locale';

/**
 * A date or a moment as the page's language writes it, in a `<time>` that carries the machine
 * value. `time` adds the clock ("7. des. 2026 kl. 13:05"), `seconds` its seconds.
 */
export function DateText({
  value,
  time = false,
  seconds = false,
  className,
}: {
  value: string;
  time?: boolean;
  seconds?: boolean;
  className?: string;
}) {
  const locale = usePageLocale();
  return (
    <time dateTime={value} className={className}>
      {time ? formatDateTime(value, locale, { seconds }) : formatDate(value, locale)}
    </time>
  );
}
