import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/lib/format';
import {
  BULK_COLUMNS,
  BULK_TABLE_COLUMNS,
  columnOfHeader,
  ICELANDIC_HEADERS,
} from '@/lib/payments/csv/columns';
import { parseBulkCsv } from '@/lib/payments/csv/parse';
import { validateBulkRow } from '@/lib/payments/csv/row';
import { bulkCsvTemplate, bulkRowsToCsv } from '@/lib/payments/csv/template';
import { fromMinorUnits } from '@/lib/payments/money';
import formsEn from '@/messages/forms/en.json';
import formsIs from '@/messages/forms/is.json';

const IBAN = 'IS870301260012345101696399';

describe('columnOfHeader', () => {
  it('knows the columns, their aliases and ignores case, spaces and a BOM', () => {
    expect(columnOfHeader('\uFEFFcreditorIban')).toBe('creditorAccount');
    expect(columnOfHeader(' Amount ')).toBe('amount');
    expect(columnOfHeader('remittance')).toBe('remittanceInformationUnstructured');
    expect(columnOfHeader('creditor_name')).toBeUndefined();
    // Who is paid, by name, as people head the column, and as the table heads it.
    for (const header of [
      'Nafn',
      'Viðtakandi',
      'Name',
      'Endanlegur viðtakandi',
      'Final recipient',
      'Nafn viðtakanda',
      "Recipient's name",
      'Recipient’s name',
    ])
      expect(columnOfHeader(header), header).toBe('ultimateCreditor');
  });
});

