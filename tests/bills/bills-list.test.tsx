import { describe, expect, it } from 'vitest';
import { Bills } from '@/components/bills/bills';
import type { BillView } from '@/lib/bills/bill-view';
import { renderIn } from '@/tests/support/render-intl';

// A paid bill says when it was paid, where the PSU paid it here: the day the bank reported its payment paid.

const paid: BillView = {
  bankId: 'default',
  bankName: 'Sandkassabankinn',
  claimId: '5501692829015966000001+20261221',
  claimNumber: '0159-66-000001',
  claimantName: 'Greiðsla ehf.',
  status: 'Paid',
  partiallyPaid: false,
  payable: false,
  notPayableWhy: null,
  discountOffered: null,
  amount: '12500',
  totalAmountDue: '0',
  currency: 'ISK',
  dueDate: '2026-12-21',
  finalDueDate: null,
  reference: 'ASKRIFT-2026',
  paidEventAt: null,
  payment: {
    id: '0b1c2d3e-0000-4000-8000-000000000001',
    transactionStatus: 'ACSC',
    paidDay: '2026-12-07',
    failed: false,
  },
  paying: null,
  partPayments: [],
};

describe('the bills list', () => {
  it('tells of a discount the bank says is offered on an open bill, in words, and owes the amount as given', () => {
    const offered: BillView = {
      ...paid,
      status: 'Unpaid',
      payment: null,
      payable: true,
      discountOffered: '500',
    };
    const is = renderIn('is', <Bills bills={[offered]} />, ['bills', 'payments']);
    expect(is).toMatch(/Afsláttur í boði: 500\s*kr\. ef krafan er greidd snemma/);
    expect(is).toMatch(/12\.500\s*kr\./);
    expect(renderIn('en', <Bills bills={[offered]} />, ['bills', 'payments'])).toMatch(
      /Discount offered: ISK\s*500 if the bill is paid early/,
    );
  });

  it('lists an ISK bill whose amount has decimals as the bank gives it, says why it is not paid here, offers no Pay', () => {
    const decimals: BillView = {
      ...paid,
      status: 'Unpaid',
      payment: null,
      amount: '1500.5',
      totalAmountDue: '1500.5',
      notPayableWhy: 'notWholeUnits',
    };
    const is = renderIn('is', <Bills bills={[decimals]} />, ['bills', 'payments']);
    expect(is).toContain('ekki í heilum krónum');
    expect(is).toMatch(/1\.500,5/);
    expect(is).not.toContain('>Greiða<');
    const en = renderIn('en', <Bills bills={[decimals]} />, ['bills', 'payments']);
    expect(en).toContain('not in whole krónur');
    expect(en).not.toContain('>Pay<');
  });

  it('says of an open bill whose claim the bank now answers unreadably that it cannot be paid here now, offers no Pay', () => {
    const unreadable: BillView = { ...paid, status: 'Unpaid', payment: null, notPayableWhy: 'unreadable' };
    const is = renderIn('is', <Bills bills={[unreadable]} />, ['bills', 'payments']);
    expect(is).toContain('Ekki er hægt að lesa svar bankans um þessa kröfu');
    expect(is).not.toContain('>Greiða<');
    expect(renderIn('en', <Bills bills={[unreadable]} />, ['bills', 'payments'])).toContain(
      'answer about this bill cannot be read right now',
    );
  });

  it('gives the day a bill paid here was paid, in both languages', () => {
    expect(renderIn('is', <Bills bills={[paid]} />, ['bills', 'payments'])).toContain(
      'Greidd 7.\u00a0des.\u00a02026',
    );
    expect(renderIn('en', <Bills bills={[paid]} />, ['bills', 'payments'])).toContain(
      'Paid on 7\u00a0Dec\u00a02026',
    );
    const notYet = { ...paid, payment: { ...paid.payment, paidDay: null } } as BillView;
    expect(renderIn('en', <Bills bills={[notYet]} />, ['bills', 'payments'])).not.toContain('Paid on');
  });
});

describe('a partly paid bill in the list', () => {
  // IOBWS-Claims 3.1 claimDetails: `amount` the claim's amount, `totalAmountDue` the total to be paid, and
  // `isPartiallyPaid` that payment has been made on it.
  const partly: BillView = {
    ...paid,
    status: 'Unpaid',
    partiallyPaid: true,
    payable: true,
    amount: '12000',
    totalAmountDue: '7000',
    payment: {
      id: '0b1c2d3e-0000-4000-8000-000000000002',
      transactionStatus: 'ACSC',
      paidDay: null,
      failed: false,
    },
  };

  // Amounts are written with a no-break space between the figure and the currency.
  const read = (locale: 'is' | 'en', bill: BillView) =>
    renderIn(locale, <Bills bills={[bill]} />, ['bills', 'payments']).replaceAll('\u00a0', ' ');

  it('says that part was paid, what the bill was and what is left, in both languages', () => {
    const english = read('en', partly);
    expect(english).toContain('Partly paid: the bill was for ISK 12,000 and part of it has been paid.');
    expect(english).toContain('Left to pay: ISK 7,000.');
    expect(english).not.toContain('7,000..');
    const icelandic = read('is', partly);
    expect(icelandic).toContain(
      'Greidd að hluta: krafan var upp á 12.000 kr. og hluti hennar hefur verið greiddur.',
    );
    // The amount's own full stop ends the sentence: one, not two.
    expect(icelandic).toContain('Ógreitt: 7.000 kr.');
    expect(icelandic).not.toContain('kr..');
  });

  it('does not call the payment that paid the first part one that did not go through', () => {
    const english = renderIn('en', <Bills bills={[partly]} />, ['bills', 'payments']);
    expect(english).not.toContain('did not go through');
    const failed = { ...partly, payment: { ...partly.payment, failed: true } } as BillView;
    expect(renderIn('en', <Bills bills={[failed]} />, ['bills', 'payments'])).toContain('did not go through');
  });
});

describe('a bill’s final due date in the list', () => {
  // IOBWS-Claims 3.1 claimDetails `finalDueDate` (eindagi), beside the claim key's `dueDate` (gjalddagi).
  const open: BillView = {
    ...paid,
    status: 'Unpaid',
    payable: true,
    totalAmountDue: '12500',
    dueDate: '2026-12-01',
    finalDueDate: '2026-12-11',
    payment: null,
  };

  const text = (locale: 'is' | 'en', bill: BillView) =>
    renderIn(locale, <Bills bills={[bill]} />, ['bills', 'payments']).replace(/<[^>]+>/g, '');

  it('is given in words where the due date is, in both languages', () => {
    expect(text('en', open)).toContain('Due 1\u00a0Dec\u00a02026 · final due date 11\u00a0Dec\u00a02026');
    expect(text('is', open)).toContain('Gjalddagi 1.\u00a0des.\u00a02026 · eindagi 11.\u00a0des.\u00a02026');
  });

  it('is not made up where the bank gave none', () => {
    const none = { ...open, finalDueDate: null };
    expect(renderIn('en', <Bills bills={[none]} />, ['bills', 'payments'])).not.toContain('final due date');
    expect(renderIn('is', <Bills bills={[none]} />, ['bills', 'payments'])).not.toContain('eindagi');
  });
});
