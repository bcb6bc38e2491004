'use client';

import { useTranslations } from 'next-intl';
import { formatAmount, withShownNumbers } from '@/lib/format';
import type { sumByCurrency } from '@/lib/payments/money';
import { useFormLocale } from './messages';

/** The sum of the bulk's good payments, per currency. */
export function BulkTotals({ totals }: { totals: ReturnType<typeof sumByCurrency> }) {
  const t = useTranslations('forms');
  const locale = useFormLocale();
  if (totals.length === 0) return null;
  return (
    <div className="rounded border border-slate-300 bg-white p-4" data-testid="bulk-totals">
      <h3 className="font-medium">{t('bulk.totals')}</h3>
      <ul className="mt-1 text-sm tabular-nums">
        {totals.map((total) => (
          <li key={total.currency} data-currency={total.currency} data-amount={total.amount}>
            {t(
              'bulk.totalLine',
              withShownNumbers(
                { amount: formatAmount(total.amount, total.currency, locale), count: total.count },
                locale,
              ),
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
