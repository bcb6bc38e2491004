import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CostsIntro } from '@/components/payments/costs-intro';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// The costs step names what the PSU is to accept costs for: the amount and who is paid, as the payment's page does.

// The payment's view names banks by the directory, which reads the app's settings.
beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'costs-intro-secret-costs-intro-secret-0123');
});

const text = (html: string) => html.replace(/<[^>]+>/g, '');
// The costs step's words, and the list's for a bulk's recipients.
const namespaces = ['payment', 'payments'] as const;
const waiting = { transactionStatus: 'RCVD', creditorName: 'Þórður Ævarsson' };

describe('the costs step, before the PSU confirms', () => {
  it('names the recipient and the amount, in both languages', () => {
    const view = toPaymentView(paymentRow(waiting), []);
    expect(text(renderIn('is', <CostsIntro payment={paymentRow(waiting)} view={view} />, namespaces))).toBe(
      'Bankinn hefur tekið við greiðslunni, 12.500\u00a0kr., viðtakandi Þórður Ævarsson, og segir hvað hún kostar. Ekkert er greitt fyrr en þú staðfestir hana í bankanum.',
    );
    expect(text(renderIn('en', <CostsIntro payment={paymentRow(waiting)} view={view} />, namespaces))).toBe(
      'Your bank has received the payment of ISK\u00a012,500 to Þórður Ævarsson, and says what it costs. Nothing is paid until you confirm it at your bank.',
    );
  });

  it('names the account as people write it where the payment names no one', () => {
    const row = paymentRow({ ...waiting, creditorName: null, creditorAccount: 'IS140159260076545510730339' });
    expect(
      text(renderIn('is', <CostsIntro payment={row} view={toPaymentView(row, [])} />, namespaces)),
    ).toContain(', viðtakandi 0159-26-007654, og segir');
  });

  it("names a bulk's recipients, as its list does", () => {
    const row = paymentRow({
      ...waiting,
      service: 'bulk-payments',
      creditorName: null,
      creditorAccount: '',
      elementCount: 3,
      body: {
        payments: ['Guðrún Helgadóttir', 'Þórður Ólafsson', 'Anna Jónsdóttir'].map((name) => ({
          instructedAmount: { currency: 'ISK', amount: '1000' },
          creditorAccount: { iban: 'IS870301260012345101696399' },
          ultimateCreditor: name,
        })),
      },
    });
    expect(
      text(renderIn('is', <CostsIntro payment={row} view={toPaymentView(row, [])} />, namespaces)),
    ).toContain(
      '3.000\u00a0kr., viðtakendur Guðrún Helgadóttir, Þórður Ólafsson og einn til viðbótar, og segir',
    );
    expect(
      text(renderIn('en', <CostsIntro payment={row} view={toPaymentView(row, [])} />, namespaces)),
    ).toContain('ISK\u00a03,000 to Guðrún Helgadóttir, Þórður Ólafsson and one more, and says');
  });
});
