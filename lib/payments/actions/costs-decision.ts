'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { paymentAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { localeField } from '@/lib/auth/actions/return-to';
import { getDb } from '@/lib/db';
import { continueAfterCosts, stopAtCosts } from '@/lib/payments/costs-decision';
import { costsStepOf } from '@/lib/payments/costs-step';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';

// `locale`: the language the PSU pressed the button in, in which a refusal is worded (wordedAction).
const paymentIdSchema = z.object({ paymentId: z.uuid(), locale: localeField });

/** The PSU has seen the bank's costs and goes on to its SCA. */
export const continueAfterCostsAction = paymentAction
  .schema(paymentIdSchema, { invalidMessage: 'payment.notFound' })
  .wordedAction<{ redirectTo: string }>(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    // Another PSU's payment is answered exactly like one that does not exist.
    if (!payment) return failure('payment.notFound');
    if (costsStepOf(payment) !== 'pending' && payment.costsDecision !== 'continued')
      return success({ redirectTo: `/payments/${payment.id}` });
    return success({ redirectTo: await continueAfterCosts(db, payment, psuIpAddress(await headers())) });
  });

/**
 * The PSU has seen the bank's costs and stops: the payment is cancelled, or left unauthorised. Where they
 * had already chosen to continue (another tab), nothing is stopped, and they are told so and how to stop it.
 */
export const stopAtCostsAction = paymentAction
  .schema(paymentIdSchema, { invalidMessage: 'payment.notFound' })
  .wordedAction<{ redirectTo: string }>(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    if (!payment) return failure('payment.notFound');
    const decision = await stopAtCosts(db, payment, psuIpAddress(await headers()));
    if (decision === 'continued') return failure('payment.costsStep.alreadyContinued');
    return success({ redirectTo: `/payments/${payment.id}` });
  });
