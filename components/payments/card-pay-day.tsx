import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatDate } from '@/lib/format';

/**
 * In a payment's card on a phone, where the list's pay-day column is hidden: the day it is paid on, a standing
 * order's first, each a line of its own words (the column's "Frá …" would begin a sentence after a colon).
 * `ended`: refused, rejected or cancelled (`endedUnpaid`), where the day is told as one that was to be, not one
 * still to come: a payment's day, or a standing order's first.
 */
export function CardPayDay({ service, payDay, ended }: { service: string; payDay: string; ended: boolean }) {
  const t = useTranslations('payments.card');
  const date = formatDate(payDay, usePageLocale());
  return (
    <span className="block text-xs text-slate-600 lg:hidden" data-pay-day-phone="">
      {service !== 'periodic-payments'
        ? t(ended ? 'endedPayDay' : 'payDay', { date })
        : t(ended ? 'endedFirstPayDay' : 'firstPayDay', { date })}
    </span>
  );
}
