import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BulkPaymentResult } from '@/lib/bank/bulk-results';
import { paymentStory } from '@/lib/payments/story';
import { paymentRow } from '@/tests/support/payment-row';

// Each payment of a bulk is shown with the bank's result for it, matched by what the bank names of it (its
// account, amount and currency), not by where it stands in the bank's list: the spec does not show the read-back
// (2.6), and a bank may list the payments in another order, or only those it did not carry out. A rejected
// payment is never shown as paid because the bank listed it first.

const GOOD = 'IS870301260012345101696399';
const UNKNOWN = 'IS500159260099990101302989';
const ours = [
  { creditorAccount: { iban: GOOD }, instructedAmount: { currency: 'ISK', amount: '1500' } },
  { creditorAccount: { iban: UNKNOWN }, instructedAmount: { currency: 'ISK', amount: '2500' } },
];

function linesWith(results: BulkPaymentResult[], payments: Record<string, unknown>[] = ours) {
  const payment = paymentRow({
    service: 'bulk-payments',
    transactionStatus: 'PART',
    body: {
      paymentInformationId: 'b-1',
      debtorAccount: { iban: 'IS140159260076545510730339' },
      payments,
    },
    bulkResults: { bulkStatus: 'PART', payments: results },
  });
  return (paymentStory(payment, []).bulk ?? []).map((line) => [line.message ?? line.account, line.status]);
}

describe('a bulk payment’s results per payment', () => {
  it('follow the payment the bank names, in whichever order it lists them', () => {
    expect(
      linesWith([
        {
          position: 1,
          creditorAccount: UNKNOWN,
          amount: '2500.00',
          currency: 'ISK',
          transactionStatus: 'RJCT',
        },
        { position: 2, creditorAccount: GOOD, amount: '1500.00', currency: 'ISK', transactionStatus: 'ACSC' },
      ]),
    ).toEqual([
      [GOOD, 'ACSC'],
      [UNKNOWN, 'RJCT'],
    ]);
  });

  it('leave a payment the bank did not list without a result, not with another’s', () => {
    expect(
      linesWith([
        { position: 1, creditorAccount: UNKNOWN, amount: '2500', errorCodes: ['CREDITOR_ACCOUNT_NOT_FOUND'] },
      ]),
    ).toEqual([
      [GOOD, null],
      [UNKNOWN, 'RJCT'],
    ]);
  });

  it('follow the position where the bank names nothing of the payment, as before', () => {
    expect(
      linesWith([
        { position: 1, transactionStatus: 'ACSC' },
        { position: 2, transactionStatus: 'RJCT' },
      ]),
    ).toEqual([
      [GOOD, 'ACSC'],
      [UNKNOWN, 'RJCT'],
    ]);
  });

  it('tell apart two payments of one amount to one account by their reference', () => {
    const twoBills = ['BILL-A', 'BILL-B'].map((reference) => ({
      creditorAccount: { iban: GOOD },
      instructedAmount: { currency: 'ISK', amount: '5000' },
      remittanceInformationUnstructured: reference,
    }));
    const result = (position: number, reference: string, transactionStatus: string) => ({
      position,
      creditorAccount: GOOD,
      amount: '5000',
      currency: 'ISK',
      reference,
      transactionStatus,
    });
    expect(linesWith([result(1, 'BILL-B', 'ACSC'), result(2, 'BILL-A', 'RJCT')], twoBills)).toEqual([
      ['BILL-A', 'RJCT'],
      ['BILL-B', 'ACSC'],
    ]);
  });

  it('are the same for any order the bank lists them in', () => {
    const results: BulkPaymentResult[] = [
      { position: 0, creditorAccount: GOOD, amount: '1500', currency: 'ISK', transactionStatus: 'ACSC' },
      { position: 0, creditorAccount: UNKNOWN, amount: '2500', currency: 'ISK', transactionStatus: 'RJCT' },
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(results, { minLength: 2, maxLength: 2 }), (order) => {
        const listed = order.map((result, index) => ({ ...result, position: index + 1 }));
        expect(linesWith(listed)).toEqual([
          [GOOD, 'ACSC'],
          [UNKNOWN, 'RJCT'],
        ]);
      }),
    );
  });
});
