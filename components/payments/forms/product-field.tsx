'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PaymentProduct } from '@/lib/bank/payments';
import { AccountField, MaskedPanField } from './account-field';
import { DebtorAccountField } from './debtor-account-field';
import { PayeeSearch } from './payee-search';
import { SavePayeeFromForm } from './save-payee-from-form';
import { type PayeeChoice, useSavedChoices } from './saved-choices';

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
 * and kennitala) for a transfer, a card number for a card deposit. The paying account is picked
 * from the PSU's own; a saved payee, found by typing, fills in the payee's (and `nameField`, where
 * the form has the payee's name), and the payee typed may be saved.
 */
export function ProductAccountFields({
  initialProduct = 'credit-transfers',
  nameField,
}: {
  initialProduct?: PaymentProduct;
  nameField?: string;
}) {
  const t = useTranslations('forms.fields');
  const { payees } = useSavedChoices();
  const { setValue } = useFormContext();
  const [product, setProduct] = useState<PaymentProduct>(initialProduct);
  // A chosen payee replaces what the account field shows: it is drawn afresh with the new value.
  const [chosen, setChosen] = useState(0);
  const choose = (payee: PayeeChoice) => {
    const next = payee.accountKind === 'maskedPan' ? 'card-deposits' : 'credit-transfers';
    setProduct(next);
    setValue(
      'payment.creditorAccount',
      payee.accountKind === 'maskedPan' ? { maskedPan: payee.account } : { iban: payee.account },
      { shouldDirty: true },
    );
    if (nameField) setValue(nameField, payee.name, { shouldDirty: true });
    setChosen((n) => n + 1);
  };
  return (
    <>
      <ProductField
        value={product}
        onChange={(next) => {
          setProduct(next);
          setValue('payment.creditorAccount', next === 'card-deposits' ? { maskedPan: '' } : { iban: '' });
        }}
      />
      <DebtorAccountField name="payment.debtorAccount" label={t('debtorAccount')} />
      {payees.length > 0 && <PayeeSearch payees={payees} onChoose={choose} />}
      {product === 'card-deposits' ? (
        <MaskedPanField key={chosen} name="payment.creditorAccount" label={t('maskedPan')} />
      ) : (
        <AccountField key={chosen} name="payment.creditorAccount" label={t('creditorAccount')} />
      )}
      <SavePayeeFromForm nameField={nameField} />
    </>
  );
}
