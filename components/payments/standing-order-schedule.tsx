import { getTranslations } from 'next-intl/server';
import { ExecutionDatesTable } from '@/components/payments/execution-dates-table';
import type { Payment } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { todayInReykjavik } from '@/lib/payments/calendar';
import { describeSchedule } from '@/lib/payments/schedule-words';
import { type StandingOrderSchedule, standingOrderSchedule } from '@/lib/payments/standing-order';
import { awaitsAuthorisation } from '@/lib/payments/status';
import type { PaymentView } from '@/lib/payments/view';

/** describeSchedule in the request's language. */
export async function scheduleText(schedule: StandingOrderSchedule, locale: Locale): Promise<string> {
  const [t, tf] = await Promise.all([getTranslations('standingOrders'), getTranslations('forms.periodic')]);
  return describeSchedule(schedule, locale, { t, tf });
}

/**
 * Why a standing order has no next payment date, by what the bank says of it: the standingOrders message, as its
 * page and the list of standing orders say it.
 */
export function noNextDatesKey(view: Pick<PaymentView, 'statusClass' | 'cancellable' | 'outcome'>) {
  // Not yet confirmed, it has no dates at all, whatever its end date.
  if (awaitsAuthorisation(view.statusClass)) return 'noNextUnconfirmed';
  if (view.cancellable) return 'noneLeft';
  if (view.statusClass === 'cancelled') return 'noNextCancelled';
  // Declined at the bank (or its confirmation failed) is the PSU's not confirming it, not the bank's refusal.
  if (view.outcome === 'declined') return 'noNextUnconfirmedEnded';
  if (view.statusClass === 'rejected') return 'noNextRejected';
  return 'noNext';
}

/** On a standing order's page: its schedule as sent, and its next dates by the holiday-aware calendar. */
export async function StandingOrderScheduleSection({
  payment,
  view,
  locale,
}: {
  payment: Payment;
  view: PaymentView;
  locale: Locale;
}) {
  const [t, ts] = await Promise.all([getTranslations('story'), getTranslations('standingOrders')]);
  const schedule = standingOrderSchedule(payment, todayInReykjavik());
  return (
    <section
      aria-labelledby="schedule-heading"
      className="rounded border border-slate-200 bg-white p-4"
      data-testid="payment-schedule"
    >
      <h2 id="schedule-heading" className="text-lg font-semibold">
        {t('schedule')}
      </h2>
      <p data-testid="schedule">{await scheduleText(schedule, locale)}</p>
      <h3 id="next-dates-heading" className="mt-3 font-medium">
        {t('nextDates')}
      </h3>
      {schedule.next.length > 0 ? (
        <ExecutionDatesTable
          dates={schedule.next}
          locale={locale}
          name={{ labelledBy: 'next-dates-heading' }}
        />
      ) : (
        <p className="text-sm text-slate-700">{ts(noNextDatesKey(view))}</p>
      )}
    </section>
  );
}
