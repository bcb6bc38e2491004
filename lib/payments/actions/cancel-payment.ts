'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { paymentAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { localeField } from '@/lib/auth/actions/return-to';
import { getDb } from '@/lib/db';
import { askBankToCancel } from '@/lib/payments/cancellation';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';

/**
 * Cancels one of the signed-in PSU's payments at the bank, with cancellation SCA where the bank asks for it. A
 * refusal comes in words too, in the `locale` the button was pressed in (components/payments/cancel-payment.tsx).
 */
export const cancelPaymentAction = paymentAction
  .schema(z.object({ paymentId: z.uuid(), locale: localeField }), { invalidMessage: 'payment.notFound' })
  .wordedAction<{ redirectTo?: string }>(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    // Another PSU's payment is answered exactly like one that does not exist.
    if (!payment) return failure('payment.notFound');
    // The bank's page and the way back in the language of the page the PSU pressed it on.
    const answer = await askBankToCancel(db, payment, psuIpAddress(await headers()), {
      scaLanguage: input.locale,
      uiLocale: input.locale,
    });
    if (answer.kind === 'refused') return failure(answer.messageKey);
    return success(answer.kind === 'sca' ? { redirectTo: answer.redirectTo } : {});
  });
