import { usePageLocale } from '@/components/ui/use-page-locale';
import { formatAmount } from '@/lib/format';

/** An amount as the page's language writes it; renders the same on the server and in the browser. */
export function Amount({ amount, currency }: { amount: string; currency: string }) {
  const locale = usePageLocale();
  return (
    <span className="tabular-nums" data-amount={amount} data-currency={currency}>
      {formatAmount(amount, currency, locale)}
    </span>
  );
}
