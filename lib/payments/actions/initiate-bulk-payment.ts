'use server';

import { paymentAction } from '@/lib/actions/client';
import { sumByCurrency } from '@/lib/payments/money';
import { bulkSubmissionSchema } from '@/lib/payments/submission';
import { accountLabel, initiateSubmission } from '@/lib/payments/submit-payment';

export const initiateBulkPaymentAction = paymentAction
  .schema(bulkSubmissionSchema)
  .wordedAction(async ({ input, ctx }) => {
    const { payment } = input;
    const totals = sumByCurrency(payment.payments.map((element) => element.instructedAmount));
    const [first] = payment.payments;
    // The list shows one amount per payment: the bulk's total, or with several currencies the
    // first currency's total (the list then says how many payments the bulk holds).
    const shown = totals[0];
    return initiateSubmission(ctx.psuId, input, {
      service: 'bulk-payments',
      product: first?.creditorAccount.maskedPan ? 'card-deposits' : 'credit-transfers',
      summary: {
        amount: shown?.amount ?? '0',
        currency: shown?.currency ?? 'ISK',
        creditorName: null,
        creditorAccount: payment.payments.length === 1 ? accountLabel(first?.creditorAccount) : '',
        elementCount: payment.payments.length,
        reference: payment.paymentInformationId,
      },
    });
  });
