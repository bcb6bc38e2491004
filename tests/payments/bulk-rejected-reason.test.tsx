import { describe, expect, it, vi } from 'vitest';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import type { BulkPaymentResult, BulkResults } from '@/lib/bank/bulk-results';
import { toPaymentView } from '@/lib/payments/view';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

// A payment of a bulk the bank rejected says why, where the bank's read-back gives a reason for it (IOBWS 3.2
// `bulkPaymentInitiationElementDomesticWithStatus`: the element's `errors.tppMessages`), and says plainly that the
// bank gave none where it only marks it rejected (Berlin Group's element `transactionStatus`, as the sandbox
// bank answers). Where "Pay again" fills in a new bulk with the rejected payments only, the page says so.

vi.stubEnv('AUTH_SECRET', 'bulk-reason-secret-bulk-reason-secret-0001');

const CREDITOR = 'IS870301260012345101696399';
const UNKNOWN = 'IS980159269999990101302989';
const element = (iban: string, amount: string) => ({
  creditorAccount: { iban },
  instructedAmount: { currency: 'ISK', amount },
});
const elements = [element(CREDITOR, '2000'), element(UNKNOWN, '2500'), element(CREDITOR, '1500')];
const result = (position: number, said: Partial<BulkPaymentResult>): BulkPaymentResult => {
  const sent = elements[position - 1];
  return {
    position,
    creditorAccount: sent?.creditorAccount.iban,
    amount: sent?.instructedAmount.amount,
    currency: 'ISK',
    ...said,
  };
};

function pageOf(transactionStatus: string, payments: BulkPaymentResult[] | null, locale: 'is' | 'en') {
  const bulkResults: BulkResults = { bulkStatus: transactionStatus, payments };
  const view = toPaymentView(
    paymentRow({
      service: 'bulk-payments',
      transactionStatus,
      creditorName: null,
      creditorAccount: '',
      amount: '6000',
      elementCount: 3,
      body: { paymentInformationId: 'GRD-20261207-WJEWAW5BNC7E', payments: elements },
      bulkResults,
    }),
    [],
  );
  return renderIn(locale, <PaymentStatusView payment={{ ...view, cancellable: false }} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[^\S\u00a0]+/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
const rowOf = (html: string, position: number) =>
  text(new RegExp(`<tr[^>]*data-bulk-position="${position}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '');

const noReason = { is: 'Bankinn gaf ekki upp ástæðu.', en: 'Your bank gave no reason.' };
const payAgain = {
  is: '„Greiða aftur“ hér fyrir neðan fyllir út nýja fjöldagreiðslu með þeim greiðslum einum sem bankinn hafnaði; þú ferð yfir hana og sendir hana svo.',
  en: '“Pay again” below fills in a new bulk payment with only the payments your bank rejected, for you to check and send.',
};
const sandboxPart = [
  result(1, { transactionStatus: 'ACSC' }),
  result(2, { transactionStatus: 'RJCT' }),
  result(3, { transactionStatus: 'ACSC' }),
];

describe.each(['is', 'en'] as const)('a rejected payment of a bulk (%s)', (locale) => {
  it('where the bank gives no reason, says so, and says what "Pay again" fills in', () => {
    const page = pageOf('PART', sandboxPart, locale);
    expect(rowOf(page, 2)).toContain(noReason[locale]);
    expect(rowOf(page, 1)).not.toContain(noReason[locale]);
    expect(rowOf(page, 3)).not.toContain(noReason[locale]);
    expect(text(page)).toContain(payAgain[locale]);
  });

  it('where the bank gives a reason, says it in our words; a code we do not know, with the code', () => {
    const page = pageOf(
      'PART',
      [
        result(1, {}),
        result(2, { errorCodes: ['CREDITOR_ACCOUNT_NOT_FOUND', 'ACCOUNT_CLOSED_X'] }),
        result(3, {}),
      ],
      locale,
    );
    const words = { is, en }[locale].bank.code.CREDITOR_ACCOUNT_NOT_FOUND;
    expect(rowOf(page, 2)).toContain(words);
    expect(rowOf(page, 2)).toContain(
      {
        is: 'Bankinn gaf upp ástæðu sem við þekkjum ekki (kóði ACCOUNT_CLOSED_X).',
        en: 'Your bank gave a reason we do not know (code ACCOUNT_CLOSED_X).',
      }[locale],
    );
    expect(rowOf(page, 2)).not.toContain(noReason[locale]);
    expect(text(page)).toContain(payAgain[locale]);
  });

  it('a bulk rejected whole: "Pay again" fills in all of them, which are all rejected', () => {
    const page = pageOf(
      'RJCT',
      [1, 2, 3].map((position) => result(position, { transactionStatus: 'RJCT' })),
      locale,
    );
    for (const position of [1, 2, 3]) expect(rowOf(page, position)).toContain(noReason[locale]);
    expect(text(page)).toContain(payAgain[locale]);
  });

  it('says nothing of "Pay again" where it would fill in the payments the bank carried out too', () => {
    // Results that cannot be told apart by place (fewer than were sent): "Pay again" takes the whole bulk.
    const page = pageOf('PART', sandboxPart.slice(0, 2), locale);
    expect(rowOf(page, 2)).toContain(noReason[locale]);
    expect(text(page)).not.toContain(payAgain[locale]);
  });
});
