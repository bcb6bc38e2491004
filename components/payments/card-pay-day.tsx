import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatDate } from '@/lib/format';

/**
 * In a payment's card on a phone, where the list's pay-day column is hidden: the day it is paid on, a standing
 * order's first, each a line of its own words (the column's "Frá …" would begin a sentence after a colon).
 * `ended`: refused, rejected or cancelled (`endedUnpaid`), where a standing order's first day is told as past.
 */
export function CardPayDay({ service, payDay, ended }: { service: string; payDay: string; ended: boolean }) {
  const t = useTranslations('payments.card');
  const date = formatDate(payDay, usePageLocale());
  return (
    <span className="block text-xs text-slate-600 lg:hidden" data-pay-day-phone="">
      {service !== 'periodic-payments'
        ? t('payDay', { date })
        : ended
          ? t('endedFirstPayDay', { date })
          : t('firstPayDay', { date })}
    </span>
  );
}
