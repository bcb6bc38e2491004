import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionFeeApart, costsTotal } from '@/lib/payments/costs-total';
import { fromMinorUnits } from '@/lib/payments/money';

// The costs step's "total from your account" (payment spec 2.5 costs): worked out only where it can be
// honestly, in the account's currency; otherwise what is known, and no total.

const isk = (amount: string) => ({ currency: 'ISK', amount });

describe('the total that leaves the account', () => {
  it('same currency: the amount and the bank\u2019s total fee, exactly', () => {
    expect(costsTotal([isk('12500')], { transactionFees: isk('450') })).toEqual({
      kind: 'sum',
      total: isk('12950'),
      fees: isk('450'),
      feesComplete: true,
    });
  });

  it('without a total fee, the sum of the bank\u2019s list of fees', () => {
    const total = costsTotal([{ currency: 'EUR', amount: '100.10' }], {
      transactionFeesDetails: [
        { feeType: 'FEES', value: { currency: 'EUR', amount: '1.5' } },
        { feeType: 'PRIORITYFEES', value: { currency: 'EUR', amount: '2.25' } },
      ],
    });
    expect(total).toMatchObject({ kind: 'sum', total: { currency: 'EUR', amount: '103.85' } });
  });

  it('a currency conversion fee beside a list that does not carry it is counted too (spec 2.5: two members)', () => {
    const conversion = isk('150');
    const apart = {
      currencyConversionFee: conversion,
      transactionFeesDetails: [{ feeType: 'FEES', value: isk('450') }],
    };
    expect(costsTotal([isk('12500')], apart)).toMatchObject({
      kind: 'sum',
      total: isk('13100'),
      fees: isk('600'),
    });
    // The sandbox lists it as a line of its own: counted once.
    const listed = {
      currencyConversionFee: conversion,
      transactionFeesDetails: [
        { feeType: 'TRANSFER', value: isk('450') },
        { feeType: 'CURRENCY_CONVERSION', value: conversion },
      ],
    };
    expect(costsTotal([isk('12500')], listed)).toMatchObject({
      kind: 'sum',
      total: isk('13100'),
      fees: isk('600'),
    });
    expect(conversionFeeApart(apart)).toEqual(conversion);
    expect(conversionFeeApart(listed)).toBeNull();
  });

  it('another currency at the bank\u2019s rate (1 EUR = 150.5 ISK, the sandbox\u2019s shape): converted, plus fees, "about"', () => {
    const total = costsTotal([{ currency: 'EUR', amount: '100' }], {
      transactionFees: isk('600'),
      currencyConversionFee: isk('151'),
      transactionFeeIndicator: true,
      transactionFeesDetails: [
        { feeType: 'TRANSFER', value: isk('450') },
        { feeType: 'CURRENCY_CONVERSION', value: isk('151') },
      ],
      exchangeRateInformation: { unitCurrency: 'EUR', exchangeRate: '150.5', rateType: 'SALE' },
    });
    expect(total).toEqual({
      kind: 'converted',
      converted: isk('15050'),
      total: isk('15650'),
      fees: isk('600'),
      feesComplete: true,
    });
  });

  it('a rate given per unit of the account\u2019s currency is divided, rounded to its minor unit', () => {
    const total = costsTotal([{ currency: 'EUR', amount: '10' }], {
      transactionFees: isk('0'),
      exchangeRateInformation: { unitCurrency: 'ISK', exchangeRate: '0.0066' },
    });
    expect(total).toMatchObject({ kind: 'converted', converted: isk('1515') });
  });

  it('says what is known and no total: no rate, a rate without its unit, fees in two currencies', () => {
    expect(costsTotal([{ currency: 'EUR', amount: '100' }], { transactionFees: isk('450') }).kind).toBe(
      'unknown',
    );
    expect(
      costsTotal([{ currency: 'EUR', amount: '100' }], {
        transactionFees: isk('450'),
        exchangeRateInformation: { exchangeRate: '150' },
      }).kind,
    ).toBe('unknown');
    expect(
      costsTotal([isk('100')], {
        transactionFeesDetails: [
          { feeType: 'FEES', value: isk('100') },
          { feeType: 'OTHERFEES', value: { currency: 'EUR', amount: '1' } },
        ],
      }),
    ).toEqual({ kind: 'unknown', fees: null, feesComplete: true });
  });

  it('a bulk in several currencies: those in the account\u2019s as they are, the other at the bank\u2019s rate', () => {
    const amounts = [isk('1000'), { currency: 'EUR', amount: '500' }];
    const rate = { unitCurrency: 'EUR', exchangeRate: '145', rateType: 'SALE' as const };
    expect(
      costsTotal(amounts, { transactionFees: isk('1175'), exchangeRateInformation: rate }, 'ISK'),
    ).toEqual({
      kind: 'converted',
      converted: isk('73500'),
      total: isk('74675'),
      fees: isk('1175'),
      feesComplete: true,
    });
    // No rate, or a second foreign currency the one rate does not convert: no total.
    expect(costsTotal(amounts, { transactionFees: isk('1175') }, 'ISK').kind).toBe('unknown');
    expect(
      costsTotal([...amounts, { currency: 'USD', amount: '10' }], { exchangeRateInformation: rate }, 'ISK')
        .kind,
    ).toBe('unknown');
    expect(costsTotal(amounts, { estimatedTotalAmount: isk('74675') }, 'ISK')).toMatchObject({
      kind: 'bank',
    });
  });

  it('the bank\u2019s own estimate of the total is shown as the bank\u2019s', () => {
    expect(
      costsTotal([isk('100')], { estimatedTotalAmount: isk('190'), transactionFees: isk('90') }),
    ).toMatchObject({
      kind: 'bank',
      total: isk('190'),
    });
  });

  it('fees "by the price list" without an amount: the total leaves them out and says so', () => {
    expect(costsTotal([isk('100')], { transactionFeeIndicator: true })).toEqual({
      kind: 'sum',
      total: isk('100'),
      fees: null,
      feesComplete: false,
    });
    expect(costsTotal([isk('100')], { transactionFeeIndicator: false }).feesComplete).toBe(true);
  });

  it('property: in one currency, the total is the amount plus the fees, to the last minor unit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ISK', 'EUR', 'USD', 'KWD'),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 5 }),
        (currency, amount, fees) => {
          const money = (minor: bigint) => ({ currency, amount: fromMinorUnits(minor, currency) });
          const total = costsTotal([money(amount)], {
            transactionFeesDetails: fees.map((fee) => ({ feeType: 'FEES', value: money(fee) })),
          });
          expect(total.kind).toBe('sum');
          if (total.kind !== 'sum') return;
          expect(total.total).toEqual(money(amount + fees.reduce((a, b) => a + b, 0n)));
        },
      ),
    );
  });
});
