import { createTranslator } from 'use-intl/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { noNextDatesKey } from '@/components/payments/standing-order-schedule';
import type { Payment } from '@/lib/db/schema';
import { describeSchedule } from '@/lib/payments/schedule-words';
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
    expect(text).toBe(
      'Frá 1.\u00a0des.\u00a02026, þar til þú afturkallar hana · Mánaðarlega · 1.\u00a0dag mánaðar',
    );
  });

  it('says no such thing once it was cancelled or rejected', () => {
    for (const status of ['CANC', 'RJCT']) {
      const text = describeSchedule(standingOrderSchedule(order(status), '2026-12-01'), 'is', translate);
      // The day's number stays with its word: at 390 px "1." ended a line and "dag mánaðar" began the next.
      expect(text).toBe('Frá 1.\u00a0des.\u00a02026 · Mánaðarlega · 1.\u00a0dag mánaðar');
    }
  });
});

describe('a standing order not yet confirmed at the bank', () => {
  it('has no payment dates to come until it is confirmed (by the PSU, or every signer), then it has', () => {
    for (const status of ['RCVD', 'PATC']) {
      const schedule = standingOrderSchedule(order(status), '2026-12-01');
      expect(schedule).toMatchObject({ running: false, next: [] });
      expect(describeSchedule(schedule, 'is', translate)).not.toMatch(/þar til þú afturkallar/);
    }
    for (const status of ['ACTC', 'ACSP', 'PDNG'])
      expect(standingOrderSchedule(order(status), '2026-12-01').next.length, status).toBe(3);
  });
});

describe('why a standing order has no next payment date, on its page and in the list', () => {
  // The payment's view, as both pages make it; it reads the app's settings.
  let view: typeof import('@/lib/payments/view');
  beforeAll(async () => {
    process.env.AUTH_SECRET ??= 'standing-order-words-secret-0123456789ab';
    view = await import('@/lib/payments/view');
  });
  const why = (transactionStatus: string, more: Partial<Payment> = {}) =>
    t(noNextDatesKey(view.toPaymentView({ ...order(transactionStatus), ...more }, [])));

  it('not yet confirmed: nothing is paid until it is', () => {
    for (const status of ['RCVD', 'PATC'])
      expect(why(status), status).toBe(
        'Ekkert verður greitt fyrr en fasta greiðslan hefur verið staðfest í bankanum.',
      );
  });

  it('declined at the bank is the PSU not confirming it; rejected is the bank not taking it', () => {
    expect(why('RJCT', { sca: { scaStatus: 'failed', links: {}, initiationLinks: {} } })).toBe(
      'Þessi fasta greiðsla var ekki staðfest í bankanum og því verður ekkert greitt.',
    );
    expect(why('RJCT')).toBe('Bankinn samþykkti ekki þessa föstu greiðslu og ekkert verður greitt.');
  });

  it('cancelled: stopped, and nothing more is paid', () => {
    expect(why('CANC')).toBe('Fasta greiðslan var afturkölluð og ekkert meira verður greitt.');
  });
});
