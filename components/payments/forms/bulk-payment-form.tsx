'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { withShownNumbers } from '@/lib/format/number';
import { deferImport } from '@/lib/forms/deferred-import';
import { deferSchema } from '@/lib/forms/deferred-schema';
import { initiateBulkPaymentAction } from '@/lib/payments/actions/initiate-bulk-payment';
import type { BulkColumn } from '@/lib/payments/csv/columns';
import type { BulkPrefill } from '@/lib/payments/saved/pay-again';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import type { bulkSubmissionSchema } from '@/lib/payments/submission';
import { BulkCsvImport } from './bulk-csv-import';
import { BulkParentFields } from './bulk-parent-fields';
import { BulkRowErrors } from './bulk-row-errors';
import { columnOfField, type RowTools, useBulkRows } from './bulk-rows';
import type { BulkTableHandle } from './bulk-table';
import { BulkTotals } from './bulk-totals';
import { useFieldMessage, useFormLocale } from './messages';
import { PaymentForm, usePaymentForm } from './payment-form';

type FormValues = z.output<typeof bulkSubmissionSchema>;

const loadSchema = deferSchema(() =>
  import('@/lib/payments/submission').then((module) => module.bulkSubmissionSchema),
);
// The rows are checked by the element schema as they are typed: the row validator, the table and the
// row's editor load with the schemas, after the page; there are no rows before they have (see addRow
// and importCsv, which wait for them).
const loadRowTools = deferImport(async (): Promise<RowTools> => {
  const [row, table, editor] = await Promise.all([
    import('@/lib/payments/csv/row'),
    import('./bulk-table'),
    import('./bulk-row-editor'),
  ]);
  return {
    validateBulkRow: row.validateBulkRow,
    BulkTable: table.BulkTable,
    BulkRowEditor: editor.BulkRowEditor,
  };
});

/**
 * Spec 2.3 bulk payment. The bulk's own fields are react-hook-form's; its payments are kept apart, in
 * one reducer (./bulk-rows.ts), each row checked by the element schema as it is typed or imported, and
 * the whole body by `BulkPaymentSchema` on submit.
 */
