import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { describeSchedule } from '@/components/payments/standing-order-schedule';
import { standingOrderSchedule } from '@/lib/payments/standing-order';
import formsIs from '@/messages/forms/is.json';
import noticesIs from '@/messages/notices/is.json';
import { paymentRow } from '@/tests/support/payment-row';

// A standing order's schedule in words, as its page and the list of standing orders write it.

const t = createTranslator({ locale: 'is', messages: noticesIs, namespace: 'standingOrders' });
const tf = createTranslator({ locale: 'is', messages: formsIs, namespace: 'forms.periodic' });
const translate = { t: t as never, tf: tf as never };

const order = (transactionStatus: string) =>
  paymentRow({
    service: 'periodic-payments',
    transactionStatus,
    body: { startDate: '2026-12-01', frequency: 'Monthly', dayOfExecution: '1' },
  });

describe('a standing order without an end date', () => {
  it('runs "until you cancel it" while the bank runs it', () => {
    const text = describeSchedule(standingOrderSchedule(order('ACTC'), '2026-12-01'), 'is', translate);
    expect(text).toBe('Frá 1. des. 2026, þar til þú afturkallar hana · Mánaðarlega · 1. dag mánaðar');
  });

  it('says no such thing once it was cancelled or rejected', () => {
    for (const status of ['CANC', 'RJCT']) {
      const text = describeSchedule(standingOrderSchedule(order(status), '2026-12-01'), 'is', translate);
      expect(text).toBe('Frá 1. des. 2026 · Mánaðarlega · 1. dag mánaðar');
    }
  });
});

describe('a standing order not yet confirmed at the bank', () => {
  it('has no payment dates to come until it is confirmed (by the PSU, or every signer), then it has', () => {
    for (const status of ['RCVD', 'PATC']) {
      const schedule = standingOrderSchedule(order(status), '2026-12-01');
      expect(schedule).toMatchObject({ running: false, unconfirmed: true, next: [] });
      expect(describeSchedule(schedule, 'is', translate)).not.toMatch(/þar til þú afturkallar/);
    }
    for (const status of ['ACTC', 'ACSP', 'PDNG'])
      expect(standingOrderSchedule(order(status), '2026-12-01').next.length, status).toBe(3);
  });

  it('says its dates follow once it is confirmed, where an ended order says there are none to come', () => {
    for (const status of ['ACTC', 'CANC', 'RJCT'])
      expect(standingOrderSchedule(order(status), '2026-12-01').unconfirmed, status).toBe(false);
    expect(standingOrderSchedule({ ...order('RCVD'), phase: 'refused' }, '2026-12-01').unconfirmed).toBe(
      false,
    );
  });
});
