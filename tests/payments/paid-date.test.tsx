import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentStorySection } from '@/components/payments/payment-story';
import type { PaymentEvent } from '@/lib/db/schema';
import { formatDate } from '@/lib/format';
import { buildReceipt } from '@/lib/payments/receipt';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A payment sent to be paid as soon as possible has no day of its own until the bank pays it. Once the bank has
// said it is paid, its page says on which day, as its receipt does: the day the bank first reported it paid
// (ACSC, ACCC or PART), in Iceland, where the bank's read-back gives no day of its own (spec 2.6).

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'paid-date-secret-paid-date-secret-paid-01');
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[^\S\u00a0]+/g, ' ');

function event(paymentId: string, id: number, transactionStatus: string, at: string): PaymentEvent {
  return {
    id,
    paymentId,
    transactionStatus,
    scaStatus: null,
    source: 'poll',
    detail: null,
    occurredAt: new Date(at),
  };
}

/** A payment sent without a day, confirmed on 7 December and reported paid late on the 8th, Reykjavik time. */
function asSoonAsPossible(status: string, overrides: Parameters<typeof paymentRow>[0] = {}) {
  const payment = paymentRow({ transactionStatus: status, ...overrides });
  const events = [
    event(payment.id, 1, 'RCVD', '2026-12-07T13:05:09Z'),
    event(payment.id, 2, 'ACSP', '2026-12-07T13:06:00Z'),
    ...(status === 'ACSP' ? [] : [event(payment.id, 3, status, '2026-12-08T23:40:00Z')]),
  ];
  return { payment, events };
}

const paidDay = {
  is: formatDate('2026-12-08', 'is', { weekday: true }),
  en: formatDate('2026-12-08', 'en', { weekday: true }),
};

describe('the day a payment made as soon as possible was paid', () => {
  it('is on its page once the bank has reported it paid, in Icelandic and English', () => {
    for (const status of ['ACSC', 'ACCC']) {
      const { payment, events } = asSoonAsPossible(status);
      const view = toPaymentView(payment, events);
      expect(view.story.paidDate).toBe('2026-12-08');
      expect(view.payDay).toBe('2026-12-08');
      const icelandic = text(renderIn('is', <PaymentStorySection payment={view} />));
      expect(icelandic).toContain('Sem fyrst (enginn dagur valinn)');
      expect(icelandic).toContain(`Dagur sem bankinn greiddi ${paidDay.is}`);
      expect(text(renderIn('en', <PaymentStorySection payment={view} />))).toContain(
        `Date your bank paid ${paidDay.en}`,
      );
    }
  });

  it('is the receipt’s payment date too', () => {
    const { payment, events } = asSoonAsPossible('ACSC');
    const receipt = buildReceipt(payment, events, 'en', new Date('2026-12-09T09:00:00Z'));
    expect(receipt.lines.find((line) => line.key === 'executionDate')?.value).toBe(
      formatDate('2026-12-08', 'en'),
    );
  });

  it('is not there while the bank has not paid it, nor where the bank gives the day itself', () => {
    const waiting = asSoonAsPossible('ACSP');
    const view = toPaymentView(waiting.payment, waiting.events);
    expect(view.story.paidDate).toBeNull();
    expect(view.payDay).toBeNull();
    expect(text(renderIn('is', <PaymentStorySection payment={view} />))).not.toContain(
      'Dagur sem bankinn greiddi',
    );

    // The bank's own day (spec 2.6 requestedExecutionDate) is the one shown, once.
    const dated = asSoonAsPossible('ACSC', {
      bankDetails: { status: 'ACSC', requestedExecutionDate: '2026-12-09T00:00:00Z' },
    });
    const english = text(
      renderIn('en', <PaymentStorySection payment={toPaymentView(dated.payment, dated.events)} />),
    );
    expect(english).toContain(`Date your bank paid ${formatDate('2026-12-09', 'en', { weekday: true })}`);
    expect(english.match(/Date your bank paid/g)).toHaveLength(1);
  });
});
