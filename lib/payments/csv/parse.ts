import Papa from 'papaparse';
import type { PaymentProduct } from '@/lib/bank/payments';
import type { Locale } from '@/lib/i18n/routing';
import { type BulkCells, type BulkColumn, columnOfHeader, REQUIRED_COLUMNS } from './columns';
import { type BulkRow, type CellIssue, csvMessage, validateBulkRow } from './row';
import { csvDelimiter, fileText } from './text';

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
  /**
   * The page's language: the file's amounts are read in its marks, or in the bank's form, and one that reads as
   * thousands in one language and as decimals in the other is refused (`readBulkAmount`); `is` unless given.
   */
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

function fileProblem(message: string): BulkCsvResult {
  return {
    rows: [],
    errors: [],
    fileErrors: [{ row: 0, column: null, message }],
    ignoredHeaders: [],
    delimiter: '',
  };
}

/**
 * Reads a bulk payment CSV (a string or a browser File) in chunks with papaparse: header row
 * first; `;`, `,` or tab between cells, as the header line has them (lib/payments/csv/text.ts); amounts as the
 * page's language writes them ("1.234,50" on an Icelandic page, quoted when the delimiter is a comma; "1,234.50"
 * on an English one), as its template writes them, or in the bank's form ("1234.50"); an amount that could be
 * thousands or decimals ("1.500" euros) is refused in its row, never guessed. The cells are kept as written. A
 * file is read as UTF-8, UTF-16 or Windows-1252 text, and one that is no text (a
 * workbook, a PDF) is told so. Each row is checked as the form will check it; issues carry 1-based payment
 * numbers and the column they belong to.
 */
export async function parseBulkCsv(
  input: string | Blob,
  options: ParseBulkCsvOptions,
): Promise<BulkCsvResult> {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const read = fileText(new Uint8Array(await input.arrayBuffer()));
    if (!read.ok) return fileProblem(csvMessage(read.reason));
    text = read.text;
  }
  const sniffed = csvDelimiter(text);
  if (sniffed.delimiter === undefined) {
    const header = sniffed.text.split(/\r?\n/).find((line) => line.trim() !== '');
    if (header !== undefined && !columnOfHeader(header.replaceAll('"', '')))
      return fileProblem(csvMessage('noSeparator'));
  }
  return parseText(sniffed.text, sniffed.delimiter, options);
}

function parseText(
  input: string,
  knownDelimiter: string | undefined,
  options: ParseBulkCsvOptions,
): Promise<BulkCsvResult> {
  const size = input.length;
  const rows: BulkRow[] = [];
  const errors: CellIssue[] = [];
  const fileErrors: CellIssue[] = [];
  const ignoredHeaders: string[] = [];
  let headerMap: Map<string, BulkColumn> | undefined;
  let delimiter = ',';

  return new Promise((resolve, reject) => {
    Papa.parse<RawRow>(input, {
      header: true,
      skipEmptyLines: 'greedy',
      ...(knownDelimiter ? { delimiter: knownDelimiter } : { delimitersToGuess: [';', ',', '\t'] }),
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
          const row = validateBulkRow(
            cells,
            rows.length + 1,
            options.product,
            options.locale ?? 'is',
            'file',
          );
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
