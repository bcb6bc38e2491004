import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bills } from '@/components/bills/bills';
import type { Claim } from '@/lib/bank/claims';
import { newPsu } from '@/tests/support/psu';
import { renderIn } from '@/tests/support/render-intl';
import { type BillsAtSandbox, JON, startBillsAtSandbox } from './support';

// A partly paid bill (IOBWS-Claims 3.1 claimDetails `isPartiallyPaid`) links the payments of part of it that the PSU
// made here and the bank carried out, as a paid bill links the payment that paid it; never another user's payment
// of the same bill.

let bills: BillsAtSandbox;
let billViews: typeof import('@/lib/bills/view').billViews;

beforeAll(async () => {
  bills = await startBillsAtSandbox('part-payment-link-secret-0123456789abcdef');
  ({ billViews } = await import('@/lib/bills/view'));
});

afterAll(async () => {
  await bills?.app.close();
});

/** A payment of part of the bill, by `psuId`, approved and carried out at the bank. */
async function payPart(claim: Claim, amount: string, psuId = bills.payor) {
  const sent = await bills.app.initiation.initiateOnce(
    bills.billForm(claim, { amount, partialPayment: true, psuId }),
  );
  if (!sent.ok) throw new Error(JSON.stringify(sent));
  await bills.approveAndSettle(sent.paymentId, psuId);
  return sent.paymentId;
}

describe('a partly paid bill', () => {
  it('links the PSU\u2019s own payments of part of it, with the day each was paid, in both languages', async () => {
    const claim = await bills.newBill(12_000, { partial: true });
    const own = await payPart(claim, '5000');
    const other = await payPart(
      await bills.readBill(claim.claimId),
      '2000',
      await newPsu('annar@example.is'),
    );
    await bills.readBill(claim.claimId);
    const [view] = (await billViews(bills.app.db, bills.payor, JON)).filter(
      (bill) => bill.claimId === claim.claimId,
    );
    expect(view).toMatchObject({ status: 'Unpaid', partiallyPaid: true, totalAmountDue: '5000' });
    expect(view?.partPayments.map((payment) => payment.id)).toEqual([own]);
    const paidDay = view?.partPayments[0]?.paidDay ?? '';
    expect(paidDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (!view) return;
    for (const [locale, words] of [
      ['is', 'Þú greiddir inn á kröfuna'],
      ['en', 'You paid part of it on'],
    ] as const) {
      const html = renderIn(locale, <Bills bills={[view]} />, ['bills', 'payments']);
      const note = /<p[^>]*data-testid="part-payment"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
      expect(note).toContain(words);
      expect(note).toMatch(new RegExp(`href="/(is|en)/payments/${own}"`));
      // On one line: at 390 px "Skoða greiðslu" broke after its first word, which read as a link of its own.
      expect(note).toMatch(
        new RegExp(
          `<a[^>]*class="[^"]*whitespace-nowrap[^"]*"[^>]*>${locale === 'is' ? 'Skoða greiðslu' : 'View payment'}</a>`,
        ),
      );
      expect(html).not.toContain(other);
    }
  });
});
