'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AccountField, MaskedPanField } from '@/components/payments/forms/account-field';
import { AddressFields } from '@/components/payments/forms/address-fields';
import { AmountField } from '@/components/payments/forms/amount-field';
import {
  ChargeBearerField,
  CheckboxField,
  MoreDetails,
  OptionalTextField,
  PurposeCodeField,
  ScaLanguageField,
} from '@/components/payments/forms/choice-fields';
import { DateField } from '@/components/payments/forms/date-field';
import { ErrorSummary, useInvalidFields } from '@/components/payments/forms/error-summary';
import { useFormLocale } from '@/components/payments/forms/messages';
import { ProductField } from '@/components/payments/forms/product-field';
import { RemittanceField } from '@/components/payments/forms/remittance-field';
import { formResolver } from '@/components/payments/forms/resolver';
import { StructuredReferences } from '@/components/payments/forms/structured-references';
import { usePaymentSubmit } from '@/components/payments/forms/use-payment-submit';
import { Button } from '@/components/ui/button';
import type { PaymentProduct } from '@/lib/bank/payments';
import { initiateSinglePayment } from '@/lib/payments/actions/initiate-single-payment';
import { SinglePaymentSchema } from '@/lib/payments/schemas';
import { singleSubmissionSchema } from '@/lib/payments/submission';

type FormValues = z.output<typeof singleSubmissionSchema>;
// What the inputs hold before `prune` and the schema: text everywhere, possibly empty.
type FormFields = FieldValues;

const upper = (value: string) => value.trim().toUpperCase();

/** Values a page fills in ahead of the PSU (a bill to pay); the PSU may still change every one. */
export interface SinglePaymentPrefill {
  debtorIban?: string;
  creditorIban: string;
  creditorName?: string;
  amount: string;
  currency: string;
  remittance?: string;
}

/** Spec 2.1 single payment: every field reachable, the rare ones under "more details". */
export function SinglePaymentForm({
  submissionId,
  prefill,
}: {
  submissionId: string;
  prefill?: SinglePaymentPrefill;
}) {
  const t = useTranslations('forms');
  const locale = useFormLocale();
  const [product, setProduct] = useState<PaymentProduct>('credit-transfers');
  const methods = useForm<FormFields, unknown, FormValues>({
    resolver: formResolver<FormFields, FormValues>(singleSubmissionSchema),
    shouldFocusError: false,
    defaultValues: {
      submissionId,
      scaLanguage: locale,
      payment: {
        debtorAccount: { iban: prefill?.debtorIban ?? '' },
        creditorAccount: { iban: prefill?.creditorIban ?? '' },
        instructedAmount: { currency: prefill?.currency ?? 'ISK', amount: prefill?.amount ?? '' },
        ...(prefill?.creditorName ? { creditorName: prefill.creditorName } : {}),
        ...(prefill?.remittance ? { remittanceInformationUnstructured: prefill.remittance } : {}),
      },
    },
  });
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { isSubmitting, submitCount },
  } = methods;
  const { formRef, failure, focusRequest, requestFocus, submit } = usePaymentSubmit(setError);
  const invalid = useInvalidFields(formRef, focusRequest);

  const onSubmit = handleSubmit((values) => submit(() => initiateSinglePayment(values)), requestFocus);

  return (
    <FormProvider {...methods}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        <ErrorSummary visible={submitCount > 0} items={invalid} failure={failure} />
        <input type="hidden" {...register('submissionId')} />
        <ProductField
          value={product}
          onChange={(next) => {
            setProduct(next);
            setValue('payment.creditorAccount', next === 'card-deposits' ? { maskedPan: '' } : { iban: '' });
          }}
        />
        <AccountField name="payment.debtorAccount" label={t('fields.debtorAccount')} />
        {product === 'card-deposits' ? (
          <MaskedPanField name="payment.creditorAccount" label={t('fields.maskedPan')} />
        ) : (
          <AccountField name="payment.creditorAccount" label={t('fields.creditorAccount')} />
        )}
        <OptionalTextField name="payment.creditorName" label={t('fields.creditorName')} />
        <AmountField name="payment.instructedAmount" />
        <RemittanceField
          name="payment.remittanceInformationUnstructured"
          label={t('fields.remittance')}
          schema={SinglePaymentSchema.shape.remittanceInformationUnstructured}
        />
        <DateField
          name="payment.requestedExecutionDate"
          label={t('fields.requestedExecutionDate')}
          hint={t('fields.requestedExecutionDateHint')}
        />
        <PurposeCodeField name="payment.icelandicPurposeCode" />
        <MoreDetails>
          <ChargeBearerField name="payment.chargeBearer" />
          <OptionalTextField
            name="payment.endToEndIdentification"
            label={t('fields.endToEndIdentification')}
          />
          <OptionalTextField
            name="payment.instructionIdentification"
            label={t('fields.instructionIdentification')}
          />
          <StructuredReferences name="payment.remittanceInformationStructured" />
          <CheckboxField name="payment.partialPayment" label={t('fields.partialPayment')} />
          <OptionalTextField name="payment.debtorId" label={t('fields.debtorId')} />
          <OptionalTextField name="payment.ultimateDebtor" label={t('fields.ultimateDebtor')} />
          <OptionalTextField name="payment.ultimateDebtorId" label={t('fields.ultimateDebtorId')} />
          <AccountField name="payment.chargesAccount" label={t('fields.chargesAccount')} />
          <OptionalTextField name="payment.creditorId" label={t('fields.creditorId')} />
          <OptionalTextField name="payment.ultimateCreditor" label={t('fields.ultimateCreditor')} />
          <OptionalTextField name="payment.ultimateCreditorId" label={t('fields.ultimateCreditorId')} />
          <AddressFields name="payment.creditorAddress" legend={t('fields.creditorAddress')} />
          <OptionalTextField
            name="payment.creditorAgent"
            label={t('fields.creditorAgent')}
            transform={upper}
          />
          <OptionalTextField name="payment.creditorAgentName" label={t('fields.creditorAgentName')} />
          <AddressFields name="payment.creditorAgentAddress" legend={t('fields.creditorAgentAddress')} />
          <OptionalTextField
            name="payment.centralBankPurposeCode"
            label={t('fields.centralBankPurposeCode')}
          />
          <OptionalTextField name="payment.serviceLevel" label={t('fields.serviceLevel')} />
        </MoreDetails>
        <ScaLanguageField />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('common.submitting') : t('common.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
