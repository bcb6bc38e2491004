'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { BULK_COLUMNS, type BulkColumn } from '@/lib/payments/csv/columns';
import type { BulkRow } from '@/lib/payments/csv/row';
import { useFieldMessage } from './messages';

/** One payment of the bulk with every column, below the table: each cell with its error or warning. */
export function BulkRowEditor({
  index,
  row,
  onCellChange,
  onClose,
}: {
  index: number;
  row: BulkRow;
  onCellChange: (index: number, column: BulkColumn, value: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations('forms');
  const translate = useFieldMessage();
  return (
    <fieldset
      className="space-y-3 rounded border border-slate-300 bg-white p-4"
      data-testid="bulk-row-editor"
    >
      <legend className="px-1 font-medium">
        {t('bulk.row')} {index + 1}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {BULK_COLUMNS.map((column) => {
          const error = row.errors.find((e) => e.column === column);
          const warning = row.warnings.find((w) => w.column === column);
          return (
            <TextField
              key={column}
              label={t(`bulk.column.${column}`)}
              value={row.cells[column] ?? ''}
              error={error ? translate(error.message) : undefined}
              hint={warning ? translate(warning.message) : undefined}
              onChange={(event) => onCellChange(index, column, event.target.value)}
              autoComplete="off"
            />
          );
        })}
      </div>
      <Button type="button" variant="secondary" onClick={onClose}>
        {t('bulk.closeRow')}
      </Button>
    </fieldset>
  );
}
