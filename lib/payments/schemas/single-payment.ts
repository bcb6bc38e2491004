import type { z } from 'zod';
import { ChargeBearerSchema } from './enums';
import {
  array,
  boolean,
  dateTime,
  type Layer,
  maxText,
  notInPast,
  object,
  pastDateIssue,
  text,
} from './fields';
import { issueMessage } from './issue-message';
import {
  accountReferenceSchema,
  addressSchema,
  amountSchema,
  CREDITOR_AGENT_FORM_PATTERN,
  CREDITOR_AGENT_PATTERN,
  remittanceInformationStructuredSchema,
} from './shared';

/**
 * Spec 2.1 single payment (`payments`). Unknown properties are not allowed and every string may be
 * null. The bank does not require `instructedAmount`; the form does, since a payment without an
 * amount cannot be meant.
 */
export function singlePaymentSchema(layer: Layer) {
  const amount = amountSchema(layer);
  const schema = object(
    {
      endToEndIdentification: maxText(35).nullable().optional(),
      instructionIdentification: maxText(35).nullable().optional(),
      debtorId: maxText(35).nullable().optional(),
      debtorAccount: accountReferenceSchema(layer),
      chargesAccount: accountReferenceSchema(layer).optional(),
      ultimateDebtor: maxText(70).nullable().optional(),
      ultimateDebtorId: maxText(35).nullable().optional(),
      instructedAmount: layer === 'form' ? amount : amount.optional(),
      creditorAccount: accountReferenceSchema(layer),
      creditorId: maxText(35).nullable().optional(),
      creditorName: maxText(70).nullable().optional(),
      creditorAddress: addressSchema(layer).optional(),
      creditorAgent: text()
        .regex(layer === 'form' ? CREDITOR_AGENT_FORM_PATTERN : CREDITOR_AGENT_PATTERN, {
          error: issueMessage('validation.creditorAgent.pattern'),
        })
        .nullable()
        .optional(),
      creditorAgentName: maxText(70).nullable().optional(),
      creditorAgentAddress: addressSchema(layer).optional(),
      ultimateCreditor: maxText(70).nullable().optional(),
      ultimateCreditorId: maxText(35).nullable().optional(),
      centralBankPurposeCode: maxText(3).nullable().optional(),
      icelandicPurposeCode: maxText(2).nullable().optional(),
      remittanceInformationUnstructured: maxText(140).nullable().optional(),
      remittanceInformationStructured: array(remittanceInformationStructuredSchema(layer)).optional(),
      requestedExecutionDate: dateTime().nullable().optional(),
      partialPayment: boolean().optional(),
      chargeBearer: ChargeBearerSchema.optional(),
      serviceLevel: text().nullable().optional(),
    },
    true,
  );
  if (layer === 'wire') return schema;
  return schema.superRefine((body, ctx) => {
    if (!notInPast(body.requestedExecutionDate)) ctx.addIssue(pastDateIssue(['requestedExecutionDate']));
  });
}

/** Exactly the bank's bounds; for checking a body built elsewhere. */
export const SinglePaymentWireSchema = singlePaymentSchema('wire');
/** For the form (`zodResolver`) and the server action. */
export const SinglePaymentSchema = singlePaymentSchema('form');

export type SinglePaymentInitiation = z.infer<typeof SinglePaymentWireSchema>;
export type SinglePaymentForm = z.infer<typeof SinglePaymentSchema>;
