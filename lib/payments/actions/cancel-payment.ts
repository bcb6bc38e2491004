'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { paymentAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { psuIdHeaderFor } from '@/lib/auth/psu-id';
import { cancelPayment as cancelAtBank, type PaymentProduct, type PaymentService } from '@/lib/bank/payments';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { cancellationRefusalKey } from '@/lib/payments/cancellation-refusal';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { returnUris } from '@/lib/payments/return-state';
import { scaStateOf } from '@/lib/payments/sca';
import { isFinalStatus } from '@/lib/payments/status';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { inPaymentBank } from '../payment-bank';

/** Cancels one of the signed-in PSU's payments at the bank, with cancellation SCA where the bank asks for it. */
export const cancelPaymentAction = paymentAction
  .schema(z.object({ paymentId: z.uuid() }), { invalidMessage: 'payment.notFound' })
  .action<{ redirectTo?: string }>(async ({ input, ctx: { psuId } }) => {
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, input.paymentId);
    // Another PSU's payment is answered exactly like one that does not exist.
    if (!payment) return failure('payment.notFound');
    const { bankPaymentId } = payment;
    if (!bankPaymentId || isFinalStatus(payment.transactionStatus)) {
      return failure('bank.code.STATUS_INVALID');
    }
    const ip = psuIpAddress(await headers());
    const uris = returnUris(payment.id, psuId);
    try {
      const psuIdHeader = await psuIdHeaderFor(psuId, db);
      const outcome = await inPaymentBank(payment, () =>
        cancelAtBank(
          {
            service: payment.service as PaymentService,
            product: payment.product as PaymentProduct,
            paymentId: bankPaymentId,
            links: scaStateOf(payment)?.initiationLinks,
          },
          {
            psuIpAddress: ip,
            scaLanguage: payment.scaLanguage === 'en' ? 'en' : 'is',
            redirectUri: uris.ok,
            nokRedirectUri: uris.nok,
            psuId: psuIdHeader,
          },
        ),
      );
      if (outcome.kind === 'sca') return success({ redirectTo: outcome.redirectTo });
      // Cancelled, or (decoupled) left for the PSU to approve in the bank's app: either way the
      // bank has been asked, and the status read shows where it stands.
      await syncPaymentStatus(db, payment, 'cancellation', ip);
      return success({});
    } catch (error) {
      logger.warn(
        { paymentId: payment.id, err: error instanceof Error ? error.message : error },
        'cancellation refused',
      );
      return failure(cancellationRefusalKey(error));
    }
  });
