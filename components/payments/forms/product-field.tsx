'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PaymentProduct } from '@/lib/bank/payments';
import { AccountField, MaskedPanField } from './account-field';

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

/**
 * The product with the paying account and the payee's: an account (IBAN, or a domestic number
 * and kennitala) for a transfer, a card number for a card deposit.
 */
export function ProductAccountFields() {
  const t = useTranslations('forms.fields');
  const { setValue } = useFormContext();
  const [product, setProduct] = useState<PaymentProduct>('credit-transfers');
  return (
    <>
      <ProductField
        value={product}
        onChange={(next) => {
          setProduct(next);
          setValue('payment.creditorAccount', next === 'card-deposits' ? { maskedPan: '' } : { iban: '' });
        }}
      />
      <AccountField name="payment.debtorAccount" label={t('debtorAccount')} />
      {product === 'card-deposits' ? (
        <MaskedPanField name="payment.creditorAccount" label={t('maskedPan')} />
      ) : (
        <AccountField name="payment.creditorAccount" label={t('creditorAccount')} />
      )}
    </>
  );
}
