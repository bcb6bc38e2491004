'use client';

import { useMemo, useReducer } from 'react';
import type { PaymentProduct } from '@/lib/bank/payments';
import type { Locale } from '@/lib/i18n/routing';
import { type BulkCells, type BulkColumn, columnOfHeader } from '@/lib/payments/csv/columns';
import type { BulkCsvResult } from '@/lib/payments/csv/parse';
import type { AmountSource, BulkRow, CellIssue, validateBulkRow } from '@/lib/payments/csv/row';
import { sumByCurrency } from '@/lib/payments/money';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import type { BulkRowEditor } from './bulk-row-editor';
import type { BulkTable } from './bulk-table';

/** What the rows need: loaded with the schemas, after the page, since the form starts with none. */
export interface RowTools {
  validateBulkRow: typeof validateBulkRow;
  BulkTable: typeof BulkTable;
  BulkRowEditor: typeof BulkRowEditor;
}

/**
 * The payments of a bulk and what goes with them. They live outside react-hook-form (thousands of
 * rows would make every keystroke slow); each row is checked by the element schema as it is typed
 * or imported, for the product chosen.
 */
export interface BulkRowsState {
  /** The page's language: typed amounts are read as it writes them. */
  locale: Locale;
  product: PaymentProduct;
  rows: TableRow[];
  /** Loaded with the schemas; until then there are no rows (see `addRow`, `importCsv`). */
  tools?: RowTools;
  /** The row open in the editor below the table. */
  editing: number | null;
  /** Rows were added or imported, or a send was tried: an empty list is then an error to show. */
  touched: boolean;
  /** Of a CSV being read, 0 to 1; null when none is. */
  progress: number | null;
  /** What the last import read. */
  imported: BulkCsvResult | null;
}

/**
 * A row of the table; `pristine`: added by "Add a payment" and not typed in yet, its errors (every cell empty) not
 * shown until the PSU types in it or sends the form: being told off before starting helps no one.
 */
export type TableRow = BulkRow & { pristine?: true };

export type BulkRowsAction =
  | { type: 'productChanged'; product: PaymentProduct }
  | { type: 'rowAdded'; tools: RowTools }
  | { type: 'cellChanged'; index: number; column: BulkColumn; value: string }
  | { type: 'rowRemoved'; index: number }
  | { type: 'editing'; index: number | null }
  | { type: 'touched' }
  | { type: 'serverRowError'; index: number; column: BulkColumn | null; message: string }
  | { type: 'importStarted' }
  | { type: 'importToolsLoaded'; tools: RowTools }
  | { type: 'importProgress'; progress: number }
  | { type: 'imported'; result: BulkCsvResult }
  | { type: 'importEnded' }
  | { type: 'prefilled'; product: PaymentProduct; cells: BulkCells[]; tools: RowTools };

const initialBulkRows: Omit<BulkRowsState, 'locale'> = {
  product: 'credit-transfers',
  rows: [],
  editing: null,
  touched: false,
  progress: null,
  imported: null,
};

// There are rows only once the validator has loaded; a row it has not checked could not be sent. An amount is
// read as typed, or as its file wrote it (`source`) while its cell is as the file has it.
function checked(
  cells: BulkCells,
  index: number,
  { product, locale }: Pick<BulkRowsState, 'product' | 'locale'>,
  tools?: RowTools,
  source: AmountSource = 'typed',
): BulkRow {
  return tools
    ? tools.validateBulkRow(cells, index + 1, product, locale, source)
    : {
        cells,
        errors: [{ row: index + 1, column: null, message: issueMessage('validation.invalid') }],
        warnings: [],
      };
}

/** A row checked again (the product changed, a row above it went), still not typed in where it was not. */
function checkedAgain(
  row: TableRow,
  index: number,
  context: Pick<BulkRowsState, 'product' | 'locale'>,
  tools?: RowTools,
): TableRow {
  return {
    ...checked(row.cells, index, context, tools, row.fileAmount ? 'file' : 'typed'),
    ...(row.pristine ? { pristine: true as const } : {}),
  };
}