describe('validateBulkRow', () => {
  it('makes a bulk element from an IBAN and an Icelandic amount; an empty currency is ISK', () => {
    const row = validateBulkRow(
      { creditorAccount: 'is87 0301 2600 1234 5101 6963 99', amount: '1.234.567' },
      1,
      'credit-transfers',
    );
    expect(row.errors).toEqual([]);
    expect(row.element).toEqual({
      creditorAccount: { iban: IBAN },
      instructedAmount: { currency: 'ISK', amount: '1234567' },
    });
  });

  it('refuses in its cell a text the bank may not get as it is (a hidden mark, a line break), as sending would', () => {
    const row = validateBulkRow(
      {
        creditorAccount: IBAN,
        amount: '1500',
        ultimateCreditor: 'Jón\u200bsson',
        remittanceInformationUnstructured: 'Laun\nnóvember',
      },
      4,
      'credit-transfers',
    );
    expect(row.element).toBeUndefined();
    expect(row.errors).toEqual([
      { row: 4, column: 'remittanceInformationUnstructured', message: 'validation.unsafeText' },
      { row: 4, column: 'ultimateCreditor', message: 'validation.unsafeText' },
    ]);
  });

  it('computes the IBAN of a domestic account and only warns about a kennitala check digit', () => {
    const row = validateBulkRow(
      { creditorAccount: '0301-26-1234', creditorKennitala: '510169-6399', amount: '10' },
      3,
      'credit-transfers',
    );
    expect(row.errors).toEqual([]);
    expect(row.element?.creditorAccount).toEqual({ iban: IBAN });
    expect(row.warnings).toEqual([
      { row: 3, column: 'creditorKennitala', message: 'validation.kennitala.checksum' },
    ]);
  });

  it('maps schema issues to columns, with the row number', () => {
    const row = validateBulkRow(
      {
        creditorAccount: 'IS870301260012345101696398',
        amount: '12,5',
        currency: 'ISK',
        partialPayment: 'maybe',
      },
      7,
      'credit-transfers',
    );
    expect(row.element).toBeUndefined();
    expect(row.errors).toEqual([
      { row: 7, column: 'creditorAccount', message: 'validation.iban.invalid' },
      { row: 7, column: 'amount', message: 'validation.amount.fraction|{"currency":"ISK","digits":0}' },
      { row: 7, column: 'partialPayment', message: 'forms.bulk.csv.yesNo' },
    ]);
  });

  it('never asks to drop the decimals of thousands written the English way ("1,500" EUR, "25,000" ISK)', () => {
    const amountIssue = (amount: string, currency: string) =>
      validateBulkRow({ creditorAccount: IBAN, amount, currency }, 1, 'credit-transfers').errors.find(
        (issue) => issue.column === 'amount',
      )?.message;
    expect(amountIssue('1,500', 'EUR')).toBe(
      'validation.amount.thousandsOrDecimals|{"typed":"1,500","whole":"1.500,00","decimal":"1,5"}',
    );
    expect(amountIssue('25,000', 'ISK')).toBe(
      'validation.amount.thousandsOrTooManyDecimals|{"typed":"25,000","whole":"25.000","currency":"ISK"}',
    );
    expect(amountIssue('1,234,567', 'ISK')).toBe(
      'validation.amount.writeIcelandicMarks|{"typed":"1,234,567","rewritten":"1.234.567"}',
    );
    // Decimals with Icelandic marks stay what they are.
    expect(amountIssue('1,50', 'EUR')).toBeUndefined();
    expect(amountIssue('1,505', 'EUR')).toMatch(/^validation\.amount\.thousandsOrTooManyDecimals/);
    expect(amountIssue('1,5055', 'EUR')).toBe('validation.amount.pattern');
  });

  it('reports a missing account and amount once each', () => {
    const row = validateBulkRow({}, 1, 'credit-transfers');
    expect(row.errors.map((e) => e.column)).toEqual(['creditorAccount', 'amount']);
  });

  it('asks for the kennitala of a domestic account', () => {
    const row = validateBulkRow({ creditorAccount: '0133-26-012345', amount: '1' }, 2, 'credit-transfers');
    expect(row.errors).toEqual([
      { row: 2, column: 'creditorKennitala', message: 'forms.bulk.csv.kennitalaForDomestic' },
    ]);
  });

  it('refuses a kennitala beside an Icelandic IBAN that is not its owner\u2019s, naming whose it is', () => {
    // IS87 0301 26 001234 510169-6399: the IBAN carries its owner's kennitala.
    const other = validateBulkRow(
      { creditorAccount: IBAN, creditorKennitala: '030390-4239', amount: '1' },
      3,
      'credit-transfers',
    );
    expect(other.errors).toEqual([
      {
        row: 3,
        column: 'creditorKennitala',
        message: 'forms.bulk.csv.kennitalaNotOfAccount|{"kennitala":"510169-6399"}',
      },
    ]);
    const same = validateBulkRow(
      { creditorAccount: IBAN, creditorKennitala: '5101696399', amount: '1' },
      3,
      'credit-transfers',
    );
    expect(same.errors).toEqual([]);
    expect(formsEn.forms.bulk.csv.kennitalaNotOfAccount).toContain('{kennitala}');
    expect(formsIs.forms.bulk.csv.kennitalaNotOfAccount).toContain('{kennitala}');
  });

  it('wants masked card numbers for card deposits, and only then', () => {
    expect(
      validateBulkRow({ creditorAccount: '123456******1234', amount: '1' }, 1, 'card-deposits').element
        ?.creditorAccount,
    ).toEqual({
      maskedPan: '123456******1234',
    });
    expect(
      validateBulkRow({ creditorAccount: IBAN, amount: '1' }, 1, 'card-deposits').errors[0]?.message,
    ).toBe('validation.maskedPan.format');
    expect(
      validateBulkRow({ creditorAccount: '123456******1234', amount: '1' }, 1, 'credit-transfers').errors[0]
        ?.message,
    ).toBe('forms.bulk.csv.cardInTransfer');
  });

  it('carries the remittance reference as the structured array', () => {
    const row = validateBulkRow(
      { creditorAccount: IBAN, amount: '1', remittanceReference: 'INV-1' },
      1,
      'credit-transfers',
    );
    expect(row.element?.remittanceInformationStructuredArray).toEqual([{ reference: 'INV-1' }]);
    const long = validateBulkRow(
      { creditorAccount: IBAN, amount: '1', remittanceReference: 'x'.repeat(36) },
      1,
      'credit-transfers',
    );
    expect(long.errors).toEqual([
      { row: 1, column: 'remittanceReference', message: 'validation.lengthRange|{"min":1,"max":35}' },
    ]);
  });
});

