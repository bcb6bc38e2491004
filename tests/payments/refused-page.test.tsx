import { describe, expect, it, vi } from 'vitest';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import { buildReceipt } from '@/lib/payments/receipt';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A payment the bank refused at its initiation: its page says why, in the bank's words the form gave, and never
// that the bank has yet to report a status.

// The view names the payment's bank from the directory, which reads the settings.
vi.stubEnv('AUTH_SECRET', 'refused-page-secret-refused-page-secret-01');

const refused = toPaymentView(
  paymentRow({
    phase: 'refused',
    transactionStatus: null,
    bankPaymentId: null,
    failureCode: 'CREDITOR_ACCOUNT_NOT_FOUND',
  }),
  [],
);

describe('a refused payment’s page', () => {
  it('gives the bank’s reason and says it has no status at the bank, in Icelandic and English', () => {
    const icelandic = renderIn('is', <PaymentStatusView payment={refused} />);
    expect(icelandic).toContain(
      'Svar bankans: Reikningur viðtakanda fannst ekki. Athugaðu reikningsnúmerið.',
    );
    expect(icelandic).toContain('Bankinn tók ekki við greiðslunni og hún hefur því enga stöðu þar.');
    expect(icelandic).not.toContain('hefur ekki enn gefið upp stöðu');
    const english = renderIn('en', <PaymentStatusView payment={refused} />);
    expect(english).toContain('Your bank did not accept the payment, so it has no status there.');
    expect(english).not.toContain('has not reported a status yet');
  });
});

describe('a payment refused with no code of part 7 (an answer without a body, the token endpoint, a code of its own)', () => {
  const refusedAs = (failureCode: string) =>
    paymentRow({ phase: 'refused', transactionStatus: null, bankPaymentId: null, failureCode });

  it.each([
    [
      'HTTP_403',
      'Svar bankans: Bankinn hafnaði tengingu okkar',
      'Your bank did not accept our connection just now.',
    ],
    [
      'TOKEN_HTTP_400',
      'Svar bankans: Bankinn hafnaði tengingu okkar',
      'Your bank did not accept our connection just now.',
    ],
    [
      'HTTP_404',
      'Svar bankans: Bankinn kannast ekki við beiðnina',
      'does not recognise the request we sent it',
    ],
  ])('%s: its page and receipt give the words its form gave', (failureCode, icelandic, english) => {
    const view = toPaymentView(refusedAs(failureCode), []);
    expect(renderIn('is', <PaymentStatusView payment={view} />)).toContain(icelandic);
    expect(renderIn('en', <PaymentStatusView payment={view} />)).toContain(english);
    const at = new Date('2026-12-08T09:00:00Z');
    const reason = (locale: 'is' | 'en') =>
      buildReceipt(refusedAs(failureCode), [], locale, at).lines.find((line) => line.key === 'reason')?.value;
    expect(reason('is')).toContain(icelandic.replace('Svar bankans: ', ''));
    expect(reason('en')).toContain(english);
  });
});
