import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import type { ZodMiniType } from 'zod/mini';
import { currentPsuId } from '@/lib/auth/session';
import type { PaymentProduct, PaymentService } from '@/lib/bank/payments';
import { throttlePaymentAction } from '@/lib/security/action-limit';
import { type InitiationRequest, initiateOnce } from './initiation';
import { psuIpAddress } from './psu-request';
import type { SubmissionResult } from './submission';

interface Submission<Payment> {
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
 * What every payment action does: check the session, re-validate with the form's own schema,
 * and initiate exactly once. Field errors go back as message keys, beside their fields.
 */
export async function submitPayment<Payment extends Record<string, unknown>>(
  input: unknown,
  schema: ZodMiniType<Submission<Payment>>,
  summarise: (payment: Payment) => PaymentDescription,
): Promise<SubmissionResult> {
  const psuId = await currentPsuId();
  if (!psuId) return { ok: false, messageKey: 'auth.signedOut' };
  const throttled = await throttlePaymentAction(psuId);
  if (throttled) return throttled;
  const parsed = schema.safeParse(input);
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
  const outcome = await initiateOnce({
    psuId,
    submissionId,
    ...summarise(payment),
    body: payment,
    scaLanguage,
    uiLocale: (await getLocale()) === 'en' ? 'en' : 'is',
    psuIpAddress: psuIpAddress(requestHeaders),
    psuUserAgent: requestHeaders.get('user-agent') ?? undefined,
  });
  return outcome.ok
    ? { ok: true, redirectTo: outcome.redirectTo }
    : { ok: false, messageKey: outcome.messageKey };
}
