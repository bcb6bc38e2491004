'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { OwnAccountPick } from '@/components/netbank/own-account-pick';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { AccountField, MaskedPanField } from './account-field';
import { DebtorAccountField } from './debtor-account-field';
import { DebtorBankNote, offeredProducts, useDebtorBank } from './debtor-bank';
import { PayeeSearch } from './payee-search';
import { SavePayeeFromForm } from './save-payee-from-form';
import { type PayeeChoice, useSavedChoices } from './saved-choices';

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
 * and kennitala) for a transfer, a card number for a card deposit. The paying account is picked
 * from the PSU's own; a saved payee, found by typing, fills in the payee's (and `nameField`, where
 * the form has the payee's name), and the payee typed may be saved.
 */
export function ProductAccountFields({
  initialProduct = 'credit-transfers',
  nameField,
  service = 'payments',
}: {
  initialProduct?: PaymentProduct;
  nameField?: string;
  service?: PaymentService;
}) {
  const t = useTranslations('forms.fields');
  const { payees } = useSavedChoices();
  const { setValue } = useFormContext();
  const [picked, setProduct] = useState<PaymentProduct>(initialProduct);
  const offered = offeredProducts(useDebtorBank(), ALL_PRODUCTS);
  // A product the paying account's bank does not offer falls back to a transfer, as the form then shows.
  const product = offered.includes(picked) ? picked : 'credit-transfers';
  useEffect(() => {
    if (product !== picked) {
      setProduct(product);
      setValue('payment.creditorAccount', { iban: '' });
    }
  }, [product, picked, setValue]);
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
        offered={offered}
        onChange={(next) => {
          setProduct(next);
          setValue('payment.creditorAccount', next === 'card-deposits' ? { maskedPan: '' } : { iban: '' });
        }}
      />
      <DebtorAccountField name="payment.debtorAccount" label={t('debtorAccount')} />
      <DebtorBankNote service={service} />
      {payees.length > 0 && <PayeeSearch payees={payees} onChoose={choose} />}
      {product === 'credit-transfers' && <OwnAccountPick onPick={() => setChosen((n) => n + 1)} />}
      {product === 'card-deposits' ? (
        <MaskedPanField key={chosen} name="payment.creditorAccount" label={t('maskedPan')} />
      ) : (
        <AccountField key={chosen} name="payment.creditorAccount" label={t('creditorAccount')} showOwner />
      )}
      <SavePayeeFromForm nameField={nameField} />
    </>
  );
}
