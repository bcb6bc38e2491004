import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BulkPaymentSchema } from '@/lib/payments/schemas/bulk-payment';
import { parseIssueMessage } from '@/lib/payments/schemas/issue-message';
import { PeriodicPaymentSchema } from '@/lib/payments/schemas/periodic-payment';
import { SinglePaymentSchema } from '@/lib/payments/schemas/single-payment';
import { bulkPayment, pastDateTime, periodicPayment, singlePayment } from './arbitraries';

// A form sent with several mistakes shows every one at once: the rules that compare a date with today or with
// another date, or look at the body as a whole, are told beside a field left empty or mistyped, not only once
// those are mended (zod skips a schema's own checks while a required field is missing).

type Schema = {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};

function keysByPath(schema: Schema, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  return Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      parseIssueMessage(issue.message)?.key ?? issue.message,
    ]),
  );
}

const badAmount = { currency: 'ISK', amount: '12,5x' };

describe('every mistake of a payment form at once', () => {
  it('single: a past date beside an account left empty or a malformed amount', () => {
    fc.assert(
      fc.property(singlePayment, pastDateTime, (payment, past) => {
        const { creditorAccount: _left, ...withoutCreditor } = payment;
        const mistyped = keysByPath(SinglePaymentSchema, {
          ...payment,
          instructedAmount: badAmount,
          requestedExecutionDate: past,
        });
        expect(mistyped.requestedExecutionDate).toBe('validation.executionDate.past');
        expect(mistyped['instructedAmount.amount']).toBe('validation.amount.pattern');
        const empty = keysByPath(SinglePaymentSchema, { ...withoutCreditor, requestedExecutionDate: past });
        expect(empty.requestedExecutionDate).toBe('validation.executionDate.past');
        expect(Object.keys(empty).some((path) => path.startsWith('creditorAccount'))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('bulk: a past date beside a row without its account', () => {
    fc.assert(
      fc.property(bulkPayment, pastDateTime, (bulk, past) => {
        const [first, ...rest] = bulk.payments;
        const { creditorAccount: _left, ...withoutCreditor } = first as Record<string, unknown>;
        const keys = keysByPath(BulkPaymentSchema, {
          ...bulk,
          requestedExecutionDate: past,
          payments: [withoutCreditor, ...rest],
        });
        expect(keys.requestedExecutionDate).toBe('validation.executionDate.past');
        expect(Object.keys(keys).some((path) => path.startsWith('payments.0.creditorAccount'))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('standing order: an end before the start beside an amount left empty', () => {
    fc.assert(
      fc.property(periodicPayment, (order) => {
        const { instructedAmount: _left, ...withoutAmount } = order;
        const keys = keysByPath(PeriodicPaymentSchema, {
          ...withoutAmount,
          startDate: '2031-05-10T00:00:00Z',
          endDate: '2031-05-09T00:00:00Z',
        });
        expect(keys.endDate).toBe('validation.endDate.beforeStart');
        expect(Object.keys(keys).some((path) => path.startsWith('instructedAmount'))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('every mistake of a payment form as the server action parses it', () => {
  it('a standing order starting in the past beside an amount left empty', async () => {
    const { periodicSubmissionSchema } = await import('@/lib/payments/submission');
    fc.assert(
      fc.property(periodicPayment, pastDateTime, (order, past) => {
        const { instructedAmount: _left, endDate: _end, ...withoutAmount } = order as Record<string, unknown>;
        const keys = keysByPath(periodicSubmissionSchema, {
          submissionId: '9b2d7c1e-0f3a-4c5b-8d6e-7f8091a2b3c4',
          scaLanguage: 'is',
          payment: { ...withoutAmount, startDate: past },
        });
        expect(keys['payment.startDate']).toBe('validation.executionDate.past');
        expect(Object.keys(keys).some((path) => path.startsWith('payment.instructedAmount'))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('a bulk without a paying account beside a row left without its amount', async () => {
    const { bulkSubmissionSchema } = await import('@/lib/payments/submission');
    fc.assert(
      fc.property(bulkPayment, (bulk) => {
        const { debtorAccount: _none, ...withoutDebtor } = bulk;
        const [first, ...rest] = bulk.payments;
        const {
          debtorAccount: _rowDebtor,
          instructedAmount: _amount,
          ...bare
        } = first as Record<string, unknown>;
        const keys = keysByPath(bulkSubmissionSchema, {
          submissionId: '9b2d7c1e-0f3a-4c5b-8d6e-7f8091a2b3c4',
          scaLanguage: 'is',
          payment: {
            ...withoutDebtor,
            payments: [bare, ...rest.map(({ debtorAccount: _d, ...row }) => row)],
          },
        });
        expect(keys['payment.debtorAccount']).toBe('forms.bulk.debtorRequired');
        expect(Object.keys(keys).some((path) => path.startsWith('payment.payments.0.instructedAmount'))).toBe(
          true,
        );
      }),
      { numRuns: 50 },
    );
  });
});
