import { randomUUID } from 'node:crypto';
import type { InitiationRequest } from '@/lib/payments/initiation';

/** A PSU's single credit transfer in krónur as the payment form sends it to initiateOnce: a new form each call. */
export function creditTransferRequest(
  psuId: string,
  {
    debtor = 'IS140159260076545510730339',
    creditor = 'IS870301260012345101696399',
    amount = '4200',
    psuIpAddress = '127.0.0.1',
  } = {},
): InitiationRequest {
  return {
    psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: debtor },
      creditorAccount: { iban: creditor },
      instructedAmount: { currency: 'ISK', amount },
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount, currency: 'ISK', creditorAccount: creditor },
    psuIpAddress,
  };
}
