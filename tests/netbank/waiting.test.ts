import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPaymentDetails } from '@/lib/bank/payment-details';
import type { Payment } from '@/lib/db/schema';
import { payDayOf } from '@/lib/payments/view';
import { waitingPayments } from '@/lib/payments/waiting';
import { paymentRow } from '@/tests/support/payment-row';

// Payments waiting ("greiðslur í bið"): every future-dated payment and each standing order's next
// executions, soonest first; what is not at the bank, settled or ended waits for nothing.

function payment(fields: Partial<Payment>): Payment {
  return paymentRow({
    transactionStatus: 'ACTC',
    bankPaymentId: 'b1',
    amount: '1000',
    creditorName: null,
    creditorAccount: 'IS870301260012345101696399',
    reference: null,
    body: {},
    createdAt: new Date('2026-11-01T12:00:00Z'),
    updatedAt: new Date('2026-11-01T12:00:00Z'),
    ...fields,
  });
}

const today = '2026-11-27';
const declined = { scaStatus: 'failed', links: {}, initiationLinks: {} };
const dated = (date: string, fields: Partial<Payment> = {}) =>
  payment({ body: { requestedExecutionDate: `${date}T00:00:00Z` }, ...fields });

describe('payments waiting', () => {
  it('lists future-dated payments and standing orders by their day, soonest first', () => {
    const rent = payment({
      service: 'periodic-payments',
      label: 'Húsaleiga',
      body: { frequency: 'Monthly', dayOfExecution: '1', startDate: '2026-12-01T00:00:00Z' },
    });
    const later = dated('2026-12-15');
    const sooner = dated('2026-11-30');
    const items = waitingPayments([later, rent, sooner], today);
    expect(items.map((item) => [item.date, item.paymentId === rent.id ? 'rent' : item.paymentId])).toEqual([
      ['2026-11-30', sooner.id],
      ['2026-12-01', 'rent'],
      ['2026-12-15', later.id],
      ['2027-01-04', 'rent'],
      ['2027-02-01', 'rent'],
    ]);
    // 1 January is a bank holiday and 2–3 January 2027 a weekend: paid on the next banking day.
    expect(items[3]?.scheduled).toBe('2027-01-01');
    expect(items.filter((item) => item.paymentId === rent.id).map((item) => item.occurrence)).toEqual([
      0, 1, 2,
    ]);
  });

  it('leaves out what has been paid, ended, is dated in the past or is not at the bank', () => {
    const items = waitingPayments(
      [
        dated('2026-11-26'),
        dated('2026-12-01', { transactionStatus: 'ACSC' }),
        dated('2026-12-01', { transactionStatus: 'CANC' }),
        dated('2026-12-01', { transactionStatus: 'RJCT' }),
        dated('2026-12-01', { phase: 'refused', transactionStatus: null }),
        dated('2026-12-01', { phase: 'new', transactionStatus: null }),
        payment({ body: {} }),
        payment({
          service: 'periodic-payments',
          transactionStatus: 'CANC',
          body: { frequency: 'Monthly', startDate: '2026-12-01T00:00:00Z' },
        }),
        // Declined by the PSU at the bank's page, the bank keeping its status RCVD after the failed authorisation.
        dated('2026-12-01', { transactionStatus: 'RCVD', sca: declined }),
        payment({
          service: 'periodic-payments',
          transactionStatus: 'RCVD',
          sca: declined,
          body: { frequency: 'Monthly', startDate: '2026-12-01T00:00:00Z' },
        }),
      ],
      today,
    );
    expect(items).toEqual([]);
  });

  it('lists a payment on the date the bank pays it on, where the bank moved it (ACWC), not the one we asked for', () => {
    // Asked for Saturday 5 December; the bank read it back for Monday 7 December.
    const moved = dated('2026-12-05', {
      transactionStatus: 'ACWC',
      bankDetails: { status: 'ACWC', requestedExecutionDate: '2026-12-07' },
    });
    const between = dated('2026-12-06');
    expect(waitingPayments([moved, between], today).map((item) => [item.date, item.paymentId])).toEqual([
      ['2026-12-06', between.id],
      ['2026-12-07', moved.id],
    ]);
  });

  it.each([
    '2026-12-07',
    '2026-12-07T00:00:00Z',
    '2026-12-07T00:00:00+00:00',
    '2026-12-07T00:00:00.000Z',
    // ISO 20022 ISODateTime in local time, without a zone: Iceland's, which is UTC all year.
    '2026-12-07T00:00:00',
  ])('reads the bank\u2019s day written %s alike in the list and on the payment', (written) => {
    const moved = dated('2026-12-05', {
      transactionStatus: 'ACWC',
      bankDetails: toPaymentDetails({ requestedExecutionDate: written }, 'ACWC'),
    });
    expect(waitingPayments([moved], today).map((item) => item.date)).toEqual(['2026-12-07']);
    expect(payDayOf(moved)).toBe('2026-12-07');
  });

  it('leaves out a day of the bank\u2019s it cannot read, and lists the payment on the day asked for', () => {
    const unreadable = dated('2026-12-05', {
      bankDetails: toPaymentDetails({ requestedExecutionDate: '2026-12-07T00:00Z' }, 'ACTC'),
    });
    expect(unreadable.bankDetails).not.toHaveProperty('requestedExecutionDate');
    expect(waitingPayments([unreadable], today).map((item) => item.date)).toEqual(['2026-12-05']);
  });

  it('keeps a payment due today and one still awaiting the PSU at the bank', () => {
    const due = dated(today);
    const unconfirmed = dated('2026-12-02', { transactionStatus: 'RCVD' });
    expect(waitingPayments([unconfirmed, due], today).map((item) => item.paymentId)).toEqual([
      due.id,
      unconfirmed.id,
    ]);
  });

  it('is always on or after today and in order of day', () => {
    const day = fc
      .integer({ min: -60, max: 400 })
      .map((offset) => new Date(Date.UTC(2026, 10, 27 + offset)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 20 }), (days) => {
        const items = waitingPayments(
          days.map((date) => dated(date)),
          today,
        );
        expect(items).toHaveLength(days.filter((date) => date >= today).length);
        for (const [index, item] of items.entries()) {
          expect(item.date >= today).toBe(true);
          if (index > 0) expect(item.date >= (items[index - 1]?.date ?? '')).toBe(true);
        }
      }),
    );
  });
});
