'use server';

import { paymentAction } from '@/lib/actions/client';
import { periodicSubmissionSchema } from '@/lib/payments/submission';
import { accountLabel, initiateSubmission } from '@/lib/payments/submit-payment';

export const initiatePeriodicPaymentAction = paymentAction
  .schema(periodicSubmissionSchema)
  .wordedAction(async ({ input, ctx }) => {
    const { payment } = input;
    return initiateSubmission(ctx.psuId, input, {
      service: 'periodic-payments',
      product: payment.creditorAccount?.maskedPan ? 'card-deposits' : 'credit-transfers',
      summary: {
        amount: payment.instructedAmount.amount,
        currency: payment.instructedAmount.currency,
        creditorName: input.creditorName || null,
        label: input.label || null,
        creditorAccount: accountLabel(payment.creditorAccount),
        reference: payment.remittanceInformationUnstructured ?? payment.endToEndIdentification,
      },
    });
  });
