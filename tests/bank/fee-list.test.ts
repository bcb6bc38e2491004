import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCosts } from '@/lib/bank/costs';
import { toPaymentDetails } from '@/lib/bank/payment-details';

/**
 * Payment spec 2.5 and 2.6 `transactionFeesDetails`: an array of {feeType: string of at least one character, value:
 * Amount}. A bank's list is read entry by entry: every well-formed entry is kept, in the bank's order, and those
 * that are not are counted, never taken as a reason to lose the others.
 */

const goodFee = fc.record({
  feeType: fc.stringMatching(/^[A-Z][A-Z_]{0,29}$/),
  value: fc.record({
    currency: fc.constantFrom('ISK', 'EUR', 'USD'),
    amount: fc.stringMatching(/^[0-9]{1,6}(\.[0-9]{1,2})?$/),
  }),
});

const badFee = fc.oneof(
  fc.constant(null),
  fc.constant('TRANSFER'),
  fc.integer(),
  fc.constant([]),
  fc.record({ feeType: fc.constant(''), value: fc.constant({ currency: 'ISK', amount: '100' }) }),
  fc.record({ feeType: fc.constant('   '), value: fc.constant({ currency: 'ISK', amount: '100' }) }),
  fc.record({ feeType: fc.constant('TRANSFER') }),
  fc.record({ value: fc.constant({ currency: 'ISK', amount: '100' }) }),
  fc.record({ feeType: fc.constant('TRANSFER'), value: fc.constant({ currency: 'isk', amount: '100' }) }),
  fc.record({ feeType: fc.constant('TRANSFER'), value: fc.constant({ currency: 'ISK', amount: 100 }) }),
  fc.record({ feeType: fc.constant('TRANSFER'), value: fc.constant({ currency: 'ISK', amount: '1,5' }) }),
  fc.record({ feeType: fc.integer(), value: fc.constant({ currency: 'ISK', amount: '100' }) }),
);

/** A list of good entries with bad ones mixed in anywhere, and the good ones as they were. */
const mixedList = fc
  .array(
    fc.oneof(
      goodFee.map((fee) => ({ good: true as const, fee })),
      badFee.map((fee) => ({ good: false as const, fee })),
    ),
    {
      maxLength: 12,
    },
  )
  .map((entries) => ({
    list: entries.map((entry) => entry.fee),
    good: entries.flatMap((entry) => (entry.good ? [entry.fee] : [])),
    bad: entries.filter((entry) => !entry.good).length,
  }));

describe('a list of fees with malformed entries mixed in', () => {
  it('the initiation answer (spec 2.5): keeps exactly the good entries, in order, and counts the others', () => {
    fc.assert(
      fc.property(mixedList, ({ list, good, bad }) => {
        const { costs } = readCosts({ transactionFeesDetails: list });
        expect(costs.transactionFeesDetails ?? []).toEqual(good);
        expect(costs.unreadableFees ?? 0).toBe(bad);
      }),
    );
  });

  it('the payment read back (spec 2.6): keeps exactly the good entries, in order, and counts the others', () => {
    fc.assert(
      fc.property(mixedList, ({ list, good, bad }) => {
        const details = toPaymentDetails({ transactionFeesDetails: list }, 'ACSC');
        expect(details.transactionFeesDetails ?? []).toEqual(good);
        expect(details.unreadableFees ?? 0).toBe(bad);
      }),
    );
  });

  it('names each entry it could not read for the log, and the other members are read as before', () => {
    const { costs, unreadable } = readCosts({
      transactionFeesDetails: [
        { feeType: 'TRANSFER', value: { currency: 'ISK', amount: '250' } },
        { feeType: 'TRANSFER', value: { currency: 'ISK', amount: 'a lot' } },
      ],
      transactionFeeIndicator: true,
    });
    expect(costs).toEqual({
      transactionFeesDetails: [{ feeType: 'TRANSFER', value: { currency: 'ISK', amount: '250' } }],
      unreadableFees: 1,
      transactionFeeIndicator: true,
    });
    expect(unreadable).toEqual(['transactionFeesDetails[1]']);
  });

  it('a list that is no list is one thing the bank said of its fees that could not be read', () => {
    expect(readCosts({ transactionFeesDetails: { feeType: 'TRANSFER' } }).costs).toEqual({
      unreadableFees: 1,
    });
    expect(toPaymentDetails({ transactionFeesDetails: 'TRANSFER' }, 'ACSC')).toEqual({
      status: 'ACSC',
      unreadableFees: 1,
    });
    expect(readCosts({ transactionFeesDetails: null }).costs).toEqual({});
  });
});
