import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fractionFits,
  fromMinorUnits,
  isPositiveAmount,
  parseAmountInput,
  sameAmount,
  sumByCurrency,
  toMinorUnits,
} from '@/lib/payments/money/amount';
import { MINOR_UNITS, minorUnits } from '@/lib/payments/money/minor-units';
import { AmountSchema } from '@/lib/payments/schemas/shared';

describe('minor units', () => {
  it('has the ISO 4217 minor unit of the required currencies', () => {
    expect(MINOR_UNITS).toMatchObject({
      ISK: 0,
      EUR: 2,
      USD: 2,
      GBP: 2,
      DKK: 2,
      NOK: 2,
      SEK: 2,
      CHF: 2,
      JPY: 0,
      CAD: 2,
      PLN: 2,
      KWD: 3,
      BHD: 3,
      JOD: 3,
      OMR: 3,
      TND: 3,
    });
    expect(minorUnits('XXQ')).toBeUndefined();
  });
});

describe('fractionFits', () => {
  it.each([
    ['1234', 'ISK', true],
    ['1234.5', 'ISK', false],
    ['1234.0', 'ISK', false],
    ['1234.50', 'EUR', true],
    ['1234.505', 'EUR', false],
    ['1.234', 'KWD', true],
    ['1', 'JPY', true],
    ['1.1', 'JPY', false],
    ['1.123', 'ZZZ', true],
  ])('%s %s → %s', (amount, currency, fits) => {
    expect(fractionFits(amount, currency)).toBe(fits);
  });
});

describe('isPositiveAmount', () => {
  it.each([
    ['0', false],
    ['0.00', false],
    ['-1', false],
    ['0.01', true],
    ['10', true],
  ])('%s → %s', (amount, positive) => expect(isPositiveAmount(amount)).toBe(positive));
});

describe('parseAmountInput', () => {
  it.each([
    ['1.234.567', 'ISK', '1234567'],
    ['1.234,50', 'EUR', '1234.50'],
    ['1234567', 'ISK', '1234567'],
    ['1234.50', 'EUR', '1234.50'],
    ['1.234', 'ISK', '1234'],
    ['1.234', 'EUR', '1234'],
    ['1.234', 'KWD', '1.234'],
    ['1.5', 'EUR', '1.5'],
    ['1 234 567 kr.', 'ISK', '1234567'],
    ['€ 12,5', 'EUR', '12.5'],
    ['0,50', 'EUR', '0.50'],
    ['007', 'ISK', '7'],
    ['-5', 'ISK', '-5'],
  ])('%s (%s) → %s', (input, currency, amount) => {
    expect(parseAmountInput(input, currency)).toEqual({ ok: true, amount });
  });

  // Copied from a spreadsheet: "2.750,00" is 2,750 krónur exactly, whatever decimals krónur lack.
  it.each([
    ['2.750,00', 'ISK', 'is', '2750'],
    ['2,750.00', 'ISK', 'en', '2750'],
    ['12,0 kr.', 'ISK', 'is', '12'],
    ['5,000', 'KWD', 'is', '5.000'],
  ] as const)(
    '%s (%s, %s) → %s: zero decimals the currency lacks are dropped',
    (input, currency, locale, amount) => {
      expect(parseAmountInput(input, currency, locale)).toEqual({ ok: true, amount });
    },
  );

  // Never where three digits may be thousands ("12.000" typed the Icelandic way on an English page), nor a
  // fraction that is not zero: those stay as typed, and the currency's check refuses them.
  it.each([
    ['12.000', 'ISK', 'en'],
    ['12,000', 'ISK', 'is'],
    ['2.750,50', 'ISK', 'is'],
    ['10,001', 'EUR', 'is'],
  ] as const)('%s (%s, %s) keeps decimals the currency refuses', (input, currency, locale) => {
    const parsed = parseAmountInput(input, currency, locale);
    expect(parsed.ok && fractionFits(parsed.amount, currency)).toBe(false);
  });

  // No one groups thousands after a lone zero: "0.500" on an Icelandic page (or "0,500" on an English one) is a
  // half written the other language's way, never 500, and the currency's check refuses its three decimals.
  it.each([
    ['0.500', 'EUR', 'is'],
    ['0.500', 'ISK', 'is'],
    ['0,500', 'EUR', 'en'],
    ['0,250', 'USD', 'en'],
    ['00.500', 'EUR', 'is'],
  ] as const)('%s (%s, %s) is not read as thousands', (input, currency, locale) => {
    const parsed = parseAmountInput(input, currency, locale);
    expect(parsed.ok && fractionFits(parsed.amount, currency)).toBe(false);
  });

  it('never reads a whole number after a leading zero and a thousands mark', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('is', 'en'),
        fc.constantFrom('ISK', 'EUR', 'USD'),
        (three, locale: 'is' | 'en', currency) => {
          const group = locale === 'is' ? '.' : ',';
          const parsed = parseAmountInput(`0${group}${String(three).padStart(3, '0')}`, currency, locale);
          return !parsed.ok || !fractionFits(parsed.amount, currency) || Number(parsed.amount) < 1;
        },
      ),
    );
  });

  it.each([['abc'], [''], ['1,2,3'], ['12.34.5'], ['1.23,4.5'], ['1..2']])('rejects %j', (input) => {
    expect(parseAmountInput(input, 'ISK')).toEqual({ ok: false, error: 'validation.amountInput.format' });
  });
});

