'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { AccountField, MaskedPanField } from './account-field';
import { DebtorBankNote, offeredProducts, useDebtorBank } from './debtor-bank';

const ALL_PRODUCTS: readonly PaymentProduct[] = ['credit-transfers', 'card-deposits'];

/** The payment product: to a bank account (`credit-transfers`) or to a card (`card-deposits`). */
export function ProductField({
  value,
  onChange,
  offered = ALL_PRODUCTS,
}: {
  value: PaymentProduct;
  onChange: (product: PaymentProduct) => void;
  /** The products the paying account's bank offers (debtor-bank.tsx); the others are not shown. */
  offered?: readonly PaymentProduct[];
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
        )
          .filter(([product]) => offered.includes(product))
          .map(([product, label]) => (
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
export function ProductAccountFields({ service = 'payments' }: { service?: PaymentService }) {
  const t = useTranslations('forms.fields');
  const { setValue } = useFormContext();
  const [chosen, setProduct] = useState<PaymentProduct>('credit-transfers');
  const offered = offeredProducts(useDebtorBank(), ALL_PRODUCTS);
  // A product the paying account's bank does not offer falls back to a transfer, as the form then shows.
  const product = offered.includes(chosen) ? chosen : 'credit-transfers';
  useEffect(() => {
    if (product !== chosen) {
      setProduct(product);
      setValue('payment.creditorAccount', { iban: '' });
    }
  }, [product, chosen, setValue]);
  return (
    <>
      <ProductField
        value={product}
        offered={offered}
        onChange={(next) => {
          setProduct(next);
          setValue('payment.creditorAccount', next === 'card-deposits' ? { maskedPan: '' } : { iban: '' });
        }}
      />
      <AccountField name="payment.debtorAccount" label={t('debtorAccount')} />
      <DebtorBankNote service={service} />
      {product === 'card-deposits' ? (
        <MaskedPanField name="payment.creditorAccount" label={t('maskedPan')} />
      ) : (
        <AccountField name="payment.creditorAccount" label={t('creditorAccount')} />
      )}
    </>
  );
}
