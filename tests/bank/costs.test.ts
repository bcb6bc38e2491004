import { describe, expect, it } from 'vitest';
import { readCosts } from '@/lib/bank/costs';

/** The cost members of the initiation answer, payment spec 2.5, with the shared types of 2.4. */
describe('costs of the initiation answer (payment spec 2.5)', () => {
  const full = {
    transactionFees: { currency: 'ISK', amount: '1950' },
    currencyConversionFee: { currency: 'ISK', amount: '1500' },
    transactionFeeIndicator: true,
    transactionFeesDetails: [
      { feeType: 'TRANSFER', value: { currency: 'ISK', amount: '450' } },
      { feeType: 'CURRENCY_CONVERSION', value: { currency: 'ISK', amount: '1500' } },
    ],
    exchangeRateInformation: { unitCurrency: 'EUR', exchangeRate: '150.123456', rateType: 'SALE' },
  };

  it('are kept as the bank gave them, and nothing else of the answer', () => {
    expect(readCosts({ ...full, transactionStatus: 'RCVD', paymentId: 'p', _links: {} })).toEqual({
      costs: full,
      unreadable: [],
    });
  });

  it('absent or null members are no information, not zero', () => {
    expect(readCosts({ transactionFees: null, transactionFeeIndicator: null })).toEqual({
      costs: {},
      unreadable: [],
    });
    expect(readCosts({ transactionFeeIndicator: false })).toEqual({
      costs: { transactionFeeIndicator: false },
      unreadable: [],
    });
  });

  it('a member outside spec 2.4 (a comma in an amount, a currency in lower case, a rate type not listed) is left out and named', () => {
    expect(
      readCosts({
        transactionFees: { currency: 'ISK', amount: '1.950,00' },
        currencyConversionFee: { currency: 'isk', amount: '10' },
        transactionFeeIndicator: 'yes',
        transactionFeesDetails: [{ feeType: '', value: { currency: 'ISK', amount: '1' } }],
        exchangeRateInformation: { exchangeRate: '150', rateType: 'MIDDLE' },
      }),
    ).toEqual({
      // The rate's members are read each on its own: the rate is kept without its type; the list of fees entry by
      // entry, each that does not read counted.
      costs: { exchangeRateInformation: { exchangeRate: '150' }, unreadableFees: 1 },
      unreadable: [
        'transactionFees',
        'currencyConversionFee',
        'transactionFeeIndicator',
        'transactionFeesDetails[0]',
        'exchangeRateInformation.rateType',
      ],
    });
  });

  it('a rate that is no object, or of which no member reads, is no rate', () => {
    expect(readCosts({ exchangeRateInformation: '150' })).toEqual({
      costs: {},
      unreadable: ['exchangeRateInformation'],
    });
    expect(readCosts({ exchangeRateInformation: [] })).toEqual({
      costs: {},
      unreadable: ['exchangeRateInformation'],
    });
    expect(readCosts({ exchangeRateInformation: { unitCurrency: 'euro', exchangeRate: 150 } })).toEqual({
      costs: {},
      unreadable: ['exchangeRateInformation.unitCurrency', 'exchangeRateInformation.exchangeRate'],
    });
    expect(
      readCosts({ exchangeRateInformation: { exchangeRate: null, contractIdentification: ' ' } }),
    ).toEqual({
      costs: {},
      unreadable: [],
    });
  });
});
