import { describe, expect, it } from 'vitest';
import { payDayOf } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';

// The day a payment is paid on, as the payments list and the exports give it.

describe('the pay day of a standing order', () => {
  const order = (body: Record<string, unknown>) =>
    paymentRow({
      service: 'periodic-payments',
      body: { frequency: 'Monthly', ...body },
      createdAt: new Date('2026-12-02T02:44:00Z'),
    });

  it('is its first day, as sent', () => {
    expect(payDayOf(order({ startDate: '2027-01-04T00:00:00Z' }))).toBe('2027-01-04');
  });

  it('sent without a first day, is the day it was made, where its schedule starts (never no date)', () => {
    expect(payDayOf(order({}))).toBe('2026-12-02');
    // Made after midnight in Reykjavik: that day, not the day before.
    expect(payDayOf({ ...order({}), createdAt: new Date('2026-12-02T23:59:00Z') })).toBe('2026-12-02');
  });
});
