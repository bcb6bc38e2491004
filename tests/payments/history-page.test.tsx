import { describe, expect, it, vi } from 'vitest';
import type { PaymentEvent } from '@/lib/db/schema';
import { toPaymentView } from '@/lib/payments/view';
import { historyLines } from '@/tests/support/history-lines';
import { paymentRow } from '@/tests/support/payment-row';

// The status history of a payment's page as the PSU reads it: each status once in its own words, and the times
// going forward, whatever order the bank's reports and the PSU's return reached us in.

// The view names the payment's bank from the directory, which reads the settings.
vi.stubEnv('AUTH_SECRET', 'history-page-secret-history-page-secret-01');

let nextId = 1;
function event(
  at: string,
  source: PaymentEvent['source'],
  transactionStatus: string | null,
  scaStatus: string | null = null,
): PaymentEvent {
  return {
    id: nextId++,
    paymentId: 'p',
    transactionStatus,
    scaStatus,
    source,
    detail: null,
    occurredAt: new Date(`2026-12-07T${at}Z`),
  };
}

describe('a standing order\u2019s status history', () => {
  it('says "Virk" / "Active" once, though the bank notified ACTC and the return from the bank read ACSP', () => {
    const payment = paymentRow({ service: 'periodic-payments', transactionStatus: 'ACSP' });
    const events = [
      event('06:01:13', 'initiation', 'RCVD'),
      event('06:01:14', 'notification', 'ACTC'),
      event('06:01:15', 'redirect', null, 'finalised'),
      event('06:01:15', 'redirect', 'ACSP'),
    ];
    const view = toPaymentView(payment, events);
    const is = historyLines('is', view);
    expect(is).toHaveLength(3);
    expect(is.filter((line) => line.startsWith('Virk '))).toHaveLength(1);
    expect(is[1]).toMatch(/^Þú staðfestir greiðsluna/);
    expect(historyLines('en', view).filter((line) => line.startsWith('Active '))).toHaveLength(1);
  });
});

describe('the history of a payment approved in the bank\u2019s app (decoupled SCA)', () => {
  it('tells the approval before the bank\u2019s ACTC, at a time no later than it', () => {
    const payment = paymentRow({ transactionStatus: 'ACSC' });
    // Our poll learnt the approval (finalised) a second after the bank's notification of ACTC.
    const events = [
      event('05:41:03', 'initiation', 'RCVD'),
      event('05:41:05', 'poll', null, 'started'),
      event('05:41:34', 'notification', 'ACTC'),
      event('05:41:35', 'poll', null, 'finalised'),
      event('05:41:35', 'notification', 'ACSP'),
      event('05:41:36', 'notification', 'ACSC'),
    ];
    const is = historyLines('is', toPaymentView(payment, events));
    expect(
      is.map((line) =>
        line.replace(/ 7\. des\. 2026 kl\. /, ' ').replace(/ (við|þegar|athugað|tilkynning).*$/, ''),
      ),
    ).toEqual([
      'Bíður staðfestingar þinnar 05:41:03',
      'Bíður samþykkis í appi bankans 05:41:05',
      'Þú staðfestir greiðsluna 05:41:34',
      'Yfirfarin 05:41:34',
      'Í greiðslu 05:41:35',
      'Greidd 05:41:36',
    ]);
  });
});

describe('the history of a payment the PSU confirms again in a new authorisation', () => {
  it('tells the new authorisation\u2019s first step, though the earlier one had ended at the same step', () => {
    const payment = paymentRow({ transactionStatus: 'RCVD' });
    const again = {
      ...event('09:00:40', 'confirmation', null, 'unconfirmed'),
      detail: { newAuthorisation: 'again' },
    };
    const events = [
      event('09:00:00', 'initiation', 'RCVD'),
      event('09:00:20', 'redirect', null, 'unconfirmed'),
      again,
    ];
    const view = toPaymentView(payment, events);
    expect(historyLines('en', view).map((line) => line.replace(/ 7 Dec.*$/, ''))).toEqual([
      'Waiting for your confirmation',
      'Confirmed at your bank, not yet finished',
      'New confirmation started Confirmed at your bank, not yet finished',
    ]);
    expect(historyLines('is', view)[2]).toMatch(/^Ný staðfesting hafin Staðfest í bankanum, ekki lokið /);
  });
});
