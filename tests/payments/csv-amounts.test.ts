import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/i18n/routing';
import { parseBulkCsv } from '@/lib/payments/csv/parse';
import { type AmountSource, validateBulkRow } from '@/lib/payments/csv/row';
import { fromMinorUnits, minorUnits, sameAmount } from '@/lib/payments/money';
import validationEn from '@/messages/validation/en.json';
import validationIs from '@/messages/validation/is.json';

// How a bulk table reads an amount cell: as a file wrote it, or as the PSU typed it in the table. A file's writer
// may have used Icelandic marks, English marks or the bank's own form (spec 2.4: "1500.50"), whatever the page's
// language; no amount is ever taken at a thousand times more or less than its writer meant.

const IBAN = 'IS870301260012345101696399';

function read(amount: string, currency: string, locale: Locale, source: AmountSource = 'file') {
  const row = validateBulkRow(
    { creditorAccount: IBAN, amount, currency },
    1,
    'credit-transfers',
    locale,
    source,
  );
  return {
    amount: row.element?.instructedAmount.amount,
    issue: row.errors.find((issue) => issue.column === 'amount')?.message,
    row,
  };
}

type Convention = 'is' | 'en' | 'wire';

/** An amount as a writer of `convention` writes it: `decimals` digits after the mark, grouped or not. */
function written(amount: string, decimals: number, convention: Convention, grouped: boolean): string {
  const [whole = '', fraction = ''] = amount.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(decimals, '0');
  if (convention === 'wire') return digits ? `${whole}.${digits}` : whole;
  const group = convention === 'is' ? '.' : ',';
  const mark = convention === 'is' ? ',' : '.';
  const body = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  return digits ? `${body}${mark}${digits}` : body;
}

const CURRENCIES = ['ISK', 'JPY', 'EUR', 'USD', 'KWD', 'XAU'] as const;

/**
 * What a file's writer means and how they write it: an amount of the currency (its decimals or fewer), written
 * with those decimals, or padded with zeros: to three decimals where the currency has decimals (a sheet's
 * three-decimal column, "1.500" for 1.50 EUR), to two where it has none ("12.500,00" krónur).
 */
