import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatAmount } from '@/lib/format';

/**
 * What a partly paid bill is (IOBWS-Claims 3.1 claimDetails `isPartiallyPaid`): what the bill was for (`amount`)
 * and what is left to pay (`totalAmountDue`), so that the PSU neither takes what is left for the whole bill nor
 * pays the whole again. How much was paid is not said: the claim does not give it, and what is due may hold
 * costs added since (the reference's `totalAmountDue` is the total to be paid), so the difference is not it. Where
 * the bank did not say what is left (`left` null), the note says so.
 */
export function PartlyPaidNote({
  amount,
  left,
  currency,
}: {
  amount: string;
  left: string | null;
  currency: string;
}) {
  const t = useTranslations('bills');
  const locale = usePageLocale();
  return (
    <p className="text-sm" data-testid="partly-paid">
      {left === null
        ? t('partlyPaidLeftUnknown', { amount: formatAmount(amount, currency, locale) })
        : t('partlyPaid', {
            amount: formatAmount(amount, currency, locale),
            left: formatAmount(left, currency, locale),
          })}
    </p>
  );
}
