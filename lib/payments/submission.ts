import * as z from 'zod/mini';
import { BulkPaymentSchema, PeriodicPaymentSchema, SinglePaymentSchema } from './schemas';
import { besideEveryMistake, maxText } from './schemas/fields';
import { unreadableTexts } from './schemas/readable-text';

/** Every text of a value (a payment body, or a text of ours beside it) readable as it is, beside the field. */
const readableTexts = z.superRefine((value: unknown, ctx) => {
  for (const { path, message } of unreadableTexts(value)) ctx.addIssue({ code: 'custom', path, message });
});

/** A text of ours kept beside the bank body (a standing order's name), under the same rule. */
const readableText = (max: number) => maxText(max).check(readableTexts);

/**
 * What every payment form sends besides the bank body: the id that makes resubmissions of one form
 * one payment, and the language for the bank's SCA page.
 */
export function submissionSchema<Body extends z.ZodMiniType>(payment: Body) {
  return z.object({
    submissionId: z.uuid(),
    scaLanguage: z.enum(['is', 'en']),
    payment: payment.check(readableTexts),
  });
}

/** A single payment as the form sends it. */
export const singleSubmissionSchema = submissionSchema(SinglePaymentSchema);

/**
 * A standing order. Beside the bank body, which has no place for them (spec 2.2), the PSU's name for the order
 * and the recipient's name, kept with the payment only.
 */
export const periodicSubmissionSchema = z.extend(submissionSchema(PeriodicPaymentSchema), {
  label: z.optional(readableText(70)),
  creditorName: z.optional(readableText(70)),
});

/**
 * A bulk payment: the bank needs the paying account on the bulk or on its payments, and one bulk is
 * one product, so card deposits and transfers are not mixed.
 */
export const bulkSubmissionSchema = submissionSchema(
  BulkPaymentSchema.check(
    z.superRefine((body, ctx) => {
      // As typed: a row may lack any of its parts (besideEveryMistake).
      const rows: ({ debtorAccount?: unknown; creditorAccount?: { maskedPan?: unknown } } | undefined)[] =
        Array.isArray(body.payments) ? body.payments : [];
      if (!body.debtorAccount && !rows.some((payment) => payment?.debtorAccount)) {
        ctx.addIssue({ code: 'custom', path: ['debtorAccount'], message: 'forms.bulk.debtorRequired' });
      }
      const cards = rows.filter((payment) => payment?.creditorAccount?.maskedPan).length;
      if (cards > 0 && cards < rows.length) {
        rows.forEach((payment, index) => {
          if (payment?.creditorAccount?.maskedPan) {
            ctx.addIssue({
              code: 'custom',
              path: ['payments', index, 'creditorAccount'],
              message: 'forms.bulk.csv.cardInTransfer',
            });
          }
        });
      }
    }, besideEveryMistake),
  ),
);
