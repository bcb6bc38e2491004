import { BULK_COLUMNS, type BulkCells, ICELANDIC_HEADERS } from './columns';

// Writing CSV needs no parser: kept apart from parse.ts, so that the bulk form offers its template
// without loading papaparse before a file is imported.

function quote(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Cells back to CSV text, every column, e.g. to let a user download what they corrected; headed by the column
 * keys, or (`icelandic`) by the Icelandic headers.
 */
export function bulkRowsToCsv(rows: readonly BulkCells[], delimiter = ';', icelandic = false): string {
  const lines = [
    BULK_COLUMNS.map((column) => (icelandic ? ICELANDIC_HEADERS[column] : column)).join(delimiter),
  ];
  for (const cells of rows)
    lines.push(BULK_COLUMNS.map((c) => quote(cells[c] ?? '', delimiter)).join(delimiter));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The template offered for download: every column, with a domestic account, an IBAN and amounts written as the
 * page's language writes them ("12.500" krónur and "1.234,50" euros on an Icelandic page, "12,500" and "1,234.50"
 * on an English one), as the import reads them there. `;` between cells, as spreadsheet programs in Iceland
 * expect, and a byte order mark so they read the file as UTF-8. Headed in Icelandic on an Icelandic page.
 */
export function bulkCsvTemplate(locale: 'is' | 'en' = 'en'): string {
  return `\uFEFF${bulkRowsToCsv(
    [
      {
        creditorAccount: '0133-26-012345',
        creditorKennitala: '551073-0339',
        amount: locale === 'is' ? '12.500' : '12,500',
        currency: 'ISK',
        remittanceInformationUnstructured: 'Leiga mars',
        endToEndIdentification: 'LEIGA-2027-03',
      },
      {
        creditorAccount: 'IS870301260012345101696399',
        amount: locale === 'is' ? '1.234,50' : '1,234.50',
        currency: 'EUR',
        remittanceInformationUnstructured: 'Reikningur 42',
        remittanceReference: 'INV-42',
        partialPayment: 'nei',
      },
    ],
    ';',
    locale === 'is',
  )}`;
}
