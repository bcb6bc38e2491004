'use server';

import { failure, success } from '@/lib/actions/result';
import { showingChangeOn } from '@/lib/actions/showing-change';
import { getDb } from '@/lib/db';
import { deletePayee, insertPayee, updatePayee } from '@/lib/db/queries/payees';
import { findOwnPayment } from '@/lib/payments/history';
import {
  hasRoomForPayee,
  payeeAccountOf,
  payeeFromPaymentSchema,
  payeeIdSchema,
  payeeInputSchema,
  payeeUpdateSchema,
} from '@/lib/payments/saved/payees';
import { savedAction } from './saved-action';

const changed = showingChangeOn('/[locale]/payees');

const keep = ['name', 'account', 'kennitala', 'accountKind'] as const;

/**
 * Saves a payee of the signed-in PSU, from the payees page or a payment form; it answers in the words of the
 * form's `locale`, so that the payees page loads no translations for its form.
 */
export const addPayeeAction = savedAction
  .schema(payeeInputSchema, { invalidMessage: 'saved.errors.invalid', keep })
  .wordedFormAction(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    if (!(await hasRoomForPayee(db, psuId))) return failure('saved.errors.tooManyPayees');
    const id = await insertPayee(db, psuId, input);
    return id ? changed(success({ id }, 'saved.payees.added')) : failure('saved.errors.invalid');
  });

export const updatePayeeAction = savedAction
  .schema(payeeUpdateSchema, { invalidMessage: 'saved.errors.invalid', keep })
  .wordedFormAction(async ({ input: { id, ...fields }, ctx: { psuId } }) =>
    (await updatePayee(await getDb(), psuId, id, fields))
      ? changed(success(null, 'saved.payees.updated'))
      : failure('saved.errors.notFound'),
  );

export const deletePayeeAction = savedAction
  .schema(payeeIdSchema, { invalidMessage: 'saved.errors.notFound' })
  .wordedFormAction(async ({ input, ctx: { psuId } }) =>
    (await deletePayee(await getDb(), psuId, input.id))
      ? changed(success(null, 'saved.payees.deleted'))
      : failure('saved.errors.notFound'),
  );

/**
 * Saves the recipient of one of the PSU's past payments as a payee: the account is read from the
 * payment as the bank was sent it, never from the request.
 */
export const payeeFromPaymentAction = savedAction
  .schema(payeeFromPaymentSchema, { invalidMessage: 'saved.errors.invalid', keep: ['name'] })
  .wordedFormAction(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    const account = payment && payment.service !== 'bulk-payments' ? payeeAccountOf(payment.body) : undefined;
    if (!account) return failure('saved.errors.notFound');
    if (!(await hasRoomForPayee(db, psuId))) return failure('saved.errors.tooManyPayees');
    const id = await insertPayee(db, psuId, { name: input.name, ...account, kennitala: null });
    return id ? changed(success({ id }, 'saved.payees.added')) : failure('saved.errors.invalid');
  });