describe('parseBulkCsv', () => {
  it('reads ; files with Icelandic amounts and reports per-cell errors with row numbers', async () => {
    const csv = `creditorAccount;amount;currency;remittance\n${IBAN};1.234,50;EUR;Leiga\n${IBAN};abc;ISK;\n\nbad;5;ISK;x\n`;
    const result = await parseBulkCsv(csv, { product: 'credit-transfers' });
    expect(result.delimiter).toBe(';');
    expect(result.rows).toHaveLength(3);
    expect(result.rows[0]?.element?.instructedAmount).toEqual({ currency: 'EUR', amount: '1234.50' });
    expect(result.errors).toEqual([
      { row: 2, column: 'amount', message: 'validation.amountInput.format' },
      { row: 3, column: 'creditorAccount', message: 'validation.iban.pattern' },
    ]);
  });

  it('on an English page: reads the file’s amounts the English way, keeping its cells as written', async () => {
    const csv = `creditorAccount;amount;currency\n${IBAN};1,234.50;EUR\n${IBAN};12,500;ISK\n${IBAN};12.5;ISK\n${IBAN};abc;ISK\n`;
    const result = await parseBulkCsv(csv, { product: 'credit-transfers', locale: 'en' });
    expect(result.rows.map((row) => row.cells.amount)).toEqual(['1,234.50', '12,500', '12.5', 'abc']);
    expect(result.rows.map((row) => row.element?.instructedAmount.amount)).toEqual([
      '1234.50',
      '12500',
      undefined,
      undefined,
    ]);
    // Checked again as the English table checks its rows (a product changed, another cell edited): the same.
    for (const [i, row] of result.rows.entries()) {
      const again = validateBulkRow(row.cells, i + 1, 'credit-transfers', 'en', 'file');
      expect(again.element).toEqual(row.element);
      expect(again.errors).toEqual(row.errors);
    }
  });

  it('any amount of a file, written as the page writes amounts, reads as itself, and again in the table', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom('ISK', 'EUR'),
        fc.constantFrom('is' as const, 'en' as const),
        async (minor, currency, locale) => {
          const amount = fromMinorUnits(minor, currency);
          const csv = `creditorAccount;amount;currency\n${IBAN};${formatNumber(amount, locale)};${currency}\n`;
          const [row] = (await parseBulkCsv(csv, { product: 'credit-transfers', locale })).rows;
          expect(row?.element?.instructedAmount).toEqual({ currency, amount });
          const again = row && validateBulkRow(row.cells, 1, 'credit-transfers', locale, 'file');
          expect(again?.element?.instructedAmount).toEqual({ currency, amount });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads , files with quoted Icelandic amounts', async () => {
    const csv = `creditorIban,amount,currency\r\n${IBAN},"1.234,50",EUR\r\n`;
    const result = await parseBulkCsv(csv, { product: 'credit-transfers' });
    expect(result.rows[0]?.element?.instructedAmount.amount).toBe('1234.50');
  });

  it('names missing columns and ignores unknown ones', async () => {
    const missing = await parseBulkCsv('creditorAccount;x\nIS1;1\n', { product: 'credit-transfers' });
    expect(missing.fileErrors).toEqual([
      { row: 0, column: 'amount', message: 'forms.bulk.csv.missingColumn|{"column":"amount"}' },
    ]);
    expect(missing.ignoredHeaders).toEqual(['x']);
    expect((await parseBulkCsv('', { product: 'credit-transfers' })).fileErrors[0]?.message).toBe(
      'forms.bulk.csv.empty',
    );
  });

  it('reports progress chunk by chunk up to 1 and keeps every row', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `${IBAN};${i + 1}`);
    const progress: number[] = [];
    const result = await parseBulkCsv(`creditorAccount;amount\n${lines.join('\n')}\n`, {
      product: 'credit-transfers',
      chunkSize: 4096,
      yieldBetweenChunks: true,
      onProgress: (p) => progress.push(p),
    });
    expect(result.rows).toHaveLength(2000);
    expect(result.errors).toEqual([]);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(result.rows[1999]?.element?.instructedAmount.amount).toBe('2000');
  });

  it('reads its own template without errors, headed in English or in Icelandic, to the same payments', async () => {
    const english = await parseBulkCsv(bulkCsvTemplate('en'), { product: 'credit-transfers', locale: 'en' });
    expect(english.fileErrors).toEqual([]);
    expect(english.errors).toEqual([]);
    expect(english.rows).toHaveLength(2);
    const icelandicTemplate = bulkCsvTemplate('is');
    expect(icelandicTemplate.split('\r\n')[0]).toBe(
      `\uFEFF${BULK_COLUMNS.map((column) => formsIs.forms.bulk.column[column]).join(';')}`,
    );
    const icelandic = await parseBulkCsv(icelandicTemplate, { product: 'credit-transfers' });
    expect(icelandic.fileErrors).toEqual([]);
    expect(icelandic.errors).toEqual([]);
    expect(icelandic.rows.map((row) => row.element)).toEqual(english.rows.map((row) => row.element));
    expect(icelandic.rows.map((row) => row.cells.amount)).toEqual(['12.500', '1.234,50']);
    expect(english.rows.map((row) => row.cells.amount)).toEqual(['12,500', '1,234.50']);
  });

  it('knows every column by its Icelandic header, the table’s word for it, and by the English table’s', () => {
    for (const column of BULK_COLUMNS) {
      expect(ICELANDIC_HEADERS[column]).toBe(formsIs.forms.bulk.column[column]);
      expect(columnOfHeader(ICELANDIC_HEADERS[column])).toBe(column);
    }
    for (const column of BULK_TABLE_COLUMNS)
      expect(columnOfHeader(formsEn.forms.bulk.column[column]), formsEn.forms.bulk.column[column]).toBe(
        column,
      );
    // A file made from the template when it headed the PSU's reference "Tilvísun" still reads.
    expect(columnOfHeader('Tilvísun')).toBe('endToEndIdentification');
  });

  it('round-trips cells that need quoting', async () => {
    const cells = { creditorAccount: IBAN, amount: '1', remittanceInformationUnstructured: 'a;b "c"\nd' };
    const result = await parseBulkCsv(bulkRowsToCsv([cells]), { product: 'credit-transfers' });
    expect(result.rows[0]?.cells.remittanceInformationUnstructured).toBe('a;b "c"\nd');
  });
});

