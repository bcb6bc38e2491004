import type { z } from 'zod';
import { reykjavikDateOf } from '@/lib/payments/calendar/date-time';
import { DayOfExecutionSchema, ExecutionRuleSchema, FrequencyCodeSchema } from './enums';
import { dateTime, type Layer, maxText, object } from './fields';
import { issueMessage } from './issue-message';
import { accountReferenceSchema, amountSchema } from './shared';

/**
 * Spec 2.2 periodic payment (`periodic-payments`). Unlike 2.1, the spec states neither that unknown
 * properties are refused nor that strings may be null, so the wire layer lets unknown properties
 * through and refuses null; the form layer refuses unknown properties. `creditorAccount` is
 * optional and `remittanceInformationStructured` is a single string here.
 */
export function periodicPaymentSchema(layer: Layer) {
  const schema = object(
    {
      endToEndIdentification: maxText(35).optional(),
      debtorId: maxText(35).optional(),
      debtorAccount: accountReferenceSchema(layer),
      creditorAccount: accountReferenceSchema(layer).optional(),
      creditorId: maxText(35).optional(),
      instructedAmount: amountSchema(layer),
      icelandicPurposeCode: maxText(2).optional(),
      remittanceInformationUnstructured: maxText(140).optional(),
      remittanceInformationStructured: maxText(140).optional(),
      startDate: dateTime().optional(),
      executionRule: ExecutionRuleSchema.optional(),
      endDate: dateTime().optional(),
      frequency: FrequencyCodeSchema.optional(),
      dayOfExecution: DayOfExecutionSchema.optional(),
    },
    layer === 'form',
  );
  if (layer === 'wire') return schema;
  return schema.superRefine((body, ctx) => {
    if (!body.startDate || !body.endDate) return;
    const start = reykjavikDateOf(body.startDate);
    const end = reykjavikDateOf(body.endDate);
    if (start !== undefined && end !== undefined && end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: issueMessage('validation.endDate.notAfterStart'),
      });
    }
  });
}

export const PeriodicPaymentWireSchema = periodicPaymentSchema('wire');
export const PeriodicPaymentSchema = periodicPaymentSchema('form');

export type PeriodicPaymentInitiation = z.infer<typeof PeriodicPaymentWireSchema>;
export type PeriodicPaymentForm = z.infer<typeof PeriodicPaymentSchema>;
