'use server';

import { failure, success } from '@/lib/actions/result';
import { showingChangeOn } from '@/lib/actions/showing-change';
import { getDb } from '@/lib/db';
import { deleteBulkTemplate, insertBulkTemplate } from '@/lib/db/queries/bulk-templates';
import { findOwnPayment } from '@/lib/payments/history';
import {
  hasRoomForTemplate,
  templateBody,
  templateBodyOf,
  templateFromPaymentSchema,
  templateIdSchema,
} from '@/lib/payments/saved/bulk-templates';
import { namesOf } from '@/lib/payments/saved/pay-again';
import { savedAction } from './saved-action';

const changed = showingChangeOn('/[locale]/payments/new/bulk');
const changedTemplates = showingChangeOn('/[locale]/payments/templates');

/**
 * Keeps one of the PSU's past payments (single, standing order or bulk) as a template under a name,
 * read from the payment as the bank was sent it, with a standing order's names kept beside it.
 */
export const templateFromPaymentAction = savedAction
  .schema(templateFromPaymentSchema, { invalidMessage: 'saved.errors.invalid', keep: ['name'] })
  .wordedFormAction(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    if (!payment) return failure('saved.errors.notFound');
    if (!(await hasRoomForTemplate(db, psuId))) return failure('saved.errors.tooManyTemplates');
    const bulk = payment.service === 'bulk-payments';
    const id = await insertBulkTemplate(db, psuId, {
      name: input.name,
      service: payment.service,
      product: payment.product,
      body: bulk ? templateBody(payment.body) : templateBodyOf(payment.service, payment.body),
      details: payment.service === 'periodic-payments' ? (namesOf(payment) ?? null) : null,
    });
    if (!id) return failure('saved.errors.invalid');
    changedTemplates(null);
    return bulk
      ? changed(success({ id }, 'saved.templates.added'))
      : success({ id }, 'paymentTemplates.added');
  });

export const deleteTemplateAction = savedAction
  .schema(templateIdSchema, { invalidMessage: 'saved.errors.notFound' })
  .wordedFormAction(async ({ input, ctx: { psuId } }) =>
    (await deleteBulkTemplate(await getDb(), psuId, input.id))
      ? changedTemplates(changed(success(null, 'saved.templates.deleted')))
      : failure('saved.errors.notFound'),
  );
