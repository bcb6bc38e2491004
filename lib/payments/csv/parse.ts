import Papa from 'papaparse';
import type { PaymentProduct } from '@/lib/bank/payments';
import type { Locale } from '@/lib/i18n/routing';
import { type BulkCells, type BulkColumn, columnOfHeader, REQUIRED_COLUMNS } from './columns';
import { type BulkRow, type CellIssue, csvMessage, fileRowForPage, validateBulkRow } from './row';

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
  /** The page's language: the rows' amount cells are written in its marks (`fileRowForPage`); `is` unless given. */
  locale?: Locale;
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
 * delimiter is a comma), as the template writes them, whatever the page's language. Each row is
 * checked as the form will check it; issues carry 1-based payment numbers and the column they belong to.
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
          rows.push(options.locale ? fileRowForPage(row, options.locale) : row);
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
