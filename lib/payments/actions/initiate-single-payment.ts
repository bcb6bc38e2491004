'use server';

import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { currentPsuId } from '@/lib/auth/session';
import { initiateOnce } from '@/lib/payments/initiation';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { type SubmissionResult, singleSubmissionSchema } from '@/lib/payments/submission';

export async function initiateSinglePayment(input: unknown): Promise<SubmissionResult> {
  const psuId = await currentPsuId();
  if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
  const parsed = singleSubmissionSchema.safeParse(input);
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
  const outcome = await initiateOnce({
    psuId,
    submissionId,
    service: 'payments',
    product: payment.creditorAccount.maskedPan ? 'card-deposits' : 'credit-transfers',
    body: payment,
    scaLanguage,
    uiLocale: locale,
    summary: {
      amount: payment.instructedAmount?.amount ?? '',
      currency: payment.instructedAmount?.currency ?? '',
      creditorName: payment.creditorName,
      creditorAccount:
        payment.creditorAccount.iban ??
        payment.creditorAccount.bban ??
        payment.creditorAccount.maskedPan ??
        '',
      reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
    },
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  return outcome.ok
    ? { ok: true, redirectTo: outcome.redirectTo }
    : { ok: false, messageKey: outcome.messageKey };
}
