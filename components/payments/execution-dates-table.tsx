import { useTranslations } from 'next-intl';
import { listOfNames } from '@/lib/bank/bank-name';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { addIsoDays, closedDayOf, type ExecutionDate } from '@/lib/payments/calendar';

/**
 * Why a date moved: every closed day it was moved over, from the day the schedule names to the one before the day
 * it is paid on (or after, moved back), each named once: "helgi og frídagur verslunarmanna" for a Sunday before a
 * bank holiday Monday.
 */
function movedOver({ scheduled, execution }: ExecutionDate, locale: Locale, weekend: string): string {
  const step = execution > scheduled ? 1 : -1;
  const reasons: string[] = [];
  for (let day = scheduled; day !== execution; day = addIsoDays(day, step)) {
    const closed = closedDayOf(day);
    // A holiday's name inside a sentence is written in lower case in Icelandic ("jóladagur").
    const reason =
      closed &&
      (closed.kind === 'holiday'
        ? locale === 'is'
          ? closed.holiday.name.is.toLocaleLowerCase('is')
          : closed.holiday.name.en
        : weekend);
    if (reason && !reasons.includes(reason)) reasons.push(reason);
  }
  return reasons.length === 0 ? weekend : listOfNames(reasons, locale);
}

/**
 * Execution dates of a standing order (lib/payments/calendar): the day the schedule names and the
 * banking day it is paid on, with why it moved. The periodic form's preview and the standing
 * orders page both show their dates with it.
 */
export function ExecutionDatesTable({
  dates,
  locale,
  name,
}: {
  dates: readonly ExecutionDate[];
  locale: Locale;
  /** The table's name for a screen reader: a caption of its own, or the heading just above it (its id). */
  name: { caption: string } | { labelledBy: string };
}) {
  const t = useTranslations('forms.periodic');
  const show = (iso: string) => formatDate(iso, locale, { weekday: true });
  return (
    <table
      className="mt-2 w-full text-sm"
      data-testid="execution-preview"
      aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
    >
      {'caption' in name && <caption className="sr-only">{name.caption}</caption>}
      <thead>
        <tr className="text-left">
          <th scope="col" className="py-1 pr-4 font-medium">
            {t('previewScheduled')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('previewExecution')}
          </th>
        </tr>
      </thead>
      <tbody>
        {dates.map((date) => {
          const moved = date.execution !== date.scheduled;
          const reason = moved ? movedOver(date, locale, t('weekend')) : '';
          return (
            <tr
              key={date.scheduled}
              data-scheduled={date.scheduled}
              data-execution={date.execution}
              className="border-t border-slate-200"
            >
              <td className="py-1 pr-4 tabular-nums">{show(date.scheduled)}</td>
              <td className="py-1 tabular-nums">
                {show(date.execution)}
                {moved && <span className="ml-2 text-amber-800">{t('previewMoved', { reason })}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
