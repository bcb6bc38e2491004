import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/format/amount';
import { formatNumber, withShownNumbers } from '@/lib/format/number';
import { fromMinorUnits, parseAmountInput, toMinorUnits } from '@/lib/payments/money';

const nbsp = '\u00a0';
// Currencies with 0, 2 and 3 decimals, and one the ISO 4217 table of the app does not know.
const currencies = ['ISK', 'JPY', 'EUR', 'USD', 'GBP', 'DKK', 'KWD', 'XTS'] as const;
// The comparisons with CLDR are skipped on a runtime without Icelandic locale data (a small-ICU Node),
// which has nothing to compare with; the formatting itself never reads that data, and is tested here
// and in a browser without it (e2e/formats-without-locale-data.spec.ts).
const hasIcelandicData = Intl.NumberFormat.supportedLocalesOf(['is']).length > 0;

/** Any spec amount (spec 2.4: up to 14 integer digits, up to 3 decimals), negative ones too. */
const specAmount = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }),
    fc.option(fc.stringMatching(/^[0-9]{1,3}$/), { nil: undefined }),
  )
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

/** An amount as the currency writes it: ISK whole krónur, EUR cents, KWD fils. */
const currencyAmount = fc
  .tuple(
    fc.constantFrom('ISK', 'EUR', 'USD', 'KWD'),
    fc.bigInt({ min: -(10n ** 14n) + 1n, max: 10n ** 14n - 1n }),
  )
  .map(([currency, minor]) => ({ currency, minor, amount: fromMinorUnits(minor, currency) }));

/** The decimal an English display shows, read back: "-EUR 1,234.50" → "-1234.50". */
function readEnglish(shown: string): string {
  const [code = '', number = ''] = shown.replace(/^-/, '').split(nbsp);
  expect(code).toMatch(/^[A-Z]{3}$/);
  return `${shown.startsWith('-') ? '-' : ''}${number.replaceAll(',', '')}`;
}

/** The same decimal, whatever its trailing zeros: "1234.50" and "1234.5" are one amount. */
const sameValue = (amount: string) => toMinorUnits(amount, 'XTS');

describe('formatAmount in Icelandic', () => {
  it.each([
    ['12500', 'ISK', `12.500${nbsp}kr.`],
    ['1234.5', 'EUR', `1.234,50${nbsp}€`],
    ['1234.50', 'USD', `1.234,50${nbsp}USD`],
    ['0.5', 'GBP', `0,50${nbsp}£`],
    ['0.5', 'USD', `0,50${nbsp}USD`],
    ['-12500', 'ISK', `-12.500${nbsp}kr.`],
    ['-0.00', 'EUR', `0,00${nbsp}€`],
    ['12500.00', 'ISK', `12.500${nbsp}kr.`],
    ['12500.5', 'ISK', `12.500,5${nbsp}kr.`],
    ['1234.567', 'EUR', `1.234,567${nbsp}€`],
    ['12345678901234.567', 'KWD', `12.345.678.901.234,567${nbsp}KWD`],
    ['99999999999999', 'ISK', `99.999.999.999.999${nbsp}kr.`],
    ['1000', 'JPY', `1.000${nbsp}JPY`],
    ['12.5', 'XTS', `12,5${nbsp}XTS`],
    ['12.500', 'XTS', `12,500${nbsp}XTS`],
    ['007', 'ISK', `7${nbsp}kr.`],
    ['not an amount', 'EUR', `not an amount${nbsp}€`],
  ])('%s %s → %s', (amount, currency, shown) => {
    expect(formatAmount(amount, currency, 'is')).toBe(shown);
  });

  it('reads back as the same amount with the amount field (parseAmountInput), 14 digits and negatives too', () => {
    fc.assert(
      fc.property(currencyAmount, ({ currency, minor, amount }) => {
        const parsed = parseAmountInput(formatAmount(amount, currency, 'is'), currency);
        expect(parsed.ok && toMinorUnits(parsed.amount, currency)).toBe(minor);
      }),
    );
  });

  it('groups the whole krónur in threes with dots and keeps every digit, without float error', () => {
    fc.assert(
      fc.property(specAmount, fc.constantFrom(...currencies), (amount, currency) => {
        const shown = formatAmount(amount, currency, 'is');
        const [number = ''] = shown.replace(/^-/, '').split(nbsp);
        const [whole = '', fraction = ''] = number.split(',');
        expect(whole).toMatch(/^\d{1,3}(\.\d{3})*$/);
        expect(
          sameValue(`${amount.startsWith('-') ? '-' : ''}${whole.replaceAll('.', '')}.${fraction || '0'}`),
        ).toBe(sameValue(amount));
      }),
    );
  });
});

