import { describe, expect, it } from 'vitest';
import type { StandingOrderChange, StandingOrderChangeState } from '@/lib/db/change-schema';
import type { Payment } from '@/lib/db/schema';
import { changePageShows } from '@/lib/payments/standing-order-change-start';

/**
 * What a standing order's change page offers (app/[locale]/payments/standing-orders/[id]/change): the form, to send
 * a change or send again one the bank did not carry through; or, once the order has ended by anything but this
 * change, that it has ended and a new order started from it; or nothing more where the change was made.
 */
const order = (transactionStatus: string) =>
  ({ service: 'periodic-payments', transactionStatus, body: {} }) as unknown as Payment;
const change = (state: StandingOrderChangeState) => ({ state }) as StandingOrderChange;

describe('a standing order change page', () => {
  it('offers the form for an order that runs, with or without a change the bank did not carry through', () => {
    expect(changePageShows(order('ACTC'), undefined)).toBe('form');
    expect(changePageShows(order('ACTC'), change('cancelRefused'))).toBe('form');
    expect(changePageShows(order('ACTC'), change('newFailed'))).toBe('form');
  });

  it('goes on with a change whose own cancellation ended the order, its new order not yet made', () => {
    for (const state of ['cancelling', 'sending', 'newFailed'] as const) {
      expect(changePageShows(order('CANC'), change(state))).toBe('form');
    }
  });

  it('says the order ended, and offers a new one from it, where it ended otherwise: stopped at the bank, or a change given up for it', () => {
    expect(changePageShows(order('CANC'), undefined)).toBe('ended');
    // A change given up because the PSU stopped the order in their online bank, or the bank's answer could not
    // tell who ended it: sending its form again could only be refused.
    expect(changePageShows(order('CANC'), change('cancelRefused'))).toBe('ended');
    expect(changePageShows(order('RJCT'), change('cancelRefused'))).toBe('ended');
  });

  it('offers nothing more once the change was made', () => {
    expect(changePageShows(order('CANC'), change('sent'))).toBe('sent');
    expect(changePageShows(order('ACTC'), change('sent'))).toBe('sent');
  });
});
