'use client';

import { useLocale } from 'next-intl';
import { formatAmount } from '@/lib/payments/money';

export function Amount({ amount, currency }: { amount: string; currency: string }) {
  const locale = useLocale();
  return (
    <span className="tabular-nums">{formatAmount(amount, currency, locale === 'is' ? 'is' : 'en')}</span>
  );
}
