import { describe, expect, it, vi } from 'vitest';
import { BulkResultsSection } from '@/components/payments/bulk-results';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import type { BulkResults } from '@/lib/bank/bulk-results';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A bulk the bank rejected in part (PART): its page says once how many payments it holds and how many the bank
// rejected, in the intro above its payments; the toggle that opens them names what it opens.

// The view names the payment's bank from the directory, which reads the settings.
vi.stubEnv('AUTH_SECRET', 'bulk-toggle-secret-bulk-toggle-secret-0001');

const CREDITOR = 'IS870301260012345101696399';
const UNKNOWN = 'IS980159269999990101302989';
const element = (iban: string, amount: string) => ({
  creditorAccount: { iban },
  instructedAmount: { currency: 'ISK', amount },
});
const results: BulkResults = {
  bulkStatus: 'PART',
  payments: [
    { position: 1, creditorAccount: CREDITOR, amount: '2000', currency: 'ISK', transactionStatus: 'ACSC' },
    { position: 2, creditorAccount: UNKNOWN, amount: '2500', currency: 'ISK', transactionStatus: 'RJCT' },
    { position: 3, creditorAccount: CREDITOR, amount: '1500', currency: 'ISK', transactionStatus: 'ACSC' },
  ],
};
// Drawn without its cancel button, whose client part needs Next's router (not what is looked at here).
const view = {
  ...toPaymentView(
    paymentRow({
      service: 'bulk-payments',
      transactionStatus: 'PART',
      creditorName: null,
      creditorAccount: '',
      amount: '6000',
      elementCount: 3,
      body: {
        paymentInformationId: 'GRD-20261207-WJEWAW5BNC7E',
        payments: [element(CREDITOR, '2000'), element(UNKNOWN, '2500'), element(CREDITOR, '1500')],
      },
      bulkResults: results,
    }),
    [],
  ),
  cancellable: false,
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[^\S\u00a0]+/g, ' ')
    .trim();
const toggleOf = (html: string) =>
  text(/<summary[^>]*data-bulk-results[^>]*>([\s\S]*?)<\/summary>/.exec(html)?.[1] ?? '');
const occurrences = (html: string, part: RegExp) => text(html).match(part)?.length ?? 0;

describe('the payments of a bulk the bank rejected in part', () => {
  it.each([
    {
      locale: 'is' as const,
      intro:
        'Af reikningnum þínum: 3.500\u00a0kr. af samtals 6.000\u00a0kr. í 3 greiðslum. Bankinn hafnaði einni þeirra (2.500\u00a0kr.).',
      toggle: 'Niðurstaða hverrar greiðslu',
      rejected: /hafnaði einni þeirra/g,
    },
    {
      locale: 'en' as const,
      intro:
        'From your account: ISK\u00a03,500 of ISK\u00a06,000 in 3 payments. Your bank rejected one of them (ISK\u00a02,500).',
      toggle: 'The result of each payment',
      rejected: /rejected one of them/g,
    },
  ])(
    'says ($locale) once how many there are and how many were rejected',
    ({ locale, intro, toggle, rejected }) => {
      const page = renderIn(locale, <PaymentStatusView payment={view} />);
      expect(text(page)).toContain(intro);
      expect(occurrences(page, rejected)).toBe(1);
      expect(toggleOf(page)).toBe(toggle);
    },
  );

  it('gives the count in the toggle where no intro says it (the bank\u2019s read-back alone)', () => {
    expect(toggleOf(renderIn('is', <BulkResultsSection results={results} />))).toBe(
      '3 greiðslur; bankinn hafnaði einni þeirra.',
    );
    expect(toggleOf(renderIn('en', <BulkResultsSection results={results} />))).toBe(
      '3 payments; your bank rejected one of them.',
    );
  });
});