const writing = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    minor: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 7n })),
    convention: fc.constantFrom<Convention>('is', 'en', 'wire'),
    grouped: fc.boolean(),
    pad: fc.nat({ max: 3 }),
  })
  .map(({ currency, minor, convention, grouped, pad }) => {
    const amount = fromMinorUnits(minor, currency);
    const significant = (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
    const most = (minorUnits(currency) ?? 3) === 0 ? 2 : 3;
    const decimals = Math.min(most, significant + pad);
    return { currency, amount, text: written(amount, decimals, convention, grouped), convention };
  });

describe('an amount cell of a file', () => {
  it('is never taken at another amount than its writer meant, whatever marks they used and whatever the page', async () => {
    fc.assert(
      fc.property(writing, fc.constantFrom<Locale>('is', 'en'), ({ currency, amount, text }, locale) => {
        const taken = read(text, currency, locale).amount;
        if (taken !== undefined)
          expect(sameAmount(taken, amount), `${text} ${currency} ${locale}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // Read from a file, as the import reads it, the same.
    await fc.assert(
      fc.asyncProperty(
        writing,
        fc.constantFrom<Locale>('is', 'en'),
        async ({ currency, amount, text }, locale) => {
          const csv = `creditorAccount;amount;currency\n${IBAN};${text};${currency}\n`;
          const [row] = (await parseBulkCsv(csv, { product: 'credit-transfers', locale })).rows;
          const taken = row?.element?.instructedAmount.amount;
          if (taken !== undefined)
            expect(sameAmount(taken, amount), `${text} ${currency} ${locale}`).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is taken when written as the page writes amounts, or in the bank’s form, with the currency’s decimals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ISK', 'JPY', 'EUR', 'USD'),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom<Locale>('is', 'en'),
        (currency, minor, locale) => {
          const amount = fromMinorUnits(minor, currency);
          for (const text of [formatNumber(amount, locale), amount]) {
            const taken = read(text, currency, locale);
            expect(taken.issue, `${text} ${currency} ${locale}`).toBeUndefined();
            expect(taken.amount).toBe(amount);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is refused when thousands and decimals cannot be told apart, with the message of the page’s language', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('EUR', 'USD', 'KWD', 'XAU'),
        fc.constantFrom('.', ','),
        fc.constantFrom<Locale>('is', 'en'),
        (whole, fraction, currency, mark, locale) => {
          const text = `${whole}${mark}${String(fraction).padStart(3, '0')}`;
          const taken = read(text, currency, locale);
          expect(taken.amount, `${text} ${currency} ${locale}`).toBeUndefined();
          expect(taken.issue).toMatch(/^validation\.amount\.thousandsOr/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the amounts of the examples, in a file', () => {
  const cases: [string, string, Locale, string | undefined, string | undefined][] = [
    // text, currency, page, amount taken, message
    ['1.500', 'ISK', 'is', '1500', undefined],
    [
      '1.500',
      'EUR',
      'is',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1.500","whole":"1.500,00","decimal":"1,5"}',
    ],
    [
      '1,500',
      'ISK',
      'is',
      undefined,
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"1,500","whole":"1.500","currency":"ISK"}',
    ],
    [
      '1,500',
      'EUR',
      'is',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1,500","whole":"1.500,00","decimal":"1,5"}',
    ],
    ['1.500,50', 'EUR', 'is', '1500.50', undefined],
    ['1.500,50', 'ISK', 'is', undefined, 'validation.amount.fraction|{"currency":"ISK","digits":0}'],
    [
      '1,500.50',
      'EUR',
      'is',
      undefined,
      'validation.amount.writeIcelandicMarks|{"typed":"1,500.50","rewritten":"1.500,50"}',
    ],
    [
      '1,500.50',
      'ISK',
      'is',
      undefined,
      'validation.amount.writeIcelandicMarks|{"typed":"1,500.50","rewritten":"1.500,50"}',
    ],
    ['1500.50', 'EUR', 'is', '1500.50', undefined],
    ['1500.50', 'ISK', 'is', undefined, 'validation.amount.fraction|{"currency":"ISK","digits":0}'],
    ['1500', 'EUR', 'is', '1500', undefined],
    ['1500', 'ISK', 'is', '1500', undefined],
    [
      '1.500',
      'ISK',
      'en',
      undefined,
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"1.500","whole":"1,500","currency":"ISK"}',
    ],
    [
      '1.500',
      'EUR',
      'en',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1.500","whole":"1,500.00","decimal":"1.5"}',
    ],
    ['1,500', 'ISK', 'en', '1500', undefined],
    [
      '1,500',
      'EUR',
      'en',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1,500","whole":"1,500.00","decimal":"1.5"}',
    ],
    [
      '1.500,50',
      'EUR',
      'en',
      undefined,
      'validation.amount.writeEnglishMarks|{"typed":"1.500,50","rewritten":"1,500.50"}',
    ],
    [
      '1.500,50',
      'ISK',
      'en',
      undefined,
      'validation.amount.writeEnglishMarks|{"typed":"1.500,50","rewritten":"1,500.50"}',
    ],
    ['1,500.50', 'EUR', 'en', '1500.50', undefined],
    ['1,500.50', 'ISK', 'en', undefined, 'validation.amount.fraction|{"currency":"ISK","digits":0}'],
    ['1500.50', 'EUR', 'en', '1500.50', undefined],
    ['1500.50', 'ISK', 'en', undefined, 'validation.amount.fraction|{"currency":"ISK","digits":0}'],
    ['1500', 'EUR', 'en', '1500', undefined],
    ['1500', 'ISK', 'en', '1500', undefined],
    // More of the same.
    ['12.500', 'ISK', 'is', '12500', undefined],
    ['1.234.567', 'ISK', 'is', '1234567', undefined],
    [
      '1.234.567',
      'ISK',
      'en',
      undefined,
      'validation.amount.writeEnglishMarks|{"typed":"1.234.567","rewritten":"1,234,567"}',
    ],
    [
      '1,234,567',
      'ISK',
      'is',
      undefined,
      'validation.amount.writeIcelandicMarks|{"typed":"1,234,567","rewritten":"1.234.567"}',
    ],
    ['1,234,567', 'EUR', 'en', '1234567', undefined],
    [
      '1.505',
      'EUR',
      'is',
      undefined,
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"1.505","whole":"1.505,00","currency":"EUR"}',
    ],
    [
      '1,505',
      'EUR',
      'en',
      undefined,
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"1,505","whole":"1,505.00","currency":"EUR"}',
    ],
    [
      '1.500',
      'KWD',
      'en',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1.500","whole":"1,500.000","decimal":"1.5"}',
    ],
    [
      '1.505',
      'KWD',
      'is',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"1.505","whole":"1.505,000","decimal":"1,505"}',
    ],
    [
      '0.500',
      'ISK',
      'is',
      undefined,
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"0.500","whole":"500","currency":"ISK"}',
    ],
    ['1.5', 'EUR', 'is', '1.5', undefined],
    ['12,5', 'EUR', 'en', '12.5', undefined],
    [
      'EUR 1.500',
      'EUR',
      'en',
      undefined,
      'validation.amount.thousandsOrDecimals|{"typed":"EUR 1.500","whole":"1,500.00","decimal":"1.5"}',
    ],
    ['12.500 kr.', 'ISK', 'is', '12500', undefined],
  ];
  it.each(cases)('“%s” %s on a page in %s', (text, currency, locale, amount, message) => {
    const taken = read(text, currency, locale);
    expect(taken.amount).toBe(amount);
    expect(taken.issue).toBe(message);
  });

  it('names the row, the column and the value in the page’s language', async () => {
    const csv = `creditorAccount;amount;currency\n${IBAN};1500;EUR\n${IBAN};1.500;EUR\n`;
    const result = await parseBulkCsv(csv, { product: 'credit-transfers', locale: 'en' });
    expect(result.errors).toEqual([
      {
        row: 2,
        column: 'amount',
        message: 'validation.amount.thousandsOrDecimals|{"typed":"1.500","whole":"1,500.00","decimal":"1.5"}',
      },
    ]);
    // The cell keeps what the file wrote, for the PSU to correct.
    expect(result.rows[1]?.cells.amount).toBe('1.500');
    const { thousandsOrDecimals: en } = validationEn.validation.amount;
    const { thousandsOrDecimals: is } = validationIs.validation.amount;
    for (const text of [en, is])
      for (const name of ['{typed}', '{whole}', '{decimal}']) expect(text).toContain(name);
    for (const key of ['thousandsOrTooManyDecimals', 'writeIcelandicMarks', 'writeEnglishMarks'] as const) {
      expect(validationEn.validation.amount[key]).toContain('{typed}');
      expect(validationIs.validation.amount[key]).toContain('{typed}');
    }
  });

  it('is read again the same way when the table checks its rows again, until the PSU types in the cell', async () => {
    const csv = `creditorAccount;amount;currency\n${IBAN};1.500;EUR\n${IBAN};1,500;EUR\n`;
    const result = await parseBulkCsv(csv, { product: 'credit-transfers', locale: 'en' });
    for (const [i, row] of result.rows.entries()) {
      expect(row.fileAmount).toBe(true);
      const again = validateBulkRow(row.cells, i + 1, 'credit-transfers', 'en', 'file');
      expect(again.errors).toEqual(row.errors);
    }
    // Typed on the English page, "1,500" is fifteen hundred, as the amount field reads it; "1.500" is still refused.
    expect(read('1,500', 'EUR', 'en', 'typed').amount).toBe('1500');
    expect(read('1.500', 'EUR', 'en', 'typed').issue).toMatch(/^validation\.amount\.thousandsOrDecimals/);
    expect(read('1.500', 'EUR', 'is', 'typed').amount).toBe('1500');
    expect(read('1,500', 'EUR', 'is', 'typed').issue).toMatch(/^validation\.amount\.thousandsOrDecimals/);
    // The bank's form of a three-decimal currency, as a past bulk's rows are prefilled, typed: its own amount.
    expect(read('1.500', 'KWD', 'is', 'typed').amount).toBe('1.500');
    expect(read('1.500', 'KWD', 'en', 'typed').amount).toBe('1.500');
  });
});

describe('an amount cell typed in the table', () => {
  it('is never taken at another amount than meant by one writing the page’s marks or the bank’s form', () => {
    fc.assert(
      fc.property(
        writing.filter(({ currency }) => currency === 'ISK' || currency === 'EUR'),
        fc.constantFrom<Locale>('is', 'en'),
        ({ currency, amount, text, convention }, locale) => {
          if (convention !== locale && convention !== 'wire') return;
          // The bank's form has the currency's decimals (spec 2.4), never three for a currency of two.
          if (convention === 'wire' && (text.split('.')[1]?.length ?? 0) > (minorUnits(currency) ?? 3))
            return;
          const taken = read(text, currency, locale, 'typed').amount;
          if (taken !== undefined)
            expect(sameAmount(taken, amount), `${text} ${currency} ${locale}`).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
