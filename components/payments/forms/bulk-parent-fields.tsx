'use client';

import { useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { PaymentProduct } from '@/lib/bank/payments';
import { newPaymentInformationId } from '@/lib/payments/bulk-id';
import { AccountField } from './account-field';
import { CheckboxField, MoreDetails } from './choice-fields';
import { DateField } from './date-field';
import { DebtorAccountField } from './debtor-account-field';
import { DebtorBankNote, offeredProducts, useDebtorBank } from './debtor-bank';
import { ProductField } from './product-field';
import { usePaymentFieldError } from './use-payment-field-error';
import { useRegistered } from './use-registered';

function PaymentInformationIdField() {
  const t = useTranslations('forms.bulk');
  const { setValue } = useFormContext();
  const paymentInformationId = useRegistered('payment.paymentInformationId');
  const error = usePaymentFieldError('payment.paymentInformationId');
  return (
    // The field keeps room for a whole id (GRD-20261207-WJEWAW5BNC7E); on a phone the button goes under it.
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        className="min-w-80 flex-1"
        label={t('paymentInformationId')}
        hint={t('paymentInformationIdHint')}
        autoComplete="off"
        spellCheck={false}
        error={error}
        {...paymentInformationId}
      />
      <Button
        type="button"
        variant="secondary"
        className="mb-6"
        onClick={() =>
          setValue('payment.paymentInformationId', newPaymentInformationId(), {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      >
        {t('regenerate')}
      </Button>
    </div>
  );
}

/** What the bulk as a whole carries (spec 2.3): the product, the paying account, its id and date. */
export function BulkParentFields({
  product,
  onProductChange,
}: {
  product: PaymentProduct;
  onProductChange: (product: PaymentProduct) => void;
}) {
  const t = useTranslations('forms');
  const debtorBank = useDebtorBank();
  return (
    <section aria-labelledby="bulk-parent" className="space-y-5">
      <h2 id="bulk-parent" className="text-lg font-medium">
        {t('bulk.parent')}
      </h2>
      <ProductField
        value={product}
        onChange={onProductChange}
        offered={offeredProducts(debtorBank, ['credit-transfers', 'card-deposits'])}
      />
      <DebtorAccountField name="payment.debtorAccount" label={t('fields.debtorAccount')} />
      <DebtorBankNote service="bulk-payments" />
      <PaymentInformationIdField />
      <DateField
        name="payment.requestedExecutionDate"
        label={t('fields.requestedExecutionDate')}
        hint={t('fields.requestedExecutionDateHint')}
        closedDayNote
      />
      <CheckboxField
        name="payment.batchBookingPreferred"
        label={t('bulk.batchBookingPreferred')}
        hint={t('bulk.batchBookingHint')}
      />
      <MoreDetails>
        <AccountField name="payment.chargesAccount" label={t('fields.chargesAccount')} />
      </MoreDetails>
    </section>
  );
}
