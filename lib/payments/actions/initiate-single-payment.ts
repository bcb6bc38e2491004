'use server';

import { paymentAction } from '@/lib/actions/client';
import { singleSubmissionSchema } from '@/lib/payments/submission';
import { accountLabel, initiateSubmission } from '@/lib/payments/submit-payment';

export const initiateSinglePaymentAction = paymentAction
  .schema(singleSubmissionSchema)
  .wordedAction(async ({ input, ctx }) => {
    const { payment } = input;
    return initiateSubmission(ctx.psuId, input, {
      service: 'payments',
      product: payment.creditorAccount.maskedPan ? 'card-deposits' : 'credit-transfers',
      summary: {
        amount: payment.instructedAmount?.amount ?? '',
        currency: payment.instructedAmount?.currency ?? '',
        creditorName: payment.creditorName,
        creditorAccount: accountLabel(payment.creditorAccount),
        reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
      },
    });
  });
