'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslations } from 'next-intl';
import { type RefObject, useImperativeHandle, useRef } from 'react';
import { BULK_TABLE_COLUMNS, type BulkColumn } from '@/lib/payments/csv/columns';
import type { BulkRow } from '@/lib/payments/csv/row';
import { SKIP_SUMMARY } from './error-summary';
import { useFieldMessage } from './messages';

// An account number is read whole ("IS14 0159 2600 7654 5510 7303 39"), a name at a glance; the table scrolls.
// Wide enough for what each cell usually holds (and for a cell's note under it): the table scrolls sideways
// rather than cut off an amount or a message.
const columnWidth: Partial<Record<string, string>> = {
  creditorAccount: 'min-w-72',
  ultimateCreditor: 'min-w-44',
  creditorKennitala: 'min-w-36',
  amount: 'min-w-32',
  currency: 'w-16',
  remittanceInformationUnstructured: 'min-w-52',
  endToEndIdentification: 'min-w-40',
};

export interface BulkTableHandle {
  /**
   * Scrolls the row into view and focuses its cell (the first bad one when no column is given); with
   * `ifFocusStaysOn`, only while focus is still on that element (or on nothing), never taking it from where
   * the PSU has moved it since.
   */
  focusCell: (index: number, column?: BulkColumn | null, ifFocusStaysOn?: Element | null) => void;
}

export const cellId = (index: number, column: BulkColumn) => `bulk-cell-${index}-${column}`;

/**
 * The payments of a bulk, one row each, virtualised so that thousands of rows scroll smoothly:
 * only the rows in view (and a few around them) are in the DOM.
 */
export function BulkTable({
  rows,
  onCellChange,
  onRemove,
  onEdit,
  handle,
}: {
  rows: BulkRow[];
  onCellChange: (index: number, column: BulkColumn, value: string) => void;
  onRemove: (index: number) => void;
  onEdit: (index: number) => void;
  handle: RefObject<BulkTableHandle | null>;
}) {
  const t = useTranslations('forms.bulk');
  const translate = useFieldMessage();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 52,
    overscan: 8,
  });

  useImperativeHandle(handle, () => ({
    focusCell(index, column, ifFocusStaysOn) {
      const focusMoved = () =>
        ifFocusStaysOn !== undefined &&
        document.activeElement !== ifFocusStaysOn &&
        document.activeElement !== document.body &&
        document.activeElement !== null;
      if (focusMoved()) return;
      virtualizer.scrollToIndex(index, { align: 'center' });
      const target = column ?? rows[index]?.errors[0]?.column ?? 'creditorAccount';
      const name = (BULK_TABLE_COLUMNS as readonly string[]).includes(target ?? '')
        ? (target as BulkColumn)
        : 'creditorAccount';
      // The row is rendered once the virtualiser has scrolled to it.
      let tries = 0;
      const focus = () => {
        if (focusMoved()) return;
        const element = document.getElementById(cellId(index, name));
        if (element) element.focus();
        else if (tries++ < 20) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
      if (!(BULK_TABLE_COLUMNS as readonly string[]).includes(target ?? '')) onEdit(index);
    },
  }));

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      {...{ [SKIP_SUMMARY]: '' }}
      className="max-h-[28rem] overflow-auto rounded border border-slate-300 bg-white"
      data-testid="bulk-table"
    >
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">{t('payments')}</caption>
        <thead className="sticky top-0 z-10 bg-slate-100">
          <tr className="text-left">
            <th scope="col" className="w-12 px-2 py-2 font-medium">
              #
            </th>
            {BULK_TABLE_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2 py-2 font-medium">
                {t(`column.${column}`)}
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">{t('removeRow', { number: '' })}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr>
              <td style={{ height: before }} colSpan={BULK_TABLE_COLUMNS.length + 2} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const number = item.index + 1;
            const rowHidden = row.errors.filter(
              (e) => e.column === null || !(BULK_TABLE_COLUMNS as readonly string[]).includes(e.column),
            );
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                data-row={number}
                className={`border-t border-slate-200 align-top ${row.errors.length > 0 ? 'bg-red-50' : ''}`}
              >
                <th scope="row" className="px-2 py-2 text-right font-normal tabular-nums">
                  <button
                    type="button"
                    className="underline"
                    onClick={() => onEdit(item.index)}
                    aria-label={`${t('row')} ${number}`}
                  >
                    {number}
                  </button>
                  {rowHidden.length > 0 && (
                    <span className="block text-xs text-red-700">
                      {rowHidden.map((e) => translate(e.message)).join(' ')}
                    </span>
                  )}
                </th>
                {BULK_TABLE_COLUMNS.map((column) => {
                  const error = row.errors.find((e) => e.column === column);
                  const warning = row.warnings.find((w) => w.column === column);
                  const id = cellId(item.index, column);
                  const note = error
                    ? translate(error.message)
                    : warning
                      ? translate(warning.message)
                      : undefined;
                  return (
                    <td key={column} className="px-1 py-1">
                      <input
                        id={id}
                        className={`w-full rounded border px-2 py-1 ${
                          error ? 'border-red-600' : warning ? 'border-amber-600' : 'border-slate-300'
                        } ${columnWidth[column] ?? ''}`}
                        aria-label={t('cellLabel', { column: t(`column.${column}`), row: number })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={note ? `${id}-note` : undefined}
                        value={row.cells[column] ?? ''}
                        onChange={(event) => onCellChange(item.index, column, event.target.value)}
                        autoComplete="off"
                        spellCheck={false}
                      />
                      {note && (
                        <p
                          id={`${id}-note`}
                          className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-amber-800'}`}
                        >
                          {note}
                        </p>
                      )}
                    </td>
                  );
                })}
                <td className="px-1 py-1">
                  <button
                    type="button"
                    className="rounded border border-slate-300 px-2 py-1"
                    onClick={() => onRemove(item.index)}
                    aria-label={t('removeRow', { number })}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr>
              <td style={{ height: after }} colSpan={BULK_TABLE_COLUMNS.length + 2} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
