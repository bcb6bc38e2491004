import { randomUUID } from 'node:crypto';
import type { InitiationRequest } from '@/lib/payments/initiation';

/**
 * A PSU's single credit transfer as the payment form sends it to initiateOnce: in krónur unless `currency` says
 * otherwise, a new form each call unless `submissionId` is given.
 */
export function creditTransferRequest(
  psuId: string,
  {
    debtor = 'IS140159260076545510730339',
    creditor = 'IS870301260012345101696399',
    amount = '4200',
    currency = 'ISK',
    uiLocale = 'en' as 'is' | 'en',
    submissionId = randomUUID() as string,
    psuIpAddress = '127.0.0.1',
    /** More members of the payment's body (spec 2.1): a message, an ultimateDebtor, a chargeBearer. */
    members = {} as Record<string, unknown>,
  } = {},
): InitiationRequest {
  return {
    psuId,
    submissionId,
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: debtor },
      creditorAccount: { iban: creditor },
      instructedAmount: { currency, amount },
      ...members,
    },
    scaLanguage: uiLocale,
    uiLocale,
    summary: { amount, currency, creditorAccount: creditor },
    psuIpAddress,
  };
}
