import { randomUUID } from 'node:crypto';
import type { ClaimedPaymentValues } from '@/lib/db/queries/initiation';
import type { Payment } from '@/lib/db/schema';

/**
 * A payment row as the app keeps it (lib/db/schema.ts), for tests of what is drawn from one: every column set,
 * a paid single credit transfer unless `overrides` says otherwise.
 */
export function paymentRow(overrides: Partial<Payment> = {}): Payment {
  const at = new Date('2026-12-07T13:05:09Z');
  return {
    id: randomUUID(),
    psuId: randomUUID(),
    submissionId: randomUUID(),
    idempotencyKey: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: { debtorAccount: { iban: 'IS110133260123450101302989' } },
    scaLanguage: 'is',
    uiLocale: 'is',
    phase: 'initiated',
    transactionStatus: 'ACSC',
    bankId: 'default',
    bankPaymentId: 'bank-pay-4711',
    clashingBankPaymentId: null,
    scaRedirect: null,
    claimedUntil: null,
    failureCode: null,
    amount: '12500',
    currency: 'ISK',
    creditorName: 'Þórður Ævarsson',
    creditorAccount: 'IS140159260076545510730339',
    label: null,
    reference: 'Leiga desember',
    elementCount: null,
    listOverview: null,
    sca: null,
    psuIpAddress: null,
    fingerprint: null,
    correctionOf: null,
    refusedFields: null,
    statusReadFailedAt: null,
    statusReadAt: null,
    costs: null,
    costsDecision: null,
    bankNotes: null,
    bulkResults: null,
    bankDetails: null,
    statusPsuMessage: null,
    stopAsked: null,
    statusFundsAvailable: null,
    billBankId: null,
    billClaimId: null,
    billAmountDue: null,
    searchText: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/**
 * What initiateOnce saves of a new single credit transfer of `psuId`'s, claimed for sending
 * (lib/db/queries/initiation.ts `insertClaimedPayment`), for tests and benchmarks of its statements.
 */
export function claimedPaymentValues(
  psuId: string,
  overrides: Partial<ClaimedPaymentValues> = {},
): ClaimedPaymentValues {
  return {
    psuId,
    submissionId: randomUUID(),
    idempotencyKey: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: { instructedAmount: { currency: 'ISK', amount: '4200' } },
    scaLanguage: 'is',
    uiLocale: 'is',
    amount: '4200',
    currency: 'ISK',
    creditorAccount: 'IS870301260012345101696399',
    correctionOf: null,
    fingerprint: null,
    creditorName: null,
    label: null,
    reference: null,
    elementCount: null,
    listOverview: null,
    psuIpAddress: null,
    bankId: 'default',
    billBankId: null,
    billClaimId: null,
    billAmountDue: null,
    ...overrides,
  };
}
