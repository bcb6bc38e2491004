import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import { StatusExplain } from '@/components/payments/payment-status-view';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'standing-ended-secret-standing-ended-secret-0');
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// A standing order that ended: its page says so once, of the standing order, where it said it three ways.
describe('a standing order stopped or rejected', () => {
  it.each([
    [
      'CANC',
      'Fasta greiðslan var afturkölluð. Ekkert meira verður greitt samkvæmt henni.',
      'The standing order was cancelled. Nothing more will be paid.',
    ],
    [
      'RJCT',
      'Bankinn hafnaði föstu greiðslunni. Ekkert verður greitt.',
      'Your bank rejected the standing order. Nothing will be paid.',
    ],
  ])(
    '%s: the notice says it of the standing order, and the line under its status does not say it again',
    (status, is, en) => {
      const view = toPaymentView(paymentRow({ service: 'periodic-payments', transactionStatus: status }), []);
      const notice = (locale: 'is' | 'en') =>
        text(
          renderIn(locale, <BankOutcomeMessage outcome={view.outcome} service={view.service} />, ['payment']),
        );
      expect(notice('is')).toBe(is);
      expect(notice('en')).toBe(en);
      for (const locale of ['is', 'en'] as const)
        expect(text(renderIn(locale, <StatusExplain payment={view} />, ['status', 'payment']))).toBe('');
    },
  );

  it('a single payment cancelled keeps the notice of a payment', () => {
    const view = toPaymentView(paymentRow({ transactionStatus: 'CANC' }), []);
    expect(
      text(renderIn('is', <BankOutcomeMessage outcome={view.outcome} service={view.service} />, ['payment'])),
    ).toBe('Greiðslan var afturkölluð. Ekkert verður greitt.');
  });

  it('a bulk payment’s notice says it of the bulk payment, not of one payment', () => {
    const view = toPaymentView(paymentRow({ service: 'bulk-payments', transactionStatus: 'ACSC' }), []);
    const notice = (locale: 'is' | 'en') =>
      text(
        renderIn(locale, <BankOutcomeMessage outcome={view.outcome} service={view.service} />, ['payment']),
      );
    expect(notice('en')).toBe('Your bank has debited the bulk payment from your account.');
    expect(notice('is')).toBe('Upphæð fjöldagreiðslunnar hefur verið tekin af reikningnum þínum.');
  });
});
