import * as z from 'zod/mini';
import { reykjavikDateOf } from '@/lib/payments/calendar/date-time';
import { besideEveryMistake, dateTime, type Layer, maxText, notPastDateTime, object } from './fields';
import { issueMessage } from './issue-message';
import { PERIODIC_REMITTANCE_STRUCTURED_MAX, REMITTANCE_UNSTRUCTURED_MAX } from './limits';
import {
  accountReferenceSchema,
  amountSchema,
  DayOfExecutionSchema,
  ExecutionRuleSchema,
  FrequencyCodeSchema,
} from './shared';

/**
 * Spec 2.2 periodic payment (`periodic-payments`). Unlike 2.1, the spec states neither that unknown
 * properties are refused nor that strings may be null, so the wire layer lets unknown properties
 * through and refuses null; the form layer refuses unknown properties. `creditorAccount` is
 * optional and `remittanceInformationStructured` is a single string here.
 */
export function periodicPaymentSchema(layer: Layer) {
  const schema = object(
    {
      endToEndIdentification: z.optional(maxText(35)),
      debtorId: z.optional(maxText(35)),
      debtorAccount: accountReferenceSchema(layer),
      creditorAccount: z.optional(accountReferenceSchema(layer)),
      creditorId: z.optional(maxText(35)),
      instructedAmount: amountSchema(layer),
      icelandicPurposeCode: z.optional(maxText(2)),
      remittanceInformationUnstructured: z.optional(maxText(REMITTANCE_UNSTRUCTURED_MAX)),
      remittanceInformationStructured: z.optional(maxText(PERIODIC_REMITTANCE_STRUCTURED_MAX)),
      // The bank refuses a standing order that starts in the past (EXECUTION_DATE_INVALID).
      startDate: z.optional(layer === 'form' ? notPastDateTime() : dateTime()),
      executionRule: z.optional(ExecutionRuleSchema),
      endDate: z.optional(dateTime()),
      frequency: z.optional(FrequencyCodeSchema),
      dayOfExecution: z.optional(DayOfExecutionSchema),
    },
    layer === 'form',
  );
  if (layer === 'wire') return schema;
  return schema.check(
    z.superRefine((body, ctx) => {
      if (typeof body.startDate !== 'string' || typeof body.endDate !== 'string') return;
      const start = reykjavikDateOf(body.startDate);
      const end = reykjavikDateOf(body.endDate);
      if (start !== undefined && end !== undefined && end < start) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: issueMessage('validation.endDate.beforeStart'),
        });
      }
    }, besideEveryMistake),
  );
}

export const PeriodicPaymentWireSchema = periodicPaymentSchema('wire');
export const PeriodicPaymentSchema = periodicPaymentSchema('form');

export type PeriodicPaymentInitiation = z.infer<typeof PeriodicPaymentWireSchema>;
export type PeriodicPaymentForm = z.infer<typeof PeriodicPaymentSchema>;
