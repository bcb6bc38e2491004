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