export function BulkPaymentForm({
  submissionId,
  paymentInformationId,
  initial,
}: {
  submissionId: string;
  paymentInformationId: string;
  /** A past bulk's or a template's values: its fields, and its payments as rows. */
  initial?: BulkPrefill;
}) {
  const t = useTranslations('forms');
  const translate = useFieldMessage();
  const locale = useFormLocale();
  const { state, dispatch, badRows, shownRows, shownBadRows, totals } = useBulkRows(locale);
  const { product, rows, tools, editing, progress } = state;
  const table = useRef<BulkTableHandle>(null);
  // A row needs the page's script: until it runs, "Add a payment" is disabled rather than a press lost.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // The rows of a past bulk or template are checked as typed rows are, once the row tools load.
  useEffect(() => {
    if (!initial) return;
    void loadRowTools().then((loaded) =>
      dispatch({ type: 'prefilled', product: initial.product, cells: initial.rows, tools: loaded }),
    );
  }, [initial, dispatch]);

  const form = usePaymentForm<FormValues>({
    schema: loadSchema,
    preload: loadRowTools,
    submissionId,
    payment: {
      paymentInformationId,
      batchBookingPreferred: false,
      debtorAccount: { iban: '' },
      chargesAccount: { iban: '' },
      payments: [],
      ...initial?.payment,
    },
    showServerFieldError: (path, message) => {
      // The server names bad payments as `payment.payments.N.…`: show those in the table.
      const match = /^payment\.payments\.(\d+)(?:\.(.*))?$/.exec(path);
      if (!match) return false;
      dispatch({ type: 'serverRowError', index: Number(match[1]), column: columnOfField(match[2]), message });
      return true;
    },
  });
  const {
    setValue,
    formState: { submitCount },
  } = form.methods;
  const { handleSubmit, requestFocus, submit } = form;

  const changeCell = (index: number, column: BulkColumn, value: string) =>
    dispatch({ type: 'cellChanged', index, column, value });

  // The number of rows as last drawn: a row added by a press is the last one once it is drawn.
  const drawnRows = useRef(rows.length);
  drawnRows.current = rows.length;
  const addRow = async () => {
    // Focus follows the press to the new row only if it is still where the press left it: a PSU who
    // has moved on while the row tools loaded (typing in another cell) keeps their place and their text.
    const pressed = document.activeElement;
    const loaded = await loadRowTools();
    // Rendered now, as it would be in the click itself, so that the new row is there to focus.
    flushSync(() => dispatch({ type: 'rowAdded', tools: loaded }));
    const index = drawnRows.current - 1;
    requestAnimationFrame(() => table.current?.focusCell(index, 'creditorAccount', pressed));
  };

  async function importCsv(input: string | File) {
    dispatch({ type: 'importStarted' });
    try {
      // papaparse is loaded when a file is first read, not with the page.
      const [{ parseBulkCsv }, loaded] = await Promise.all([
        import('@/lib/payments/csv/parse'),
        loadRowTools(),
      ]);
      dispatch({ type: 'importToolsLoaded', tools: loaded });
      const result = await parseBulkCsv(input, {
        product,
        locale,
        chunkSize: 64 * 1024,
        yieldBetweenChunks: true,
        onProgress: (value) => dispatch({ type: 'importProgress', progress: value }),
      });
      dispatch({ type: 'imported', result });
    } finally {
      dispatch({ type: 'importEnded' });
    }
  }

  function focusFirstBadRow() {
    const first = badRows[0];
    if (first) table.current?.focusCell(first.index, first.issue.column);
    else requestFocus();
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch({ type: 'touched' });
    setValue(
      'payment.payments',
      rows.flatMap((row) => (row.element ? [row.element] : [])),
    );
    const rowsOk = rows.length > 0 && badRows.length === 0;
    await handleSubmit(
      (values) => {
        if (!rowsOk) return focusFirstBadRow();
        return submit(initiateBulkPaymentAction, values);
      },
      (errors) => {
        const onlyPayments =
          Object.keys(errors).length === 1 &&
          errors.payment &&
          Object.keys(errors.payment).every((k) => k === 'payments');
        if (onlyPayments && rows.length > 0) return focusFirstBadRow();
        requestFocus();
      },
    )(event);
  };

  const rowsMessage =
    state.touched && submitCount > 0 && rows.length === 0
      ? translate(issueMessage('validation.bulk.empty'))
      : undefined;
  const editedRow = editing !== null ? shownRows[editing] : undefined;

  return (
    <PaymentForm
      form={form}
      onSubmit={onSubmit}
      busy={progress !== null}
      className="space-y-6"
      summaryExtra={
        shownBadRows.length > 0 ? (
          <p className="mt-2">
            {t('bulk.errorsCount', withShownNumbers({ count: shownBadRows.length }, locale))}.{' '}
            <button type="button" className="underline" onClick={focusFirstBadRow}>
              {t('bulk.fixRows', { row: (shownBadRows[0]?.index ?? 0) + 1 })}
            </button>
          </p>
        ) : rowsMessage ? (
          <p className="mt-2">{rowsMessage}</p>
        ) : undefined
      }
    >
      <BulkParentFields
        product={product}
        onProductChange={(next) => dispatch({ type: 'productChanged', product: next })}
      />

      <section aria-labelledby="bulk-payments" className="space-y-4">
        <h2 id="bulk-payments" className="text-lg font-medium">
          {t('bulk.payments')}
        </h2>
        <BulkCsvImport
          progress={progress}
          imported={state.imported}
          onImport={(input) => void importCsv(input)}
        />
        <BulkRowErrors
          badRows={shownBadRows}
          onFocusCell={(index, column) => table.current?.focusCell(index, column)}
        />

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {t('bulk.paymentsCount', withShownNumbers({ count: rows.length }, locale))}
            {shownBadRows.length > 0 &&
              ` · ${t('bulk.errorsCount', withShownNumbers({ count: shownBadRows.length }, locale))}`}
          </p>
          <Button type="button" variant="secondary" onClick={addRow} disabled={!live}>
            {t('bulk.addRow')}
          </Button>
        </div>
        {rows.length > 0 && tools && (
          <tools.BulkTable
            rows={shownRows}
            handle={table}
            onCellChange={changeCell}
            onRemove={(index) => dispatch({ type: 'rowRemoved', index })}
            onEdit={(index) => dispatch({ type: 'editing', index })}
          />
        )}
        {rowsMessage && <p className="text-sm text-red-700">{rowsMessage}</p>}

        {editing !== null && editedRow && tools && (
          <tools.BulkRowEditor
            index={editing}
            row={editedRow}
            onCellChange={changeCell}
            onClose={() => dispatch({ type: 'editing', index: null })}
          />
        )}

        <BulkTotals totals={totals} />
      </section>
    </PaymentForm>
  );
}
