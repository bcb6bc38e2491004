import * as z from 'zod/mini';
import {
  array,
  boolean,
  boundedArray,
  dateTime,
  type Layer,
  notPastDateTime,
  object,
  rangeText,
  text,
} from './fields';
import { issueMessage } from './issue-message';
import { MAX_BULK_PAYMENTS } from './limits';
import { accountReferenceSchema, amountSchema, structuredReferencesSchema } from './shared';

const nullableText = () => z.nullish(text());

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
      debtorAccount: z.optional(accountReferenceSchema(layer)),
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
      remittanceInformationStructuredArray: z.optional(structuredReferencesSchema(layer)),
      partialPayment: z.optional(boolean()),
      requestedExecutionDate: z.optional(
        z.never({ error: issueMessage('validation.bulkElement.requestedExecutionDate') }),
      ),
    },
    layer === 'form',
  );
}

/**
 * Spec 2.3 bulk body (`bulk-payments`). `paymentInformationId` is 1 to 35 characters and unique
 * per bulk at the bank (a reused value is rejected as a duplicate; only the bank can tell). The
 * form also wants at least one payment, and at most MAX_BULK_PAYMENTS.
 */
export function bulkPaymentSchema(layer: Layer) {
  const element = bulkPaymentElementSchema(layer);
  const schema = object(
    {
      batchBookingPreferred: z.optional(boolean()),
      debtorAccount: z.optional(accountReferenceSchema(layer)),
      paymentInformationId: rangeText(1, 35),
      requestedExecutionDate: z.optional(layer === 'form' ? notPastDateTime() : dateTime()),
      payments:
        layer === 'form'
          ? boundedArray(element, MAX_BULK_PAYMENTS, 'validation.bulk.tooMany').check(
              z.minLength(1, { error: issueMessage('validation.bulk.empty') }),
            )
          : array(element),
      chargesAccount: z.optional(accountReferenceSchema(layer)),
    },
    layer === 'form',
  );
  return schema;
}

export const BulkPaymentElementWireSchema = bulkPaymentElementSchema('wire');
export const BulkPaymentElementSchema = bulkPaymentElementSchema('form');
export const BulkPaymentWireSchema = bulkPaymentSchema('wire');
export const BulkPaymentSchema = bulkPaymentSchema('form');

export type BulkPaymentElement = z.infer<typeof BulkPaymentElementWireSchema>;
export type BulkPaymentInitiation = z.infer<typeof BulkPaymentWireSchema>;
export type BulkPaymentForm = z.infer<typeof BulkPaymentSchema>;
