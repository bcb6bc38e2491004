import { describe, expect, it, vi } from 'vitest';
import { PaymentStatusView, StatusExplain } from '@/components/payments/payment-status-view';
import { toPaymentView } from '@/lib/payments/view';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A bulk payment pays several recipients: once the money has left the PSU's account, its page speaks of the
// payments and their recipients, never of "the recipient" as a single payment's page does.

// The view names the payment's bank from the directory, which reads the settings.
vi.stubEnv('AUTH_SECRET', 'bulk-page-words-secret-bulk-page-words-01');

const elements = [
  {
    creditorAccount: { iban: 'IS870301260012345101696399' },
    instructedAmount: { currency: 'ISK', amount: '450000' },
  },
  {
    creditorAccount: { iban: 'IS880311260047211505852289' },
    instructedAmount: { currency: 'ISK', amount: '520000' },
  },
];

// Drawn without its cancel button, whose client part needs Next's router (not what is looked at here).
const bulk = (transactionStatus: string) => ({
  ...toPaymentView(
    paymentRow({
      service: 'bulk-payments',
      transactionStatus,
      creditorName: null,
      creditorAccount: '',
      amount: '970000',
      elementCount: elements.length,
      body: { paymentInformationId: 'laun-des', payments: elements },
      bulkResults: { bulkStatus: transactionStatus, payments: [] },
    }),
    [],
  ),
  cancellable: false,
});
const single = (transactionStatus: string) => ({
  ...toPaymentView(paymentRow({ transactionStatus }), []),
  cancellable: false,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the page of a bulk payment paid from the PSU’s account', () => {
  it.each([
    {
      locale: 'is' as const,
      checks: 'Þessi síða athugar öðru hverju hvort greiðslurnar hafi borist viðtakendum.',
      single: 'Þessi síða athugar öðru hverju hvort hún hafi borist viðtakanda.',
    },
    {
      locale: 'en' as const,
      checks: 'This page checks now and then whether the payments have reached their recipients.',
      single: 'This page checks now and then whether it has reached the recipient.',
    },
  ])(
    'says ($locale) it looks whether the payments reached their recipients',
    ({ locale, checks, single: one }) => {
      const page = text(renderIn(locale, <PaymentStatusView payment={bulk('ACSC')} />));
      expect(page).toContain(checks);
      expect(page).not.toContain(one);
      // A single payment's page still speaks of its one recipient.
      expect(text(renderIn(locale, <PaymentStatusView payment={single('ACSC')} />))).toContain(one);
    },
  );

  it.each([
    {
      status: 'ACCC',
      is: 'Peningarnir eru komnir á reikninga viðtakenda.',
      en: 'The money has reached the recipients’ accounts.',
    },
    {
      status: 'ACWP',
      is: 'Samþykkt en ekki bókuð á reikninga viðtakenda.',
      en: 'Accepted, but not posted to the recipients’ accounts.',
    },
  ])('explains $status as the bulk’s recipients’ accounts', ({ status, is, en }) => {
    expect(text(renderIn('is', <StatusExplain payment={bulk(status)} />)).trim()).toBe(is);
    expect(text(renderIn('en', <StatusExplain payment={bulk(status)} />)).trim()).toBe(en);
    expect(text(renderIn('is', <StatusExplain payment={single(status)} />))).toContain(
      'reikning viðtakanda.',
    );
  });
});
