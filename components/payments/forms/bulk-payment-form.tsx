'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { PaymentProduct } from '@/lib/bank/payments';
import { deferImport, deferSchema } from '@/lib/forms/deferred-schema';
import { initiateBulkPaymentAction } from '@/lib/payments/actions/initiate-bulk-payment';
import { BULK_COLUMNS, type BulkCells, type BulkColumn, columnOfHeader } from '@/lib/payments/csv/columns';
import type { BulkCsvResult } from '@/lib/payments/csv/parse';
import type { BulkRow, CellIssue, validateBulkRow } from '@/lib/payments/csv/row';
import { bulkCsvTemplate } from '@/lib/payments/csv/template';
import { formatAmount, sumByCurrency } from '@/lib/payments/money';
import { issueMessage } from '@/lib/payments/schemas/issue-message';
import { MAX_BULK_PAYMENTS } from '@/lib/payments/schemas/limits';
import type { bulkSubmissionSchema } from '@/lib/payments/submission';
import { AccountField } from './account-field';
import type { BulkTable, BulkTableHandle } from './bulk-table';
import { CheckboxField, MoreDetails } from './choice-fields';
import { DateField } from './date-field';
import { useFieldMessage, useFormLocale } from './messages';
import { PaymentForm, usePaymentForm } from './payment-form';
import { newPaymentInformationId } from './payment-information-id';
import { ProductField } from './product-field';
import { useFieldError } from './use-field-error';

type FormValues = z.output<typeof bulkSubmissionSchema>;
/** What the rows need: loaded with the schemas, after the page, since the form starts with none. */
interface RowTools {
  validateBulkRow: typeof validateBulkRow;
  BulkTable: typeof BulkTable;
}

