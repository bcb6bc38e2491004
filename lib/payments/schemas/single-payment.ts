import * as z from 'zod/mini';
import { boolean, dateTime, type Layer, maxText, notPastDateTime, object, text } from './fields';
import { issueMessage } from './issue-message';
import { REMITTANCE_UNSTRUCTURED_MAX } from './limits';
import {
  accountReferenceSchema,
  addressSchema,
  amountSchema,
  ChargeBearerSchema,
  CREDITOR_AGENT_FORM_PATTERN,
  CREDITOR_AGENT_PATTERN,
  structuredReferencesSchema,
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
      endToEndIdentification: z.nullish(maxText(35)),
      instructionIdentification: z.nullish(maxText(35)),
      debtorId: z.nullish(maxText(35)),
      debtorAccount: accountReferenceSchema(layer),
      chargesAccount: z.optional(accountReferenceSchema(layer)),
      ultimateDebtor: z.nullish(maxText(70)),
      ultimateDebtorId: z.nullish(maxText(35)),
      instructedAmount: layer === 'form' ? amount : z.optional(amount),
      creditorAccount: accountReferenceSchema(layer),
      creditorId: z.nullish(maxText(35)),
      creditorName: z.nullish(maxText(70)),
      creditorAddress: z.optional(addressSchema(layer)),
      creditorAgent: z.nullish(
        text().check(
          z.regex(layer === 'form' ? CREDITOR_AGENT_FORM_PATTERN : CREDITOR_AGENT_PATTERN, {
            error: issueMessage('validation.creditorAgent.pattern'),
          }),
        ),
      ),
      creditorAgentName: z.nullish(maxText(70)),
      creditorAgentAddress: z.optional(addressSchema(layer)),
      ultimateCreditor: z.nullish(maxText(70)),
      ultimateCreditorId: z.nullish(maxText(35)),
      centralBankPurposeCode: z.nullish(maxText(3)),
      icelandicPurposeCode: z.nullish(maxText(2)),
      remittanceInformationUnstructured: z.nullish(maxText(REMITTANCE_UNSTRUCTURED_MAX)),
      remittanceInformationStructured: z.optional(structuredReferencesSchema(layer)),
      requestedExecutionDate: z.nullish(layer === 'form' ? notPastDateTime() : dateTime()),
      partialPayment: z.optional(boolean()),
      chargeBearer: z.optional(ChargeBearerSchema),
      serviceLevel: z.nullish(text()),
    },
    true,
  );
  return schema;
}

/** Exactly the bank's bounds; for checking a body built elsewhere. */
export const SinglePaymentWireSchema = singlePaymentSchema('wire');
/** For the form (`zodResolver`) and the server action. */
export const SinglePaymentSchema = singlePaymentSchema('form');

export type SinglePaymentInitiation = z.infer<typeof SinglePaymentWireSchema>;
export type SinglePaymentForm = z.infer<typeof SinglePaymentSchema>;
