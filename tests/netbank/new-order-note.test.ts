import { describe, expect, it } from 'vitest';
import { newOrderNoteOf } from '@/components/netbank/standing-order-change';
import type { BankOutcome } from '@/lib/payments/outcome';
import appEn from '@/messages/en.json';
import en from '@/messages/netbank/en.json';
import is from '@/messages/netbank/is.json';

// The new order of a standing order's change: the old order is already cancelled when it is sent, so its page says
// what that means for the PSU while the bank waits for them, and once the bank has not taken it.

// Every outcome the payment's page can show (each has its words there).
const outcomes = Object.keys(appEn.payment.outcome) as BankOutcome[];

describe("a change's new order", () => {
  it('waiting for the PSU at the bank: confirm it, nothing takes the old one’s place until then', () => {
    expect(newOrderNoteOf('awaitingPsu')).toBe('confirmNew');
    // Confirmed at the bank, the confirmation not finished: the PSU confirms it again.
    expect(newOrderNoteOf('unfinished')).toBe('confirmNew');
  });

  it('declined or rejected at the bank: there is now no standing order in the old one’s place', () => {
    expect(newOrderNoteOf('declined')).toBe('newNotConfirmed');
    expect(newOrderNoteOf('rejected')).toBe('newNotConfirmed');
  });

  it('any other outcome adds nothing to what the payment itself says', () => {
    const others = outcomes.filter(
      (outcome) => !['awaitingPsu', 'unfinished', 'declined', 'rejected'].includes(outcome),
    );
    expect(others).toContain('cancelled');
    for (const outcome of [null, ...others]) expect(newOrderNoteOf(outcome), String(outcome)).toBeNull();
  });

  it('says so in Icelandic and English, with a way to set it up again', () => {
    for (const messages of [en, is]) {
      for (const key of ['confirmNew', 'newNotConfirmed', 'setUpAgain'] as const)
        expect(messages.standingOrderChange[key], key).toBeTruthy();
    }
    expect(is.standingOrderChange.newNotConfirmed).toContain('engin föst greiðsla í hennar stað');
  });
});
