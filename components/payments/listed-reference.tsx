import { useTranslations } from 'next-intl';
import { PaymentMessage } from '@/components/payments/payment-story';
import { listedReference } from '@/lib/payments/bulk-id';

/**
 * A payment's reference in the payments list: its message or the PSU's name for a bulk, a bill's claim id as the
 * claim number people read ("Greiðsla kröfu nr. 0130-66-000123"), the id itself left to the payment's page; a bulk whose id the form made, "Fjöldagreiðsla" / "Bulk payment" (as the list's filter
 * names the kind), not that id.
 */
export function ListedReference({
  payment,
  partPayment = false,
}: {
  payment: { service: string; reference: string | null };
  /** A part payment of a bill ("Innborgun á kröfu nr."). */
  partPayment?: boolean;
}) {
  const t = useTranslations('payments');
  const listed = listedReference(payment);
  if (!listed) return null;
  // Where the column is narrow, "Fjöldagreiðsla" breaks where Icelandic breaks it ("Fjölda-greiðsla", at its soft
  // hyphen), never a letter or two from its end as the column's codes do.
  if (listed.kind === 'bulk')
    return (
      <span data-reference="bulk" className="[overflow-wrap:normal]">
        {t('bulkReference')}
      </span>
    );
  return <PaymentMessage message={listed.text} partPayment={partPayment} billId={false} />;
}
