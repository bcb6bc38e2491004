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

/** A payment's amounts, one per currency (a bulk in several currencies): "ISK 1,000 + EUR 500". */
export function Amounts({ amounts }: { amounts: readonly { amount: string; currency: string }[] }) {
  return (
    <span data-amounts={amounts.length}>
      {amounts.map((money, index) => (
        <span key={money.currency}>
          {index > 0 && ' + '}
          <Amount amount={money.amount} currency={money.currency} />
        </span>
      ))}
    </span>
  );
}