const loadSchema = deferSchema(() =>
  import('@/lib/payments/submission').then((module) => module.bulkSubmissionSchema),
);
// The rows are checked by the element schema as they are typed: the row validator and the table
// load with the schemas, after the page; there are no rows before they have (see addRow and
// importCsv, which wait for them).
const loadRowTools = deferImport(async (): Promise<RowTools> => {
  const [row, table] = await Promise.all([import('@/lib/payments/csv/row'), import('./bulk-table')]);
  return { validateBulkRow: row.validateBulkRow, BulkTable: table.BulkTable };
});

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(bulkCsvTemplate())}`;
const MAX_LISTED_ERRORS = 20;

function PaymentInformationIdField() {
  const t = useTranslations('forms.bulk');
  const { register, setValue } = useFormContext();
  const error = useFieldError('payment.paymentInformationId');
  return (
    <div className="flex items-end gap-3">
      <TextField
        className="flex-1"
        label={t('paymentInformationId')}
        hint={t('paymentInformationIdHint')}
        autoComplete="off"
        spellCheck={false}
        error={error}
        {...register('payment.paymentInformationId')}
      />
      <Button
        type="button"
        variant="secondary"
        className="mb-6"
        onClick={() =>
          setValue('payment.paymentInformationId', newPaymentInformationId(), { shouldDirty: true })
        }
      >
        {t('regenerate')}
      </Button>
    </div>
  );
}

/**
 * Spec 2.3 bulk payment. The payments live outside react-hook-form (thousands of rows would make
 * every keystroke slow); each row is checked by the element schema as it is typed or imported, and
 * the whole body by `BulkPaymentSchema` on submit.
 */
export function BulkPaymentForm({
  submissionId,
  paymentInformationId,
}: {
  submissionId: string;
  paymentInformationId: string;
}) {
  const t = useTranslations('forms');
  const locale = useFormLocale();
  const translate = useFieldMessage();
  const [product, setProduct] = useState<PaymentProduct>('credit-transfers');
  const [rows, setRows] = useState<BulkRow[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [importInfo, setImportInfo] = useState<{ result: BulkCsvResult } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [pasted, setPasted] = useState('');
  const [rowsTouched, setRowsTouched] = useState(false);
  const table = useRef<BulkTableHandle>(null);
  const [tools, setTools] = useState<RowTools>();

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
    },
    showServerFieldError: (path, message) => {
      // The server names bad payments as `payment.payments.N.…`: show those in the table.
      const match = /^payment\.payments\.(\d+)(?:\.(.*))?$/.exec(path);
      if (!match) return false;
      showRowError(Number(match[1]), match[2], message);
      return true;
    },
  });
  const {
    setValue,
    formState: { submitCount },
  } = form.methods;
  const { handleSubmit, requestFocus, submit } = form;

  function showRowError(index: number, field: string | undefined, message: string) {
    const column: BulkColumn | null = field?.startsWith('instructedAmount')
      ? field.endsWith('currency')
        ? 'currency'
        : 'amount'
      : field?.startsWith('creditorAccount')
        ? 'creditorAccount'
        : (columnOfHeader(field ?? '') ?? null);
    setRows((current) =>
      current.map((row, i) =>
        i === index
          ? {
              ...row,
              element: undefined,
              errors: [...row.errors, { row: i + 1, column, message }],
            }
          : row,
      ),
    );
  }

  const badRows = useMemo(() => {
    const list: { index: number; issue: CellIssue }[] = [];
    rows.forEach((row, index) => {
      for (const issue of row.errors) list.push({ index, issue });
    });
    return list;
  }, [rows]);
  const totals = useMemo(
    () => sumByCurrency(rows.flatMap((row) => (row.element ? [row.element.instructedAmount] : []))),
    [rows],
  );

  // There are rows only once the validator has loaded; a row it has not checked could not be sent.
  const revalidate = (
    cells: BulkCells,
    index: number,
    forProduct = product,
    validate = tools?.validateBulkRow,
  ): BulkRow =>
    validate
      ? validate(cells, index + 1, forProduct)
      : {
          cells,
          errors: [{ row: index + 1, column: null, message: issueMessage('validation.invalid') }],
          warnings: [],
        };

  const changeCell = (index: number, column: BulkColumn, value: string) => {
    setRows((current) => {
      const row = current[index];
      if (!row) return current;
      const next = current.slice();
      next[index] = revalidate({ ...row.cells, [column]: value }, index);
      return next;
    });
  };

  const addRow = async () => {
    const loaded = await loadRowTools();
    const index = rows.length;
    // Rendered now, as it would be in the click itself, so that the new row is there to focus.
    flushSync(() => {
      setTools(loaded);
      setRows((current) => [
        ...current,
        revalidate({ currency: 'ISK' }, current.length, product, loaded.validateBulkRow),
      ]);
      setRowsTouched(true);
    });
    requestAnimationFrame(() => table.current?.focusCell(index, 'creditorAccount'));
  };

  const removeRow = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index).map((row, i) => revalidate(row.cells, i)));
    setEditing(null);
  };

  async function importCsv(input: string | File) {
    setProgress(0);
    setImportInfo(null);
    setEditing(null);
    try {
      // papaparse is loaded when a file is first read, not with the page.
      const [{ parseBulkCsv }, loaded] = await Promise.all([
        import('@/lib/payments/csv/parse'),
        loadRowTools(),
      ]);
      setTools(loaded);
      const result = await parseBulkCsv(input, {
        product,
        chunkSize: 64 * 1024,
        yieldBetweenChunks: true,
        onProgress: setProgress,
      });
      setImportInfo({ result });
      if (result.fileErrors.length === 0) setRows(result.rows);
      setRowsTouched(true);
    } finally {
      setProgress(null);
    }
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRowsTouched(true);
    setValue(
      'payment.payments',
      rows.flatMap((row) => (row.element ? [row.element] : [])),
    );
    const rowsOk = rows.length > 0 && badRows.length === 0;
    await handleSubmit(
      (values) => {
        if (!rowsOk) return focusFirstBadRow();
        return submit(() => initiateBulkPaymentAction(values));
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

  function focusFirstBadRow() {
    const first = badRows[0];
    if (first) table.current?.focusCell(first.index, first.issue.column);
    else requestFocus();
  }

  const columnName = (column: BulkColumn | null) => t(`bulk.column.${column ?? 'file'}`);
  const rowsMessage =
    rowsTouched && submitCount > 0 && rows.length === 0
      ? translate(issueMessage('validation.bulk.empty'))
      : undefined;

  return (
    <PaymentForm
      form={form}
      onSubmit={onSubmit}
      busy={progress !== null}
      className="space-y-6"
      summaryExtra={
        badRows.length > 0 ? (
          <p className="mt-2">
            {t('bulk.errorsCount', { count: badRows.length })}.{' '}
            <button type="button" className="underline" onClick={focusFirstBadRow}>
              {t('bulk.fixRows', { row: (badRows[0]?.index ?? 0) + 1 })}
            </button>
          </p>
        ) : rowsMessage ? (
          <p className="mt-2">{rowsMessage}</p>
        ) : undefined
      }
    >
      <section aria-labelledby="bulk-parent" className="space-y-5">
        <h2 id="bulk-parent" className="text-lg font-medium">
          {t('bulk.parent')}
        </h2>
        <ProductField
          value={product}
          onChange={(next) => {
            setProduct(next);
            setRows((current) => current.map((row, i) => revalidate(row.cells, i, next)));
          }}
        />
        <AccountField name="payment.debtorAccount" label={t('fields.debtorAccount')} />
        <PaymentInformationIdField />
        <DateField
          name="payment.requestedExecutionDate"
          label={t('fields.requestedExecutionDate')}
          hint={t('fields.requestedExecutionDateHint')}
        />
        <CheckboxField
          name="payment.batchBookingPreferred"
          label={t('bulk.batchBookingPreferred')}
          hint={t('bulk.batchBookingHint')}
        />
        <MoreDetails>
          <AccountField name="payment.chargesAccount" label={t('fields.chargesAccount')} />
        </MoreDetails>
      </section>

      <section aria-labelledby="bulk-payments" className="space-y-4">
        <h2 id="bulk-payments" className="text-lg font-medium">
          {t('bulk.payments')}
        </h2>
        <div className="space-y-3 rounded border border-slate-300 bg-white p-4">
          <div className="flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor="bulk-csv-file" className="mb-1 block text-sm font-medium">
                {t('bulk.import')}
              </label>
              <input
                id="bulk-csv-file"
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-describedby="bulk-csv-hint"
                className="text-sm"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void importCsv(file);
                  event.target.value = '';
                }}
              />
            </div>
            <a
              href={TEMPLATE_HREF}
              download="greidsla-bulk-template.csv"
              className="text-brand-700 underline"
            >
              {t('bulk.template')}
            </a>
          </div>
          <p id="bulk-csv-hint" className="text-xs text-slate-600">
            {t('bulk.importHint', { max: MAX_BULK_PAYMENTS })}
          </p>
          <details>
            <summary className="cursor-pointer text-sm">{t('bulk.paste')}</summary>
            <div className="mt-2 space-y-2">
              <label htmlFor="bulk-csv-paste" className="sr-only">
                {t('bulk.paste')}
              </label>
              <textarea
                id="bulk-csv-paste"
                rows={5}
                className="w-full rounded border border-slate-300 p-2 font-mono text-xs"
                value={pasted}
                onChange={(event) => setPasted(event.target.value)}
              />
              <Button type="button" variant="secondary" onClick={() => void importCsv(pasted)}>
                {t('bulk.pasteImport')}
              </Button>
            </div>
          </details>
          <div role="status" aria-live="polite" className="text-sm">
            {progress !== null && (
              <div className="space-y-1">
                <span>{t('bulk.reading')}</span>
                <progress className="block w-full" max={1} value={progress} aria-label={t('bulk.reading')} />
              </div>
            )}
            {importInfo && progress === null && (
              <div className="space-y-1">
                {importInfo.result.fileErrors.map((issue) => (
                  <p key={issue.message} className="text-red-700">
                    {translate(issue.message)}
                  </p>
                ))}
                {importInfo.result.fileErrors.length === 0 && (
                  <p>
                    {t('bulk.imported', {
                      count: importInfo.result.rows.length,
                      errors: importInfo.result.errors.length,
                    })}
                  </p>
                )}
                {importInfo.result.ignoredHeaders.length > 0 && (
                  <p>{t('bulk.ignoredHeaders', { headers: importInfo.result.ignoredHeaders.join(', ') })}</p>
                )}
              </div>
            )}
          </div>
        </div>

        {badRows.length > 0 && (
          <div className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            <h3 className="font-medium">{t('bulk.errorList')}</h3>
            <ul className="mt-1 space-y-1" data-testid="bulk-errors">
              {badRows.slice(0, MAX_LISTED_ERRORS).map(({ index, issue }) => (
                <li key={`${index}-${issue.column}-${issue.message}`}>
                  <button
                    type="button"
                    className="text-left underline"
                    onClick={() => table.current?.focusCell(index, issue.column)}
                  >
                    {t('bulk.rowErrors', {
                      row: index + 1,
                      column: columnName(issue.column),
                      message: translate(issue.message) ?? '',
                    })}
                  </button>
                </li>
              ))}
            </ul>
            {badRows.length > MAX_LISTED_ERRORS && (
              <p>{t('bulk.moreErrors', { count: badRows.length - MAX_LISTED_ERRORS })}</p>
            )}
          </div>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            {t('bulk.paymentsCount', { count: rows.length })}
            {badRows.length > 0 && ` · ${t('bulk.errorsCount', { count: badRows.length })}`}
          </p>
          <Button type="button" variant="secondary" onClick={addRow}>
            {t('bulk.addRow')}
          </Button>
        </div>
        {rows.length > 0 && tools && (
          <tools.BulkTable
            rows={rows}
            handle={table}
            onCellChange={changeCell}
            onRemove={removeRow}
            onEdit={(index) => setEditing(index)}
          />
        )}
        {rowsMessage && <p className="text-sm text-red-700">{rowsMessage}</p>}

        {editing !== null && rows[editing] && (
          <fieldset
            className="space-y-3 rounded border border-slate-300 bg-white p-4"
            data-testid="bulk-row-editor"
          >
            <legend className="px-1 font-medium">
              {t('bulk.row')} {editing + 1}
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {BULK_COLUMNS.map((column) => {
                const row = rows[editing];
                const error = row?.errors.find((e) => e.column === column);
                const warning = row?.warnings.find((w) => w.column === column);
                return (
                  <TextField
                    key={column}
                    label={t(`bulk.column.${column}`)}
                    value={row?.cells[column] ?? ''}
                    error={error ? translate(error.message) : undefined}
                    hint={warning ? translate(warning.message) : undefined}
                    onChange={(event) => changeCell(editing, column, event.target.value)}
                    autoComplete="off"
                  />
                );
              })}
            </div>
            <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
              {t('bulk.closeRow')}
            </Button>
          </fieldset>
        )}

        {totals.length > 0 && (
          <div className="rounded border border-slate-300 bg-white p-4" data-testid="bulk-totals">
            <h3 className="font-medium">{t('bulk.totals')}</h3>
            <ul className="mt-1 text-sm tabular-nums">
              {totals.map((total) => (
                <li key={total.currency} data-currency={total.currency} data-amount={total.amount}>
                  {t('bulk.totalLine', {
                    amount: formatAmount(total.amount, total.currency, locale),
                    count: total.count,
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </PaymentForm>
  );
}
