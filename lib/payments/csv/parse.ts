import Papa from 'papaparse';
import type { PaymentProduct } from '@/lib/bank/payments';
import { BULK_COLUMNS, type BulkCells, type BulkColumn, columnOfHeader, REQUIRED_COLUMNS } from './columns';
import { type BulkRow, type CellIssue, csvMessage, validateBulkRow } from './row';

export interface BulkCsvResult {
  rows: BulkRow[];
  /** Every row's errors, in row order. */
  errors: CellIssue[];
  /** Problems of the file itself (no header, a missing column), row 0. */
  fileErrors: CellIssue[];
  /** Headers we did not recognise and ignored. */
  ignoredHeaders: string[];
  delimiter: string;
}

export interface ParseBulkCsvOptions {
  product: PaymentProduct;
  /** Called with the share read so far, 0..1, after each chunk. */
  onProgress?: (fraction: number) => void;
  /** Bytes (for a File) or characters (for a string) per chunk; 256 KiB unless given. */
  chunkSize?: number;
  /**
   * Lets the browser paint between chunks (a progress bar, a spinner). Off by default; without it
   * the chunks of a string are read back to back.
   */
  yieldBetweenChunks?: boolean;
}

type RawRow = Record<string, string | undefined>;

/**
 * Reads a bulk payment CSV (a string or a browser File) in chunks with papaparse: header row
 * first; `;`, `,` or tab between cells; Icelandic amounts such as "1.234,50" (quoted when the
 * delimiter is a comma). Each row is checked as the form will check it; issues carry 1-based payment
 * numbers and the column they belong to.
 */
export function parseBulkCsv(input: string | Blob, options: ParseBulkCsvOptions): Promise<BulkCsvResult> {
  const size = typeof input === 'string' ? input.length : input.size;
  const rows: BulkRow[] = [];
  const errors: CellIssue[] = [];
  const fileErrors: CellIssue[] = [];
  const ignoredHeaders: string[] = [];
  let headerMap: Map<string, BulkColumn> | undefined;
  let delimiter = ',';

  return new Promise((resolve, reject) => {
    Papa.parse<RawRow>(input as string, {
      header: true,
      skipEmptyLines: 'greedy',
      delimitersToGuess: [';', ',', '\t'],
      chunkSize: options.chunkSize ?? 256 * 1024,
      transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
      chunk: (results: Papa.ParseResult<RawRow>, parser: Papa.Parser) => {
        if (!headerMap) {
          if ((results.meta.fields ?? []).every((field: string) => field === '')) {
            fileErrors.push({ row: 0, column: null, message: csvMessage('empty') });
            parser.abort();
            return;
          }
          delimiter = results.meta.delimiter;
          headerMap = new Map();
          for (const header of results.meta.fields ?? []) {
            const column = columnOfHeader(header);
            if (column) headerMap.set(header, column);
            else if (header !== '') ignoredHeaders.push(header);
          }
          const present = new Set(headerMap.values());
          for (const column of REQUIRED_COLUMNS) {
            if (!present.has(column))
              fileErrors.push({ row: 0, column, message: csvMessage('missingColumn', { column }) });
          }
          if (fileErrors.length > 0) {
            parser.abort();
            return;
          }
        }
        for (const raw of results.data) {
          const cells: BulkCells = {};
          for (const [header, column] of headerMap) {
            const value = raw[header];
            if (value !== undefined && value !== '') cells[column] = value;
          }
          const row = validateBulkRow(cells, rows.length + 1, options.product);
          rows.push(row);
          for (const issue of row.errors) errors.push(issue);
        }
        options.onProgress?.(size === 0 ? 1 : Math.min(1, results.meta.cursor / size));
        if (options.yieldBetweenChunks) {
          parser.pause();
          setTimeout(() => parser.resume(), 0);
        }
      },
      complete: () => {
        if (headerMap === undefined && fileErrors.length === 0)
          fileErrors.push({ row: 0, column: null, message: csvMessage('empty') });
        options.onProgress?.(1);
        resolve({ rows, errors, fileErrors, ignoredHeaders, delimiter });
      },
      error: (error: Error) => reject(error),
    });
  });
}

function quote(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Cells back to CSV text, every column, e.g. to let a user download what they corrected. */
export function bulkRowsToCsv(rows: readonly BulkCells[], delimiter = ';'): string {
  const lines = [BULK_COLUMNS.join(delimiter)];
  for (const cells of rows)
    lines.push(BULK_COLUMNS.map((c) => quote(cells[c] ?? '', delimiter)).join(delimiter));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The template offered for download: every column, with a domestic account, an IBAN and an
 * Icelandic amount as examples. `;` between cells, as spreadsheet programs in Iceland expect,
 * and a byte order mark so they read the file as UTF-8.
 */
export function bulkCsvTemplate(): string {
  return `\uFEFF${bulkRowsToCsv([
    {
      creditorAccount: '0133-26-012345',
      creditorKennitala: '551073-0339',
      amount: '12.500',
      currency: 'ISK',
      remittanceInformationUnstructured: 'Leiga mars',
      endToEndIdentification: 'LEIGA-2027-03',
    },
    {
      creditorAccount: 'IS870301260012345101696399',
      amount: '1.234,50',
      currency: 'EUR',
      remittanceInformationUnstructured: 'Reikningur 42',
      remittanceReference: 'INV-42',
      partialPayment: 'nei',
    },
  ])}`;
}
