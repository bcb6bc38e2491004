'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { paymentAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { localeField } from '@/lib/auth/actions/return-to';
import { BankError, bankErrorMessageKey } from '@/lib/bank/errors';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { findOwnPayment } from '@/lib/payments/history';
import { oauthRedirect } from '@/lib/payments/oauth-step';
import { psuIpAddress } from '@/lib/payments/psu-request';
import {
  advanceSca,
  authorisationContext,
  CostsUndecidedError,
  NotAccountHolderError,
  nextScaStep,
} from '@/lib/payments/sca';
import { scaStepRefusal } from '@/lib/payments/sca-step-refusal';
import { syncPaymentStatus } from '@/lib/payments/sync';

const stepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start') }),
  z.object({ kind: z.literal('oauth') }),
  z.object({ kind: z.literal('method'), methodId: z.string().min(1).max(35) }),
  z.object({ kind: z.literal('otp'), otp: z.string().trim().min(1).max(64) }),
  z.object({ kind: z.literal('password'), password: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('confirm') }),
]);

/**
 * The PSU's next SCA step on our page: start (another signer), choose a method, enter an OTP, confirm. A refusal
 * comes in words too, in the `locale` of the page it was taken on (components/payments/sca-panel.tsx).
 */
export const continueScaAction = paymentAction
  .schema(z.object({ paymentId: z.uuid(), step: stepSchema, locale: localeField }), {
    invalidMessage: 'sca.invalid',
  })
  .wordedAction<{ redirectTo?: string }>(async ({ input, ctx: { psuId } }) => {
    const { step } = input;
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    if (!payment) return failure('payment.notFound');
    const refusal = scaStepRefusal(nextScaStep(payment));
    if (refusal) return failure(refusal);
    const ip = psuIpAddress(await headers());
    try {
      if (step.kind === 'oauth') return success({ redirectTo: await oauthRedirect(db, payment, ip) });
      const { redirectTo, payment: updated } = await advanceSca(
        db,
        payment,
        step,
        authorisationContext(payment, ip),
      );
      await syncPaymentStatus(db, updated, 'confirmation', ip);
      return success({ redirectTo });
    } catch (error) {
      logger.warn(
        { paymentId: payment.id, step: step.kind, err: error instanceof Error ? error.message : error },
        'SCA step refused',
      );
      if (error instanceof NotAccountHolderError) return failure('sca.notAccountHolder');
      if (error instanceof CostsUndecidedError) return failure('sca.costsUndecided');
      // A wrong one-time code or password is the PSU's to retry, in our words.
      if (error instanceof BankError && error.has('PSU_CREDENTIALS_INVALID')) {
        await syncPaymentStatus(db, payment, 'confirmation', ip);
        return failure(step.kind === 'password' ? 'sca.wrongPassword' : 'sca.wrongCode');
      }
      return failure(bankErrorMessageKey(error));
    }
  });
