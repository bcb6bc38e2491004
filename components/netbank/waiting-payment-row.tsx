import { useTranslations } from 'next-intl';
import { AccountNumber } from '@/components/payments/account-number';
import { Amounts } from '@/components/payments/amount';
import { BulkRecipients } from '@/components/payments/bulk-recipients';
import { CancelPayment } from '@/components/payments/cancel-payment';
import { cancelTextsOf } from '@/components/payments/cancel-texts';
import { StatusBadge } from '@/components/payments/status-badge';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { Payment } from '@/lib/db/schema';
import { formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { cancelPaymentAction } from '@/lib/payments/actions/cancel-payment';
import { listedBulkRecipients } from '@/lib/payments/bulk-recipients';
import type { PaymentView } from '@/lib/payments/view';
import type { WaitingPayment } from '@/lib/payments/waiting';

const kindKey = {
  payments: 'single',
  'periodic-payments': 'standing',
  'bulk-payments': 'bulk',
} as const;

/**
 * One payment to come on the payments-waiting page: its day first, whom it pays and how much, the
 * status the bank last reported, and cancellation where the bank may still allow it. A standing order
 * is cancelled whole, so it offers that on its next execution only, and a change of it beside.
 */
export function WaitingPaymentRow({
  item,
  payment,
}: {
  item: WaitingPayment;
  payment: PaymentView & Pick<Payment, 'label' | 'listOverview'>;
}) {
  const t = useTranslations('waiting');
  const tAll = useTranslations();
  const locale = usePageLocale();
  const standing = item.service === 'periodic-payments';
  const first = item.occurrence === 0;
  const name = payment.label ?? payment.creditorName;
  // A bulk by who it pays (its payments each pay someone), and how many payments it holds.
  const bulk = listedBulkRecipients(payment.story.bulk, payment.listOverview, payment.elementCount);
  return (
    <li
      data-payment-id={payment.id}
      data-date={item.date}
      className="rounded border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">
          <time dateTime={item.date}>{formatDate(item.date, locale, { weekday: true })}</time>
        </p>
        <p className="text-lg font-semibold">
          <Amounts amounts={payment.amounts} />
        </p>
      </div>
      <div className="mt-1 space-y-1">
        <p>
          <span className="text-sm text-slate-700">{t(`kind.${kindKey[item.service]}`)}</span>
          {name ? (
            <span className="block font-medium">{name}</span>
          ) : bulk ? (
            <span className="block font-medium">
              <BulkRecipients {...bulk} />
            </span>
          ) : null}
          {payment.label && payment.creditorName ? (
            <span className="block text-sm">{t('to', { name: payment.creditorName })}</span>
          ) : null}
        </p>
        {!bulk && (
          <div className="text-sm">
            <AccountNumber account={payment.creditorAccount} />
          </div>
        )}
        {item.scheduled ? (
          <p className="text-sm text-slate-700">
            {t('moved', { scheduled: formatDate(item.scheduled, locale, { weekday: true }) })}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <StatusBadge status={payment.displayStatus} standing={payment.service === 'periodic-payments'} />
          <Link href={`/payments/${payment.id}`} className="text-brand-700 underline underline-offset-2">
            {t('details')}
          </Link>
          {standing && first && payment.cancellable ? (
            <Link
              href={`/payments/standing-orders/${payment.id}/change`}
              className="text-brand-700 underline underline-offset-2"
            >
              {t('change')}
            </Link>
          ) : null}
        </p>
        {standing && !first ? <p className="text-sm text-slate-600">{t('laterExecution')}</p> : null}
      </div>
      {payment.cancellable && first ? (
        <div>
          {standing ? <p className="mt-3 text-sm text-slate-700">{t('cancelsWholeOrder')}</p> : null}
          <CancelPayment
            action={cancelPaymentAction}
            paymentId={payment.id}
            texts={cancelTextsOf(tAll, payment.service)}
          />
        </div>
      ) : null}
    </li>
  );
}
