import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentCostsSection } from '@/components/payments/payment-costs';
import { paymentAmounts } from '@/lib/payments/amounts';
import { buildReceipt } from '@/lib/payments/receipt';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A bulk may hold payments in several currencies (spec 2.3); the one amount a payment row keeps is then only its
// first currency's total. What the PSU reads is every currency's total, and no "total from your account" the
// bank did not give: ISK 1,000 and EUR 500 at the bank's rate are far more than ISK 1,000 and the fees.

// The payment page names banks by the directory, which reads the app's settings.
beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'amounts-secret-amounts-secret-amounts-0123');
});

const row = (currency: string, amount: string) => ({
  creditorAccount: { iban: 'IS870301260012345101696399' },
  instructedAmount: { currency, amount },
});

/** Text with the no-break spaces amounts are written with made plain. */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

const mixedBulk = paymentRow({
  service: 'bulk-payments',
  transactionStatus: 'RCVD',
  amount: '1250',
  currency: 'ISK',
  elementCount: 3,
  body: {
    paymentInformationId: 'mixed-1',
    debtorAccount: { iban: 'IS140159260076545510730339', currency: 'ISK' },
    payments: [row('ISK', '1000'), row('EUR', '500'), row('ISK', '250')],
  },
  costs: { transactionFees: { currency: 'ISK', amount: '1175' } },
});

describe('a bulk in several currencies', () => {
  it('is for each currency’s total, in the order first entered; any other payment for its one amount', () => {
    expect(paymentAmounts(mixedBulk)).toEqual([
      { currency: 'ISK', amount: '1250' },
      { currency: 'EUR', amount: '500.00' },
    ]);
    expect(paymentAmounts(paymentRow())).toEqual([{ currency: 'ISK', amount: '12500' }]);
  });

  it('has no total from the account worked out of one currency’s total and the fees', () => {
    const view = toPaymentView(mixedBulk, []);
    expect(view.costsTotal).toEqual({
      kind: 'unknown',
      fees: { currency: 'ISK', amount: '1175' },
      feesComplete: true,
    });
    const english = renderIn(
      'en',
      <PaymentCostsSection costs={view.costs} total={view.costsTotal} amounts={view.amounts} />,
    );
    expect(plain(english)).toContain('The amount is ISK 1,250 + EUR 500.00 and the fees are ISK 1,175.');
    expect(english).not.toContain('Total from your account');
    const icelandic = renderIn(
      'is',
      <PaymentCostsSection costs={view.costs} total={view.costsTotal} amounts={view.amounts} />,
    );
    expect(icelandic).not.toContain('Samtals af reikningnum þínum');
  });

  it('is shown with every total on its receipt', () => {
    const receipt = buildReceipt({ ...mixedBulk, transactionStatus: 'ACSC' }, [], 'en', new Date());
    expect(plain(receipt.lines.find((line) => line.key === 'amount')?.value)).toBe('ISK 1,250 + EUR 500.00');
  });
});
