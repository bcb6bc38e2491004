'use client';

import { useTranslations } from 'next-intl';
import type { z } from 'zod/mini';
import { deferSchema } from '@/lib/forms/deferred-schema';
import { changeStandingOrderAction } from '@/lib/payments/actions/change-standing-order';
import { initiatePeriodicPaymentAction } from '@/lib/payments/actions/initiate-periodic-payment';
import type { FormPrefill } from '@/lib/payments/saved/pay-again';
import { DAYS_OF_EXECUTION, EXECUTION_RULES, FREQUENCY_CODES } from '@/lib/payments/schemas/enums';
import {
  PERIODIC_REMITTANCE_STRUCTURED_MAX,
  REMITTANCE_UNSTRUCTURED_MAX,
} from '@/lib/payments/schemas/limits';
import type { periodicSubmissionSchema } from '@/lib/payments/submission';
import { AmountField } from './amount-field';
import {
  MoreDetails,
  OptionalTextField,
  PurposeCodeField,
  RegisteredSelect as Select,
} from './choice-fields';
import { DateField } from './date-field';
import { useDebtorBank } from './debtor-bank';
import { ExecutionPreview, loadNextExecutionDates } from './execution-preview';
import { PaymentForm, usePaymentForm } from './payment-form';
import { ProductAccountFields } from './product-field';
import { RemittanceField } from './remittance-field';

type FormValues = z.output<typeof periodicSubmissionSchema>;

const loadSchema = deferSchema(() =>
  import('@/lib/payments/submission').then((module) => module.periodicSubmissionSchema),
);

/**
 * Spec 2.2 periodic payment (standing order) with a live preview of the next 12 dates, the PSU's name
 * for it and the recipient's name (kept with the payment; the bank body has no place for them). With
 * `changeOf`, it changes that standing order: sending cancels the old order at the bank, then makes
 * this one (lib/payments/standing-order-change.ts), as `beforeSubmit` tells the PSU.
 */
export function PeriodicPaymentForm({
  submissionId,
  initial,
  changeOf,
  beforeSubmit,
}: {
  submissionId: string;
  /** A past standing order's values (pay again, a template, or the order being changed). */
  initial?: FormPrefill;
  /** The standing order this form replaces. */
  changeOf?: { paymentId: string; submitLabel: string };
  beforeSubmit?: React.ReactNode;
}) {
  const t = useTranslations('forms');
  const tn = useTranslations('standingOrderNames');
  const form = usePaymentForm<FormValues>({
    extra: { label: initial?.names?.label ?? '', creditorName: initial?.names?.creditorName ?? '' },
    schema: loadSchema,
    preload: loadNextExecutionDates,
    submissionId,
    payment: {
      debtorAccount: { iban: '' },
      creditorAccount: { iban: '' },
      instructedAmount: { currency: 'ISK', amount: '' },
      frequency: 'Monthly',
      dayOfExecution: '',
      executionRule: '',
      ...initial?.payment,
    },
  });
  const onSubmit = form.handleSubmit((values) =>
    changeOf
      ? form.submit(changeStandingOrderAction, { ...values, oldPaymentId: changeOf.paymentId })
      : form.submit(initiatePeriodicPaymentAction, values),
  );

  return (
    <PaymentForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={changeOf?.submitLabel}
      beforeSubmit={beforeSubmit}
    >
      <OptionalTextField name="label" label={tn('label')} hint={tn('labelHint')} />
      <ProductAccountFields
        initialProduct={initial?.product}
        service="periodic-payments"
        nameField="creditorName"
      />
      <OptionalTextField name="creditorName" label={t('fields.creditorName')} />
      <AmountField name="payment.instructedAmount" />
      <RemittanceField
        name="payment.remittanceInformationUnstructured"
        label={t('fields.remittance')}
        max={REMITTANCE_UNSTRUCTURED_MAX}
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
        <OptionalTextField name="payment.endToEndIdentification" label={t('fields.endToEndIdentification')} />
        <StandingOrderReferenceField label={t('periodic.remittanceStructured')} />
        <OptionalTextField name="payment.debtorId" label={t('fields.debtorId')} />
        <OptionalTextField name="payment.creditorId" label={t('fields.creditorId')} />
      </MoreDetails>
    </PaymentForm>
  );
}

/** The order's structured reference, counted against what the paying account's bank takes (at most ours). */
function StandingOrderReferenceField({ label }: { label: string }) {
  const { bank } = useDebtorBank();
  return (
    <RemittanceField
      name="payment.remittanceInformationStructured"
      label={label}
      max={Math.min(bank?.standingOrderReferenceMax ?? Infinity, PERIODIC_REMITTANCE_STRUCTURED_MAX)}
    />
  );
}
