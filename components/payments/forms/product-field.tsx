'use client';

import { useTranslations } from 'next-intl';
import type { PaymentProduct } from '@/lib/bank/payments';

/** The payment product: to a bank account (`credit-transfers`) or to a card (`card-deposits`). */
export function ProductField({
  value,
  onChange,
}: {
  value: PaymentProduct;
  onChange: (product: PaymentProduct) => void;
}) {
  const t = useTranslations('forms.common');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{t('product')}</legend>
      <div className="flex flex-wrap gap-6">
        {(
          [
            ['credit-transfers', t('productTransfer')],
            ['card-deposits', t('productCard')],
          ] as const
        ).map(([product, label]) => (
          <label key={product} className="flex items-center gap-2">
            <input
              type="radio"
              name="product"
              value={product}
              checked={value === product}
              onChange={() => onChange(product)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
