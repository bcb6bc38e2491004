'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { psuIdHeaderFor } from '@/lib/auth/psu-id';
import { currentPsuId } from '@/lib/auth/session';
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
import { throttlePaymentAction } from '@/lib/security/action-limit';
import { inActionRequest } from '@/lib/security/request-context';

export type CancelResult = { ok: true; redirectTo?: string } | { ok: false; messageKey: string };

/** Cancels one of the signed-in PSU's payments at the bank, with cancellation SCA where the bank asks for it. */
export async function cancelPayment(paymentId: unknown): Promise<CancelResult> {
  return inActionRequest(async () => {
    const psuId = await currentPsuId();
    if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
    const throttled = await throttlePaymentAction(psuId);
    if (throttled) return throttled;
    const id = z.uuid().safeParse(paymentId);
    const db = await getDb();
    const payment = id.success ? await findOwnPayment(db, psuId, id.data) : undefined;
    // Another PSU's payment is answered exactly like one that does not exist.
    if (!payment) return { ok: false, messageKey: 'payment.notFound' };
    if (!payment.bankPaymentId || isFinalStatus(payment.transactionStatus)) {
      return { ok: false, messageKey: 'bank.code.STATUS_INVALID' };
    }
    const ip = psuIpAddress(await headers());
    const uris = returnUris(payment.id, psuId);
    try {
      const outcome = await cancelAtBank(
        {
          service: payment.service as PaymentService,
          product: payment.product as PaymentProduct,
          paymentId: payment.bankPaymentId,
          links: scaStateOf(payment)?.initiationLinks,
        },
        {
          psuIpAddress: ip,
          scaLanguage: payment.scaLanguage === 'en' ? 'en' : 'is',
          redirectUri: uris.ok,
          nokRedirectUri: uris.nok,
          psuId: await psuIdHeaderFor(psuId, db),
        },
      );
      if (outcome.kind === 'sca') return { ok: true, redirectTo: outcome.redirectTo };
      // Cancelled, or (decoupled) left for the PSU to approve in the bank's app: either way the
      // bank has been asked, and the status read shows where it stands.
      await syncPaymentStatus(db, payment, 'cancellation', ip);
      return { ok: true };
    } catch (error) {
      logger.warn(
        { paymentId: payment.id, err: error instanceof Error ? error.message : error },
        'cancellation refused',
      );
      return { ok: false, messageKey: cancellationRefusalKey(error) };
    }
  });
}
