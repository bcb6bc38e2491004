'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import type { PaymentProduct } from '@/lib/bank/payments';
import { initiatePeriodicPayment } from '@/lib/payments/actions/initiate-periodic-payment';
import {
  DAYS_OF_EXECUTION,
  EXECUTION_RULES,
  FREQUENCY_CODES,
  PeriodicPaymentSchema,
} from '@/lib/payments/schemas';
import { periodicSubmissionSchema } from '@/lib/payments/submission';
import { AccountField, MaskedPanField } from './account-field';
import { AmountField } from './amount-field';
import {
  MoreDetails,
  OptionalTextField,
  PurposeCodeField,
  ScaLanguageField,
  RegisteredSelect as Select,
} from './choice-fields';
import { DateField } from './date-field';
import { ErrorSummary, useInvalidFields } from './error-summary';
import { ExecutionPreview } from './execution-preview';
import { useFormLocale } from './messages';
import { ProductField } from './product-field';
import { RemittanceField } from './remittance-field';
import { formResolver } from './resolver';
import { usePaymentSubmit } from './use-payment-submit';

type FormValues = z.output<typeof periodicSubmissionSchema>;

/** Spec 2.2 periodic payment (standing order) with a live preview of the next 12 dates. */
export function PeriodicPaymentForm({ submissionId }: { submissionId: string }) {
  const t = useTranslations('forms');
  const locale = useFormLocale();
  const [product, setProduct] = useState<PaymentProduct>('credit-transfers');
  const methods = useForm<FieldValues, unknown, FormValues>({
    resolver: formResolver<FieldValues, FormValues>(periodicSubmissionSchema),
    shouldFocusError: false,
    defaultValues: {
      submissionId,
      scaLanguage: locale,
      payment: {
        debtorAccount: { iban: '' },
        creditorAccount: { iban: '' },
        instructedAmount: { currency: 'ISK', amount: '' },
        frequency: 'Monthly',
        dayOfExecution: '',
        executionRule: '',
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
  const onSubmit = handleSubmit((values) => submit(() => initiatePeriodicPayment(values)), requestFocus);

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
        <AmountField name="payment.instructedAmount" />
        <RemittanceField
          name="payment.remittanceInformationUnstructured"
          label={t('fields.remittance')}
          schema={PeriodicPaymentSchema.shape.remittanceInformationUnstructured}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select name="payment.frequency" label={t('periodic.frequency')}>
            {FREQUENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`periodic.frequencyOption.${code}`)}
              </option>
            ))}
          </Select>
          <Select name="payment.dayOfExecution" label={t('periodic.dayOfExecution')}>
            <option value="">{t('periodic.dayOfExecutionDefault')}</option>
            {DAYS_OF_EXECUTION.map((day) => (
              <option key={day} value={day}>
                {day === '31' ? t('periodic.dayOfExecutionLast') : day}
              </option>
            ))}
          </Select>
          <DateField name="payment.startDate" label={t('periodic.startDate')} />
          <DateField name="payment.endDate" label={t('periodic.endDate')} hint={t('periodic.endDateHint')} />
        </div>
        <Select name="payment.executionRule" label={t('periodic.executionRule')}>
          <option value="">{t('periodic.executionRuleDefault')}</option>
          {EXECUTION_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {t(`periodic.executionRuleOption.${rule}`)}
            </option>
          ))}
        </Select>
        <ExecutionPreview />
        <PurposeCodeField name="payment.icelandicPurposeCode" />
        <MoreDetails>
          <OptionalTextField
            name="payment.endToEndIdentification"
            label={t('fields.endToEndIdentification')}
          />
          <RemittanceField
            name="payment.remittanceInformationStructured"
            label={t('periodic.remittanceStructured')}
            schema={PeriodicPaymentSchema.shape.remittanceInformationStructured}
          />
          <OptionalTextField name="payment.debtorId" label={t('fields.debtorId')} />
          <OptionalTextField name="payment.creditorId" label={t('fields.creditorId')} />
        </MoreDetails>
        <ScaLanguageField />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('common.submitting') : t('common.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