describe('parseAmountInput on an English page', () => {
  it.each([
    ['1,234,567', 'ISK', '1234567'],
    ['1,234.50', 'EUR', '1234.50'],
    ['ISK 12,500', 'ISK', '12500'],
    ['-EUR 1,234.50', 'EUR', '-1234.50'],
    ['1234.50', 'EUR', '1234.50'],
    ['1,234', 'ISK', '1234'],
    // A comma is never a decimal mark in English, whatever the currency's decimals.
    ['1,234', 'KWD', '1234'],
    ['1.234', 'KWD', '1.234'],
    ['12.5', 'EUR', '12.5'],
    ['12,5', 'EUR', '12.5'],
  ])('%s (%s) → %s', (input, currency, amount) => {
    expect(parseAmountInput(input, currency, 'en')).toEqual({ ok: true, amount });
  });

  // Typed the Icelandic way on an English page: read the English way, and then it has decimals that
  // ISK and EUR do not have, so the form refuses it; never 1000 times the amount.
  it.each([
    ['12.500', 'ISK'],
    ['12.500', 'EUR'],
    ['1.234,50', 'EUR'],
  ])('%s (%s) is not read as thousands', (input, currency) => {
    const parsed = parseAmountInput(input, currency, 'en');
    expect(parsed.ok && fractionFits(parsed.amount, currency)).toBe(false);
  });

  it.each([['1,2,3'], ['12,34,5'], ['1,23.4,5'], ['1,,2']])('rejects %j', (input) => {
    expect(parseAmountInput(input, 'ISK', 'en')).toEqual({
      ok: false,
      error: 'validation.amountInput.englishFormat',
    });
  });

  it('reads an English amount and the same amount typed the Icelandic way on an Icelandic page alike', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const grouped = (mark: string) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, mark);
          const fraction = String(cents).padStart(2, '0');
          const english = parseAmountInput(`${grouped(',')}.${fraction}`, 'EUR', 'en');
          const icelandic = parseAmountInput(`${grouped('.')},${fraction}`, 'EUR', 'is');
          expect(english).toEqual(icelandic);
          expect(english.ok && toMinorUnits(english.amount, 'EUR')).toBe(whole * 100n + BigInt(cents));
        },
      ),
    );
  });
});

describe('minor unit conversion and sums', () => {
  it('converts without floats', () => {
    expect(toMinorUnits('1234.5', 'EUR')).toBe(123450n);
    expect(toMinorUnits('99999999999999', 'ISK')).toBe(99999999999999n);
    expect(fromMinorUnits(123450n, 'EUR')).toBe('1234.50');
    expect(fromMinorUnits(-5n, 'ISK')).toBe('-5');
    expect(() => toMinorUnits('1.5', 'ISK')).toThrow(RangeError);
  });

  it('sums per currency exactly', () => {
    expect(
      sumByCurrency([
        { amount: '0.1', currency: 'EUR' },
        { amount: '0.2', currency: 'EUR' },
        { amount: '1000', currency: 'ISK' },
        { amount: '99999999999999', currency: 'ISK' },
      ]),
    ).toEqual([
      { currency: 'EUR', amount: '0.30', count: 2 },
      { currency: 'ISK', amount: '100000000000999', count: 2 },
    ]);
  });

  it('agrees with BigInt arithmetic on minor units', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n - 1n }), { maxLength: 50 }),
        (values) => {
          const amounts = values.map((v) => ({ amount: fromMinorUnits(v, 'EUR'), currency: 'EUR' }));
          const total = values.reduce((a, b) => a + b, 0n);
          const [sum] = sumByCurrency(amounts);
          expect(sum ? toMinorUnits(sum.amount, 'EUR') : 0n).toBe(total);
        },
      ),
    );
  });
});

describe('the same amount', () => {
  it('is the same number however many trailing zeros it is written with, and nothing that is not an amount', () => {
    expect(sameAmount('1500', '1500.00')).toBe(true);
    expect(sameAmount('0.5', '0.500')).toBe(true);
    expect(sameAmount('1500', '1500.01')).toBe(false);
    expect(sameAmount('1500', '15000')).toBe(false);
    expect(sameAmount('1500', 'abc')).toBe(false);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (thousandths) => {
        const whole = (thousandths / 1000n).toString();
        const fraction = (thousandths % 1000n).toString().padStart(3, '0');
        expect(sameAmount(`${whole}.${fraction}`, `${whole}.${fraction.replace(/0+$/, '') || '0'}`)).toBe(
          true,
        );
      }),
    );
  });
});

// The bank, the lists and the exports see one written form of an amount, and the same payment typed with
// leading zeros is the same payment (its fingerprint).
describe('an amount the forms send', () => {
  it('has no leading zeros, whatever zeros it was typed with', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 4 }), (value, zeros) => {
        const parsed = AmountSchema.safeParse({ currency: 'ISK', amount: `${'0'.repeat(zeros)}${value}` });
        expect(parsed.data?.amount).toBe(String(value));
      }),
    );
    expect(AmountSchema.safeParse({ currency: 'EUR', amount: '00.50' }).data?.amount).toBe('0.50');
  });
});
