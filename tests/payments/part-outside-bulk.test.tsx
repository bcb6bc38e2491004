import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import { StatusExplain } from '@/components/payments/payment-status-view';
import type { PaymentService } from '@/lib/bank/payments';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

/**
 * PART (spec part 3): "some transactions accepted, others not yet accepted; only for bulk payments". A bank that
 * answers it for a single payment or a standing order says the payment was accepted in part; the page says that
 * much, and never speaks of a bulk payment's payments, which this payment has none of.
 */

beforeAll(() => {
  vi.stubEnv('AUTH_SECRET', 'part-outside-bulk-secret-part-outside-bulk-0');
});

function pageOf(service: PaymentService, locale: 'is' | 'en') {
  const view = toPaymentView(paymentRow({ service, transactionStatus: 'PART' }), []);
  const said = (node: React.ReactElement) =>
    renderIn(locale, node)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  return `${said(<BankOutcomeMessage outcome={view.outcome} service={service} />)} ${said(<StatusExplain payment={view} />)}`;
}

describe('PART for a payment that is no bulk payment', () => {
  it('is said of the payment, in part, in both languages', () => {
    expect(pageOf('payments', 'en')).toMatch(/in part/);
    expect(pageOf('payments', 'en')).not.toMatch(/bulk|payments below|some of the payments/i);
    expect(pageOf('payments', 'is')).toMatch(/að hluta/);
    expect(pageOf('payments', 'is')).not.toMatch(/fjöldagreiðsl|sumar greiðslur/i);
  });

  it('a bulk payment is still told which of its payments were accepted', () => {
    expect(pageOf('bulk-payments', 'en')).toMatch(/some of the payments/);
    expect(pageOf('bulk-payments', 'is')).toMatch(/sumar greiðslur/);
  });
});
