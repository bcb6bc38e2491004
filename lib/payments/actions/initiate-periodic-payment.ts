'use server';

import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { currentPsuId } from '@/lib/auth/session';
import { initiateOnce } from '@/lib/payments/initiation';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { periodicSubmissionSchema, type SubmissionResult } from '@/lib/payments/submission';

export async function initiatePeriodicPayment(input: unknown): Promise<SubmissionResult> {
  const psuId = await currentPsuId();
  if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
  const parsed = periodicSubmissionSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      fieldErrors: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    };
  }
  const { submissionId, scaLanguage, payment } = parsed.data;
  const requestHeaders = await headers();
  const locale = (await getLocale()) === 'en' ? 'en' : 'is';
  const creditor = payment.creditorAccount;
  const outcome = await initiateOnce({
    psuId,
    submissionId,
    service: 'periodic-payments',
    product: creditor?.maskedPan ? 'card-deposits' : 'credit-transfers',
    body: payment,
    scaLanguage,
    uiLocale: locale,
    summary: {
      amount: payment.instructedAmount.amount,
      currency: payment.instructedAmount.currency,
      creditorName: null,
      creditorAccount: creditor?.iban ?? creditor?.bban ?? creditor?.maskedPan ?? creditor?.msisdn ?? '',
    },
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  return outcome.ok
    ? { ok: true, redirectTo: outcome.redirectTo }
    : { ok: false, messageKey: outcome.messageKey };
}
