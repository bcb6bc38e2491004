'use server';

import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { currentPsuId } from '@/lib/auth/session';
import { initiateOnce } from '@/lib/payments/initiation';
import { sumByCurrency } from '@/lib/payments/money';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { bulkSubmissionSchema, type SubmissionResult } from '@/lib/payments/submission';

export async function initiateBulkPayment(input: unknown): Promise<SubmissionResult> {
  const psuId = await currentPsuId();
  if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
  const parsed = bulkSubmissionSchema.safeParse(input);
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
  const totals = sumByCurrency(payment.payments.map((element) => element.instructedAmount));
  const [first] = payment.payments;
  // The payment list shows one amount per payment. With one currency that is the bulk's total;
  // with several, the first currency's total, and the "to" column names the currencies.
  const shown = totals[0];
  const firstAccount = first?.creditorAccount;
  const outcome = await initiateOnce({
    psuId,
    submissionId,
    service: 'bulk-payments',
    product: firstAccount?.maskedPan ? 'card-deposits' : 'credit-transfers',
    body: payment,
    scaLanguage,
    uiLocale: locale,
    summary: {
      amount: shown?.amount ?? '0',
      currency: shown?.currency ?? 'ISK',
      creditorName: null,
      creditorAccount:
        payment.payments.length === 1
          ? (firstAccount?.iban ??
            firstAccount?.bban ??
            firstAccount?.maskedPan ??
            firstAccount?.msisdn ??
            '')
          : totals.length > 1
            ? `${payment.payments.length} payments (${totals.map((total) => total.currency).join(', ')})`
            : `${payment.payments.length} payments`,
    },
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  return outcome.ok
    ? { ok: true, redirectTo: outcome.redirectTo }
    : { ok: false, messageKey: outcome.messageKey };
}