describe('formatAmount in English', () => {
  it.each([
    ['12500', 'ISK', `ISK${nbsp}12,500`],
    ['1234.5', 'EUR', `EUR${nbsp}1,234.50`],
    ['-1234.5', 'EUR', `-EUR${nbsp}1,234.50`],
    ['-0', 'ISK', `ISK${nbsp}0`],
    ['12345678901234.567', 'KWD', `KWD${nbsp}12,345,678,901,234.567`],
    ['12.5', 'XTS', `XTS${nbsp}12.5`],
    ['not an amount', 'EUR', `EUR${nbsp}not an amount`],
  ])('%s %s → %s', (amount, currency, shown) => {
    expect(formatAmount(amount, currency, 'en')).toBe(shown);
  });

  it('reads back as the same amount with the amount field on an English page, 14 digits and negatives too', () => {
    fc.assert(
      fc.property(currencyAmount, ({ currency, minor, amount }) => {
        const parsed = parseAmountInput(formatAmount(amount, currency, 'en'), currency, 'en');
        expect(parsed.ok && toMinorUnits(parsed.amount, currency)).toBe(minor);
      }),
    );
  });

  it('reads back as the same amount, grouped in threes with commas', () => {
    fc.assert(
      fc.property(specAmount, fc.constantFrom(...currencies), (amount, currency) => {
        const shown = formatAmount(amount, currency, 'en');
        expect(shown.replace(/^-/, '').split(nbsp)[1]?.split('.')[0]).toMatch(/^\d{1,3}(,\d{3})*$/);
        expect(sameValue(readEnglish(shown))).toBe(sameValue(amount));
      }),
    );
  });
});

describe('formatAmount beside CLDR', () => {
  it.skipIf(!hasIcelandicData).each(['is', 'en'] as const)(
    "agrees with CLDR's %s currency format where this runtime has its data",
    (locale) => {
      fc.assert(
        fc.property(specAmount, fc.constantFrom(...currencies), (amount, currency) => {
          const shown = formatAmount(amount, currency, locale);
          const decimals = shown.split(locale === 'is' ? ',' : '.')[1]?.replace(/\D.*$/, '').length ?? 0;
          const cldr = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            // Icelandic: CLDR's symbol "kr." for ISK, its narrow symbols for EUR and GBP, the code for
            // the others (CLDR's own Icelandic symbol for JPY is "JP¥").
            currencyDisplay:
              locale !== 'is'
                ? 'code'
                : currency === 'ISK'
                  ? 'symbol'
                  : ['EUR', 'GBP'].includes(currency)
                    ? 'narrowSymbol'
                    : 'code',
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
            signDisplay: 'negative',
          });
          expect(shown).toBe(cldr.format(amount as Intl.StringNumericLiteral));
        }),
      );
    },
  );
});

describe('formatNumber', () => {
  it.each([
    ['1234567.5', 'is', '1.234.567,5'],
    ['1234567.5', 'en', '1,234,567.5'],
    ['-1000', 'is', '-1.000'],
    ['0.50', 'is', '0,50'],
    ['12,5', 'is', '12,5'],
  ] as const)('%s (%s) → %s', (amount, locale, shown) => {
    expect(formatNumber(amount, locale)).toBe(shown);
  });

  it('is what the amount field reads back in the same language, for any spec amount', () => {
    fc.assert(
      fc.property(specAmount, fc.constantFrom('is', 'en') as fc.Arbitrary<'is' | 'en'>, (amount, locale) => {
        const parsed = parseAmountInput(formatNumber(amount, locale), 'EUR', locale);
        expect(parsed.ok && sameValue(parsed.amount)).toBe(sameValue(amount));
      }),
    );
  });
});

describe('withShownNumbers', () => {
  it("adds each whole number written the page's way as `{name}Shown`, and leaves the rest as given", () => {
    expect(withShownNumbers({ count: 1000, errors: 0, typed: 'Jón', rate: 1.5 }, 'is')).toEqual({
      count: 1000,
      countShown: '1.000',
      errors: 0,
      errorsShown: '0',
      typed: 'Jón',
      rate: 1.5,
    });
    expect(withShownNumbers({ count: 12345 }, 'en')).toEqual({ count: 12345, countShown: '12,345' });
  });

  it('shows a count in a plural the same way on the server and in a browser without Icelandic data', () => {
    // A plural's `#` would go through Intl.NumberFormat; the shown count does not read the locale's data.
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (count) => {
        const shown = withShownNumbers({ count }, 'is').countShown;
        expect(shown?.replaceAll('.', '')).toBe(String(count));
        expect(shown).toMatch(/^\d{1,3}(\.\d{3})*$/);
      }),
    );
  });
});
