'use server';

import { periodicSubmissionSchema, type SubmissionResult } from '@/lib/payments/submission';
import { accountLabel, submitPayment } from '@/lib/payments/submit-payment';
import { inActionRequest } from '@/lib/security/request-context';

export async function initiatePeriodicPayment(input: unknown): Promise<SubmissionResult> {
  return inActionRequest(async () => {
    return submitPayment(input, periodicSubmissionSchema, (payment) => ({
      service: 'periodic-payments',
      product: payment.creditorAccount?.maskedPan ? 'card-deposits' : 'credit-transfers',
      summary: {
        amount: payment.instructedAmount.amount,
        currency: payment.instructedAmount.currency,
        creditorName: null,
        creditorAccount: accountLabel(payment.creditorAccount),
        reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
      },
    }));
  });
}
