'use client';

import { useTranslations } from 'next-intl';
import type { z } from 'zod/mini';
import { AccountField } from '@/components/payments/forms/account-field';
import { AddressFields, useCreditorAbroad } from '@/components/payments/forms/address-fields';
import { AmountField } from '@/components/payments/forms/amount-field';
import {
  ChargeBearerField,
  CheckboxField,
  MoreDetails,
  OptionalTextField,
  PurposeCodeField,
} from '@/components/payments/forms/choice-fields';
import { DateField } from '@/components/payments/forms/date-field';
import { PaymentForm, usePaymentForm } from '@/components/payments/forms/payment-form';
import { ProductAccountFields } from '@/components/payments/forms/product-field';
import { RemittanceField } from '@/components/payments/forms/remittance-field';
import { StructuredReferences } from '@/components/payments/forms/structured-references';
import { deferSchema } from '@/lib/forms/deferred-schema';
import { initiateSinglePaymentAction } from '@/lib/payments/actions/initiate-single-payment';
import type { CountryChoice } from '@/lib/payments/countries';
import type { FormPrefill } from '@/lib/payments/saved/pay-again';
import { REMITTANCE_UNSTRUCTURED_MAX } from '@/lib/payments/schemas/limits';
import type { singleSubmissionSchema } from '@/lib/payments/submission';
import { creditorAgentAsTyped } from './forms/creditor-agent';

type FormValues = z.output<typeof singleSubmissionSchema>;

const loadSchema = deferSchema(() =>
  import('@/lib/payments/submission').then((module) => module.singleSubmissionSchema),
);

/** Values a page fills in ahead of the PSU (a bill to pay); the PSU may still change every one. */
export interface SinglePaymentPrefill {
  debtorIban?: string;
  creditorIban: string;
  creditorName?: string;
  amount: string;
  currency: string;
  remittance?: string;
  /** "This is a part payment of a bill" ticked: a bill whose bank did not say what is left is paid in parts. */
  partialPayment?: boolean;
}

/** Spec 2.1 single payment: every field reachable, the rare ones under "more details". */
export function SinglePaymentForm({
  submissionId,
  prefill,
  initial,
  countries,
}: {
  submissionId: string;
  /** The countries of the addresses, by name in the page's language (made on the server). */
  countries: readonly CountryChoice[];
  prefill?: SinglePaymentPrefill;
  /** A past payment's values (pay again). */
  initial?: FormPrefill;
}) {
  const t = useTranslations('forms');
  const form = usePaymentForm<FormValues>({
    schema: loadSchema,
    submissionId,
    payment: {
      debtorAccount: { iban: prefill?.debtorIban ?? '' },
      creditorAccount: { iban: prefill?.creditorIban ?? '' },
      instructedAmount: { currency: prefill?.currency ?? 'ISK', amount: prefill?.amount ?? '' },
      ...(prefill?.creditorName ? { creditorName: prefill.creditorName } : {}),
      ...(prefill?.remittance ? { remittanceInformationUnstructured: prefill.remittance } : {}),
      ...(prefill?.partialPayment ? { partialPayment: true } : {}),
      ...initial?.payment,
    },
  });
  const onSubmit = form.handleSubmit((values) => form.submit(initiateSinglePaymentAction, values));
  // Banks ask for the address of a recipient abroad: it is then asked for beside the recipient.
  const abroad = useCreditorAbroad(form.methods);
  const creditorAddress = (
    <AddressFields
      name="payment.creditorAddress"
      legend={t('fields.creditorAddress')}
      hint={abroad ? t('fields.creditorAddressAbroad') : undefined}
      countries={countries}
    />
  );

  return (
    <PaymentForm form={form} onSubmit={onSubmit}>
      <ProductAccountFields initialProduct={initial?.product} nameField="payment.creditorName" />
      <OptionalTextField name="payment.creditorName" label={t('fields.creditorName')} />
      {abroad && creditorAddress}
      <AmountField name="payment.instructedAmount" />
      <RemittanceField
        name="payment.remittanceInformationUnstructured"
        label={t('fields.remittance')}
        max={REMITTANCE_UNSTRUCTURED_MAX}
      />
      <DateField
        name="payment.requestedExecutionDate"
        label={t('fields.requestedExecutionDate')}
        hint={t('fields.requestedExecutionDateHint')}
        closedDayNote
      />
      <PurposeCodeField name="payment.icelandicPurposeCode" />
      <MoreDetails>
        <ChargeBearerField name="payment.chargeBearer" />
        <OptionalTextField name="payment.endToEndIdentification" label={t('fields.endToEndIdentification')} />
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
        {abroad ? null : creditorAddress}
        <OptionalTextField
          name="payment.creditorAgent"
          label={t('fields.creditorAgent')}
          transform={creditorAgentAsTyped}
        />
        <OptionalTextField name="payment.creditorAgentName" label={t('fields.creditorAgentName')} />
        <AddressFields
          name="payment.creditorAgentAddress"
          legend={t('fields.creditorAgentAddress')}
          countries={countries}
        />
        <OptionalTextField name="payment.centralBankPurposeCode" label={t('fields.centralBankPurposeCode')} />
        <OptionalTextField name="payment.serviceLevel" label={t('fields.serviceLevel')} />
      </MoreDetails>
    </PaymentForm>
  );
}
