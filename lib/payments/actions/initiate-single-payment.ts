'use server';

import { type SubmissionResult, singleSubmissionSchema } from '@/lib/payments/submission';
import { accountLabel, submitPayment } from '@/lib/payments/submit-payment';
import { inActionRequest } from '@/lib/security/request-context';

export async function initiateSinglePayment(input: unknown): Promise<SubmissionResult> {
  return inActionRequest(async () => {
    return submitPayment(input, singleSubmissionSchema, (payment) => ({
      service: 'payments',
      product: payment.creditorAccount.maskedPan ? 'card-deposits' : 'credit-transfers',
      summary: {
        amount: payment.instructedAmount?.amount ?? '',
        currency: payment.instructedAmount?.currency ?? '',
        creditorName: payment.creditorName,
        creditorAccount: accountLabel(payment.creditorAccount),
        reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
      },
    }));
  });
}
