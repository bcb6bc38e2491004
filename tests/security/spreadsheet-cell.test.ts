import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excelCell } from '@/lib/payments/export-excel-csv';
import { defuseFormula } from '@/lib/security/spreadsheet-cell';

// A name, reference or bank message in an exported file is shown by a spreadsheet, never run by it
// (OWASP "CSV injection"), whichever form of a formula's first character it begins with.

const LEADS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

describe('a cell of an exported file', () => {
  it('puts a quote before every formula lead, ASCII or full-width, and keeps the rest as written', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LEADS), fc.string(), (lead, rest) => {
        expect(defuseFormula(`${lead}${rest}`)).toBe(`'${lead}${rest}`);
      }),
    );
  });

  it('leaves text that cannot start a formula as it is', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !LEADS.some((lead) => text.startsWith(lead))),
        (text) => {
          expect(defuseFormula(text)).toBe(text);
        },
      ),
    );
  });

  it('in the Excel file too, where only a negative amount keeps its minus', () => {
    expect(excelCell('＝HYPERLINK("https://example.com")')).toBe('"\'＝HYPERLINK(""https://example.com"")"');
    expect(excelCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(excelCell('-1234,50')).toBe('-1234,50');
  });
});
