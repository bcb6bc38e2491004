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
  amount: '12500',
  totalAmountDue: '0',
  currency: 'ISK',
  dueDate: '2026-12-21',
  reference: 'ASKRIFT-2026',
  paidEventAt: null,
  payment: { id: '0b1c2d3e-0000-4000-8000-000000000001', transactionStatus: 'ACSC', paidDay: '2026-12-07' },
  paying: null,
};

describe('the bills list', () => {
  it('gives the day a bill paid here was paid, in both languages', () => {
    expect(renderIn('is', <Bills bills={[paid]} />, ['bills', 'payments'])).toContain('Greidd 7. des. 2026');
    expect(renderIn('en', <Bills bills={[paid]} />, ['bills', 'payments'])).toContain('Paid on 7 Dec 2026');
    const notYet = { ...paid, payment: { ...paid.payment, paidDay: null } } as BillView;
    expect(renderIn('en', <Bills bills={[notYet]} />, ['bills', 'payments'])).not.toContain('Paid on');
  });
});
