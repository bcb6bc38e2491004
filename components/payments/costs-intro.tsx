import { useTranslations } from 'next-intl';
import { Amounts } from '@/components/payments/amount';
import { usePageLocale } from '@/components/ui/use-page-locale';
import type { Payment } from '@/lib/db/schema';
import { accountAsKnown } from '@/lib/format';
import { bulkRecipientsLine, bulkRecipientsOf } from '@/lib/payments/bulk-recipients';
import type { PaymentView } from '@/lib/payments/view';

/**
 * What the PSU is to accept the costs for: the payment's amount and who it pays, as its page names them (the
 * recipient's name, else the account as people write it; a bulk's recipients, a few and how many more).
 */
export function CostsIntro({
  payment,
  view,
}: {
  payment: Payment;
  view: Pick<PaymentView, 'amounts' | 'creditorName' | 'creditorAccount'>;
}) {
  const t = useTranslations('payment.costsStep');
  const tAll = useTranslations();
  const locale = usePageLocale();
  const bulk = payment.service === 'bulk-payments' ? bulkRecipientsOf(payment) : null;
  const recipient = bulk
    ? bulkRecipientsLine(bulk, locale, (others, shown) => tAll('payments.moreRecipients', { others, shown }))
    : (view.creditorName ?? accountAsKnown(view.creditorAccount));
  const several = bulk !== null && bulk.shown.length + bulk.others > 1;
  return (
    <p data-testid="costs-intro">
      {t.rich('intro', {
        amount: () => <Amounts amounts={view.amounts} />,
        recipient,
        several: several ? 'yes' : 'no',
      })}
    </p>
  );
}