function bulkRowsReducer(state: BulkRowsState, action: BulkRowsAction): BulkRowsState {
  switch (action.type) {
    case 'productChanged':
      return {
        ...state,
        product: action.product,
        rows: state.rows.map((row, i) =>
          checkedAgain(row, i, { ...state, product: action.product }, state.tools),
        ),
      };
    case 'rowAdded':
      return {
        ...state,
        tools: action.tools,
        rows: [
          ...state.rows,
          { ...checked({ currency: 'ISK' }, state.rows.length, state, action.tools), pristine: true },
        ],
        touched: true,
      };
    case 'cellChanged': {
      const row = state.rows[action.index];
      if (!row) return state;
      const rows = state.rows.slice();
      // An amount typed over the file's is read as typed.
      rows[action.index] = checked(
        { ...row.cells, [action.column]: action.value },
        action.index,
        state,
        state.tools,
        row.fileAmount && action.column !== 'amount' ? 'file' : 'typed',
      );
      return { ...state, rows };
    }
    case 'rowRemoved':
      return {
        ...state,
        rows: state.rows
          .filter((_, i) => i !== action.index)
          .map((row, i) => checkedAgain(row, i, state, state.tools)),
        editing: null,
      };
    case 'editing':
      return { ...state, editing: action.index };
    // A send was tried: every row's errors are shown.
    case 'touched':
      return { ...state, touched: true, rows: state.rows.map(({ pristine: _, ...row }) => row) };
    case 'serverRowError':
      return {
        ...state,
        rows: state.rows.map((row, i) =>
          i === action.index
            ? {
                ...row,
                element: undefined,
                errors: [...row.errors, { row: i + 1, column: action.column, message: action.message }],
              }
            : row,
        ),
      };
    case 'importStarted':
      return { ...state, progress: 0, imported: null, editing: null };
    case 'importToolsLoaded':
      return { ...state, tools: action.tools };
    case 'importProgress':
      return { ...state, progress: action.progress };
    case 'imported':
      return {
        ...state,
        imported: action.result,
        rows: action.result.fileErrors.length === 0 ? action.result.rows : state.rows,
        touched: true,
      };
    case 'importEnded':
      return { ...state, progress: null };
    case 'prefilled':
      return {
        ...state,
        tools: action.tools,
        product: action.product,
        rows: action.cells.map((cells, i) =>
          checked(cells, i, { ...state, product: action.product }, action.tools),
        ),
        touched: true,
      };
  }
}

/** The column of the table a server field error names (`instructedAmount.currency`, `creditorAccount.iban`, …). */
export function columnOfField(field: string | undefined): BulkColumn | null {
  if (field?.startsWith('instructedAmount')) return field.endsWith('currency') ? 'currency' : 'amount';
  if (field?.startsWith('creditorAccount')) return 'creditorAccount';
  return columnOfHeader(field ?? '') ?? null;
}

/** The bulk's rows in one reducer, with what is derived from them: the bad cells and the totals. */
export function useBulkRows(locale: Locale) {
  const [state, dispatch] = useReducer(bulkRowsReducer, { ...initialBulkRows, locale });
  const badRows = useMemo(() => {
    const list: { index: number; issue: CellIssue }[] = [];
    state.rows.forEach((row, index) => {
      for (const issue of row.errors) list.push({ index, issue });
    });
    return list;
  }, [state.rows]);
  // What the page shows: a row not typed in yet has no errors to show (`TableRow.pristine`).
  const shownRows = useMemo(
    () => state.rows.map((row) => (row.pristine ? { ...row, errors: [] } : row)),
    [state.rows],
  );
  const shownBadRows = useMemo(
    () => badRows.filter((bad) => !state.rows[bad.index]?.pristine),
    [badRows, state.rows],
  );
  const totals = useMemo(
    () => sumByCurrency(state.rows.flatMap((row) => (row.element ? [row.element.instructedAmount] : []))),
    [state.rows],
  );
  return { state, dispatch, badRows, shownRows, shownBadRows, totals };
}

export type BadRow = ReturnType<typeof useBulkRows>['badRows'][number];
