'use server';

import { failure, success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { deleteBulkTemplate, insertBulkTemplate } from '@/lib/db/queries/bulk-templates';
import { findOwnPayment } from '@/lib/payments/history';
import {
  hasRoomForTemplate,
  templateBody,
  templateFromPaymentSchema,
  templateIdSchema,
} from '@/lib/payments/saved/bulk-templates';
import { savedAction, showingChangeOn } from './saved-action';

const changed = showingChangeOn('/[locale]/payments/new/bulk');

/** Keeps one of the PSU's past bulk payments as a template, read from the payment as the bank was sent it. */
export const templateFromPaymentAction = savedAction
  .schema(templateFromPaymentSchema, { invalidMessage: 'saved.errors.invalid', keep: ['name'] })
  .formAction(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    if (payment?.service !== 'bulk-payments') return failure('saved.errors.notFound');
    if (!(await hasRoomForTemplate(db, psuId))) return failure('saved.errors.tooManyTemplates');
    const id = await insertBulkTemplate(db, psuId, {
      name: input.name,
      product: payment.product,
      body: templateBody(payment.body),
    });
    return id ? changed(success({ id }, 'saved.templates.added')) : failure('saved.errors.invalid');
  });

export const deleteTemplateAction = savedAction
  .schema(templateIdSchema, { invalidMessage: 'saved.errors.notFound' })
  .formAction(async ({ input, ctx: { psuId } }) =>
    (await deleteBulkTemplate(await getDb(), psuId, input.id))
      ? changed(success(null, 'saved.templates.deleted'))
      : failure('saved.errors.notFound'),
  );
