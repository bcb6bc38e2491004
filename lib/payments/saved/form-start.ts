import type { PaymentService } from '@/lib/bank/payments';
import { getDb } from '@/lib/db';
import { findBulkTemplate } from '@/lib/db/queries/bulk-templates';
import { findOwnPayment } from '@/lib/payments/history';
import { type SavedChoices, savedChoicesFor } from './choices';
import {
  type BulkPrefill,
  bulkPrefill,
  type FormPrefill,
  namesOf,
  partNotTold,
  payAgainPrefill,
  rejectedOfPart,
} from './pay-again';

export interface FormStart {
  /** Names what the form starts from, so that a form started from something else is a new one. */
  key: string;
  choices: SavedChoices;
  initial?: FormPrefill | BulkPrefill;
  /** What the form was filled in from, for the PSU to read first. */
  filledFrom?:
    | {
        kind: 'payment';
        /** Of a bulk rejected in part: how many payments it held (the form has the rejected). */
        rejectedOf?: number;
        /** Of a bulk carried out in part whose bank did not say which payments: the form has none of them. */
        partUnknown?: true;
      }
    | { kind: 'template'; name: string };
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * What a payment form starts with for the signed-in PSU: their accounts and payees, and, from the
 * address, one of their past payments of this service (`from`, pay again) or one of their templates of
 * this service (`template`). Another PSU's payment or template is as absent as one that does not exist.
 */
export async function formStart(
  psuId: string,
  service: PaymentService,
  query: { from?: string | string[]; template?: string | string[] },
): Promise<FormStart> {
  const db = await getDb();
  const choices = await savedChoicesFor(db, psuId);
  const from = one(query.from);
  if (from) {
    const payment = await findOwnPayment(db, psuId, from);
    if (payment?.service === service) {
      if (partNotTold(payment))
        return { key: payment.id, choices, filledFrom: { kind: 'payment', partUnknown: true } };
      const rejected = rejectedOfPart(payment.body, payment.bulkResults);
      const elements = Array.isArray(payment.body.payments) ? payment.body.payments.length : 0;
      return {
        key: payment.id,
        choices,
        initial: payAgainPrefill(payment, rejected),
        filledFrom: rejected ? { kind: 'payment', rejectedOf: elements } : { kind: 'payment' },
      };
    }
  }
  const templateId = one(query.template);
  if (templateId) {
    const template = await findBulkTemplate(db, psuId, templateId);
    // A template of another service is not this form's: the form starts empty.
    if (template?.service === service)
      return {
        key: template.id,
        choices,
        initial:
          service === 'bulk-payments'
            ? bulkPrefill(template.product, template.body)
            : { product: template.product, payment: template.body, names: namesOf(template.details ?? {}) },
        filledFrom: { kind: 'template', name: template.name },
      };
  }
  return { key: 'new', choices };
}
