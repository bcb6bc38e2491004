import { useTranslations } from 'next-intl';
import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatAmount } from '@/lib/format';

/**
 * The discount the bank says the claimant grants (IOBWS-Claims 3.1 claimDetails `discountAmountOffered`), in words.
 * The reference says neither by which day it holds nor whether the amount due already takes it off, so the amount
 * due stays as the bank gives it and the PSU is told so: their bank decides whether the discount is taken off.
 */
export function DiscountNote({ discount, currency }: { discount: string; currency: string }) {
  const t = useTranslations('bills');
  const locale = usePageLocale();
  return (
    <p className="text-sm text-slate-700" data-testid="discount-offered">
      {t('discountOffered', { amount: formatAmount(discount, currency, locale) })}
    </p>
  );
}
