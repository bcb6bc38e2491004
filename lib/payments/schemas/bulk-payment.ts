import { z } from 'zod';
import {
  array,
  boolean,
  dateTime,
  type Layer,
  notInPast,
  object,
  pastDateIssue,
  rangeText,
  text,
} from './fields';
import { issueMessage } from './issue-message';
import { accountReferenceSchema, amountSchema, remittanceInformationStructuredSchema } from './shared';

const nullableText = () => text().nullable().optional();

/**
 * Spec 2.3 bulk element. Strings are nullable and have no length bounds. It must not carry
 * `requestedExecutionDate` (that belongs on the bulk body), whatever its value, even null.
 */
export function bulkPaymentElementSchema(layer: Layer) {
  return object(
    {
      endToEndIdentification: nullableText(),
      instructionIdentification: nullableText(),
      resourceId: nullableText(),
      debtorId: nullableText(),
      debtorAccount: accountReferenceSchema(layer).optional(),
      ultimateDebtor: nullableText(),
      ultimateDebtorId: nullableText(),
      instructedAmount: amountSchema(layer),
      creditorAccount: accountReferenceSchema(layer),
      creditorId: nullableText(),
      ultimateCreditor: nullableText(),
      ultimateCreditorId: nullableText(),
      icelandicPurposeCode: nullableText(),
      centralBankPurposeCode: nullableText(),
      remittanceInformationUnstructured: nullableText(),
      remittanceInformationStructuredArray: array(remittanceInformationStructuredSchema(layer)).optional(),
      partialPayment: boolean().optional(),
      requestedExecutionDate: z
        .never({ error: issueMessage('validation.bulkElement.requestedExecutionDate') })
        .optional(),
    },
    layer === 'form',
  );
}

/**
 * Spec 2.3 bulk body (`bulk-payments`). `paymentInformationId` is 1 to 35 characters and unique
 * per bulk at the bank (a reused value is rejected as a duplicate; only the bank can tell). The
 * form also wants at least one payment.
 */
export function bulkPaymentSchema(layer: Layer) {
  const payments = array(bulkPaymentElementSchema(layer));
  const schema = object(
    {
      batchBookingPreferred: boolean().optional(),
      debtorAccount: accountReferenceSchema(layer).optional(),
      paymentInformationId: rangeText(1, 35),
      requestedExecutionDate: dateTime().optional(),
      payments:
        layer === 'form' ? payments.min(1, { error: issueMessage('validation.bulk.empty') }) : payments,
      chargesAccount: accountReferenceSchema(layer).optional(),
    },
    layer === 'form',
  );
  if (layer === 'wire') return schema;
  return schema.superRefine((body, ctx) => {
    if (!notInPast(body.requestedExecutionDate)) ctx.addIssue(pastDateIssue(['requestedExecutionDate']));
  });
}

export const BulkPaymentElementWireSchema = bulkPaymentElementSchema('wire');
export const BulkPaymentElementSchema = bulkPaymentElementSchema('form');
export const BulkPaymentWireSchema = bulkPaymentSchema('wire');
export const BulkPaymentSchema = bulkPaymentSchema('form');

export type BulkPaymentElement = z.infer<typeof BulkPaymentElementWireSchema>;
export type BulkPaymentInitiation = z.infer<typeof BulkPaymentWireSchema>;
export type BulkPaymentForm = z.infer<typeof BulkPaymentSchema>;
