'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { currentPsuId } from '@/lib/auth/session';
import { BankError, bankErrorMessageKey } from '@/lib/bank/errors';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { advanceSca, authorisationContext, nextScaStep, oauthRedirect } from '@/lib/payments/sca';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { throttlePaymentAction } from '@/lib/security/action-limit';
import { inActionRequest } from '@/lib/security/request-context';

const inputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start') }),
  z.object({ kind: z.literal('oauth') }),
  z.object({ kind: z.literal('method'), methodId: z.string().min(1).max(35) }),
  z.object({ kind: z.literal('otp'), otp: z.string().trim().min(1).max(64) }),
  z.object({ kind: z.literal('password'), password: z.string().min(1).max(200) }),
  z.object({ kind: z.literal('confirm') }),
]);

export type ContinueScaResult = { ok: true; redirectTo?: string } | { ok: false; messageKey: string };

/** The PSU's next SCA step on our page: start (another signer), choose a method, enter an OTP, confirm. */
export async function continueSca(paymentId: unknown, input: unknown): Promise<ContinueScaResult> {
  return inActionRequest(async () => {
    const psuId = await currentPsuId();
    if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
    const throttled = await throttlePaymentAction(psuId);
    if (throttled) return throttled;
    const id = z.uuid().safeParse(paymentId);
    const step = inputSchema.safeParse(input);
    if (!id.success || !step.success) return { ok: false, messageKey: 'sca.invalid' };
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, id.data);
    if (!payment) return { ok: false, messageKey: 'payment.notFound' };
    if (nextScaStep(payment).kind === 'none') return { ok: false, messageKey: 'bank.code.STATUS_INVALID' };
    const ip = psuIpAddress(await headers());
    try {
      if (step.data.kind === 'oauth') return { ok: true, redirectTo: await oauthRedirect(payment) };
      const { redirectTo, payment: updated } = await advanceSca(
        db,
        payment,
        step.data,
        authorisationContext(payment, ip),
      );
      await syncPaymentStatus(db, updated, 'initiation', ip);
      return { ok: true, redirectTo };
    } catch (error) {
      logger.warn(
        { paymentId: payment.id, step: step.data.kind, err: error instanceof Error ? error.message : error },
        'SCA step refused',
      );
      // A wrong one-time code or password is the PSU's to retry, in our words.
      if (error instanceof BankError && error.has('PSU_CREDENTIALS_INVALID')) {
        await syncPaymentStatus(db, payment, 'initiation', ip);
        return {
          ok: false,
          messageKey: step.data.kind === 'password' ? 'sca.wrongPassword' : 'sca.wrongCode',
        };
      }
      return { ok: false, messageKey: bankErrorMessageKey(error) };
    }
  });
}
