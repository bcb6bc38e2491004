import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { type Payment, payments } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { costsStepOf } from './costs-step';
import { oauthRedirect } from './oauth-step';
import { advanceSca, authorisationContext, nextScaStep } from './sca';

/**
 * Where the PSU goes after the bank accepted the payment: the bank's SCA page, its OAuth server, or
 * our payment page for the approaches we host (method choice, OTP, decoupled waiting, confirmation).
 * An explicit start with nothing to upload is taken at once, so the PSU is not asked to click twice.
 */
export async function firstScaDestination(db: Db, paymentId: string, psuIpAddress: string): Promise<string> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return payment ? scaDestinationOf(db, payment, psuIpAddress) : `/payments/${paymentId}`;
}

/** `firstScaDestination` of a payment as the caller has just read or written it. */
export async function scaDestinationOf(db: Db, payment: Payment, psuIpAddress: string): Promise<string> {
  const paymentId = payment.id;
  const page = `/payments/${paymentId}`;
  // Costs not continued past (or stopped at, by another tab meanwhile): no way to the bank's SCA from here.
  if (costsStepOf(payment) !== null) return page;
  const step = nextScaStep(payment);
  try {
    if (step.kind === 'redirect') return step.url;
    if (step.kind === 'oauth') return await oauthRedirect(db, payment, psuIpAddress);
    if (step.kind === 'another-signer') {
      const { redirectTo } = await advanceSca(
        db,
        payment,
        { kind: 'start' },
        authorisationContext(payment, psuIpAddress),
        // Taken for the PSU as the payment is sent: not a step of theirs.
        'initiation',
      );
      return redirectTo ?? page;
    }
  } catch (error) {
    // The payment is at the bank; its page offers the step again.
    logger.warn({ paymentId, err: error instanceof Error ? error.message : error }, 'could not start SCA');
  }
  return page;
}