describe('parseBulkCsv: separators and what a file holds', () => {
  const rows = [
    ['creditorAccount', 'amount', 'currency', 'remittance'],
    [IBAN, '1.234,50', 'EUR', 'Leiga, mars; apríl'],
    [IBAN, '12.500', 'ISK', 'Hússjóður'],
  ];
  const csv = (delimiter: string) =>
    `${rows.map((cells) => cells.map((cell) => (cell.includes(delimiter) ? `"${cell}"` : cell)).join(delimiter)).join('\r\n')}\r\n`;
  const file = (bytes: Uint8Array<ArrayBuffer> | string) => new Blob([bytes]);

  it.each([
    [';', ';'],
    [',', ','],
    ['tab', '\t'],
  ])(
    'reads a file whose cells are separated by %s, whatever commas and semicolons its cells hold',
    async (_, delimiter) => {
      for (const input of [csv(delimiter), file(csv(delimiter))]) {
        const result = await parseBulkCsv(input, { product: 'credit-transfers' });
        expect(result.fileErrors).toEqual([]);
        expect(result.delimiter).toBe(delimiter);
        expect(result.errors).toEqual([]);
        expect(result.rows.map((row) => row.element?.instructedAmount)).toEqual([
          { currency: 'EUR', amount: '1234.50' },
          { currency: 'ISK', amount: '12500' },
        ]);
        expect(result.rows[0]?.element?.remittanceInformationUnstructured).toBe('Leiga, mars; apríl');
      }
    },
  );

  it("takes a spreadsheet's sep= line and the table's own column names", async () => {
    const result = await parseBulkCsv(`sep=;\nÁ reikning;Upphæð;Gjaldmiðill\n${IBAN};12.500;ISK\n`, {
      product: 'credit-transfers',
    });
    expect(result.fileErrors).toEqual([]);
    expect(result.rows[0]?.element?.instructedAmount).toEqual({ currency: 'ISK', amount: '12500' });
  });

  it('reads UTF-16 "Unicode text" and Windows-1252 files with their Icelandic letters', async () => {
    const text = `Reikningur\tUpphæð\tSkýring\r\n${IBAN}\t12.500\tÞórður í Ögri\r\n`;
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer),
    ]);
    const latin = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    for (const bytes of [utf16, latin]) {
      const result = await parseBulkCsv(file(bytes), { product: 'credit-transfers' });
      expect(result.fileErrors).toEqual([]);
      expect(result.rows[0]?.element?.remittanceInformationUnstructured).toBe('Þórður í Ögri');
    }
  });

  it('tells a file that is no text so, not that it lacks a column', async () => {
    const xlsx = new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      0x14,
      0x00,
      0x06,
      0x00,
      ...new TextEncoder().encode('[Content_Types].xml'),
    ]);
    const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj');
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    for (const bytes of [xlsx, pdf, noise]) {
      const result = await parseBulkCsv(file(bytes), { product: 'credit-transfers' });
      expect(result.fileErrors).toEqual([{ row: 0, column: null, message: 'forms.bulk.csv.notText' }]);
      expect(result.rows).toEqual([]);
    }
  });

  it('says when the header line is separated by none of ; , or tab', async () => {
    const result = await parseBulkCsv(`creditorAccount|amount\n${IBAN}|12500\n`, {
      product: 'credit-transfers',
    });
    expect(result.fileErrors).toEqual([{ row: 0, column: null, message: 'forms.bulk.csv.noSeparator' }]);
    // A file of one known column is still told the column it lacks.
    const one = await parseBulkCsv(`amount\n12500\n`, { product: 'credit-transfers' });
    expect(one.fileErrors.map((issue) => issue.message)).toEqual([
      'forms.bulk.csv.missingColumn|{"column":"creditorAccount"}',
    ]);
  });
});
