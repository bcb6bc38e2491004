import { describe, expect, it } from 'vitest';
import { type BankOutcome, bankOutcome, type OutcomeInput } from '@/lib/payments/outcome';
import en from '@/messages/en.json';
import is from '@/messages/is.json';

/**
 * What the PSU is told, from the transaction status (payment spec part 3) and the scaStatus (BG IG
 * 14.15) as last read from the bank, and whether that reading succeeded; never from the return URL.
 */
const atBank = (transactionStatus: string | null, scaStatus?: string): OutcomeInput => ({
  phase: 'initiated',
  service: 'payments',
  transactionStatus,
  scaStatus,
  statusReadFailed: false,
});

describe('what the bank says, by status and scaStatus', () => {
  it.each([
    ['RCVD', undefined, 'awaitingPsu'],
    ['RCVD', 'received', 'awaitingPsu'],
    ['RCVD', 'psuAuthenticated', 'awaitingPsu'],
    ['RCVD', 'scaMethodSelected', 'awaitingPsu'],
    ['RCVD', 'started', 'awaitingPsu'],
    ['RCVD', 'unconfirmed', 'unfinished'],
    ['RCVD', 'failed', 'declined'],
    ['RCVD', 'finalised', 'awaitingBank'],
    ['RCVD', 'exempted', 'awaitingBank'],
    ['PATC', 'finalised', 'awaitingSigner'],
    ['ACTC', 'finalised', 'accepted'],
    ['ACCP', undefined, 'accepted'],
    ['ACSP', 'finalised', 'accepted'],
    ['PDNG', 'finalised', 'pending'],
    ['ACSC', 'finalised', 'debited'],
    ['ACCC', 'finalised', 'completed'],
    ['ACWP', 'finalised', 'notPosted'],
    ['PART', 'finalised', 'partial'],
    ['RJCT', 'failed', 'declined'],
    ['RJCT', 'finalised', 'rejected'],
    ['RJCT', undefined, 'rejected'],
    ['CANC', 'finalised', 'cancelled'],
  ] as const)('%s with scaStatus %s: %s', (status, scaStatus, outcome) => {
    expect(bankOutcome(atBank(status, scaStatus))).toBe(outcome);
  });

  it('a standing order accepted for execution', () => {
    expect(bankOutcome({ ...atBank('ACTC', 'finalised'), service: 'periodic-payments' })).toBe('standing');
  });

  it('a reading that failed outweighs the status held: it may be stale', () => {
    expect(bankOutcome({ ...atBank('RCVD', 'finalised'), statusReadFailed: true })).toBe('unreadable');
  });

  it('nothing for a payment the bank does not have', () => {
    expect(bankOutcome({ ...atBank(null), phase: 'new' })).toBeNull();
    expect(bankOutcome({ ...atBank(null), phase: 'refused' })).toBeNull();
  });

  it('every outcome has its text in Icelandic and English', () => {
    const outcomes: BankOutcome[] = [
      'unreadable',
      'declined',
      'rejected',
      'cancelled',
      'awaitingPsu',
      'awaitingBank',
      'awaitingSigner',
      'pending',
      'accepted',
      'standing',
      'debited',
      'completed',
      'notPosted',
      'partial',
    ];
    for (const outcome of outcomes) {
      expect(en.payment.outcome[outcome], outcome).toBeTruthy();
      expect(is.payment.outcome[outcome], outcome).toBeTruthy();
    }
  });
});

describe('"Pay again" under a payment', () => {
  it('is offered once the bank has it and no longer waits for the PSU to confirm it', async () => {
    const { paymentRow } = await import('@/tests/support/payment-row');
    const { offersPayAgain } = await import('@/lib/payments/view');
    const sca = (scaStatus: string) => ({ scaStatus, links: {}, initiationLinks: {} });
    const offered = (overrides: Parameters<typeof paymentRow>[0]) => offersPayAgain(paymentRow(overrides));
    // Paid, rejected, declined, stopped, being paid: a new payment of the same is the PSU's to make.
    for (const transactionStatus of ['ACSC', 'RJCT', 'CANC', 'ACSP', 'PDNG'])
      expect(offered({ transactionStatus })).toBe(true);
    expect(offered({ transactionStatus: 'RCVD', sca: sca('failed') })).toBe(true);
    // The bank waits for the PSU to confirm it, or may have it without our knowing: a copy could pay twice.
    expect(offered({ transactionStatus: 'RCVD', sca: sca('started') })).toBe(false);
    expect(offered({ transactionStatus: 'RCVD', sca: sca('unconfirmed') })).toBe(false);
    expect(offered({ transactionStatus: 'RCVD', sca: null })).toBe(false);
    expect(offered({ phase: 'sending', transactionStatus: null })).toBe(false);
    expect(offered({ phase: 'new', transactionStatus: null })).toBe(false);
  });
});
