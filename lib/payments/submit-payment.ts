import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { type ActionResult, failure, success } from '@/lib/actions/result';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { localeOrDefault } from '@/lib/i18n/routing';
import { type InitiationRequest, initiateOnce } from './initiation';
import { psuIpAddress } from './psu-request';

export interface Submission<Payment> {
  submissionId: string;
  scaLanguage: 'is' | 'en';
  payment: Payment;
}

export interface PaymentDescription {
  service: PaymentService;
  product: PaymentProduct;
  summary: InitiationRequest['summary'];
}

/** How an account shows in the list: whichever identifier it has. */
export function accountLabel(
  account:
    | { iban?: string | null; bban?: string | null; maskedPan?: string | null; msisdn?: string | null }
    | undefined,
) {
  return account?.iban ?? account?.bban ?? account?.maskedPan ?? account?.msisdn ?? '';
}

/**
 * What every payment action does once the action client has checked the session and parsed the
 * form with its own schema: initiate exactly once, and say where the browser goes next.
 */
export async function initiateSubmission<Payment extends Record<string, unknown>>(
  psuId: string,
  { submissionId, scaLanguage, payment }: Submission<Payment>,
  description: PaymentDescription,
): Promise<ActionResult<{ redirectTo: string }>> {
  const requestHeaders = await headers();
  const outcome = await initiateOnce({
    psuId,
    submissionId,
    ...description,
    body: payment,
    scaLanguage,
    uiLocale: localeOrDefault(await getLocale()),
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  if (outcome.ok) return success({ redirectTo: outcome.redirectTo });
  return failure(outcome.messageKey, outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {});
}
