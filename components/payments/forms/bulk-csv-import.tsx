'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { formatNumber, withShownNumbers } from '@/lib/format/number';
import type { BulkCsvResult } from '@/lib/payments/csv/parse';
import { bulkCsvTemplate } from '@/lib/payments/csv/template';
import { MAX_BULK_PAYMENTS } from '@/lib/payments/schemas/limits';
import { useFieldMessage, useFormLocale } from './messages';

const templateHref = (locale: 'is' | 'en') =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(bulkCsvTemplate(locale))}`;

/** Payments read from a CSV file or pasted text, with the template, the progress and what was read. */
export function BulkCsvImport({
  progress,
  imported,
  onImport,
}: {
  progress: number | null;
  imported: BulkCsvResult | null;
  onImport: (input: string | File) => void;
}) {
  const t = useTranslations('forms');
  const translate = useFieldMessage();
  const locale = useFormLocale();
  const [pasted, setPasted] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  // A file chosen before the page's scripts ran is read once they have, as one chosen after.
  const fileInput = useRef<HTMLInputElement>(null);
  const importOnce = useRef(onImport);
  importOnce.current = onImport;
  useEffect(() => {
    const input = fileInput.current;
    const file = input?.files?.[0];
    if (!input || !file) return;
    setFileName(file.name);
    importOnce.current(file);
    input.value = '';
  }, []);
  return (
    <div className="space-y-3 rounded border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <span id="bulk-csv-label" className="mb-1 block text-sm font-medium">
            {t('bulk.import')}
          </span>
          {/* The browser's own file button speaks the browser's language ("Choose File", "No file chosen"), not
              the page's: it is kept for the keyboard and screen readers, and shown as our own words. */}
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
              id="bulk-csv-file"
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-labelledby="bulk-csv-label"
              aria-describedby="bulk-csv-chosen bulk-csv-hint"
              className="peer sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) {
                  setFileName(file.name);
                  onImport(file);
                }
                event.target.value = '';
              }}
            />
            <label
              htmlFor="bulk-csv-file"
              className={`${buttonClass('secondary')} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700`}
            >
              {t('bulk.chooseFile')}
            </label>
            <span id="bulk-csv-chosen" className="text-sm text-slate-700">
              {fileName ?? t('bulk.noFile')}
            </span>
          </div>
        </div>
        <a
          href={templateHref(locale)}
          download="greidsla-bulk-template.csv"
          className="text-brand-700 underline"
        >
          {t('bulk.template')}
        </a>
      </div>
      <p id="bulk-csv-hint" className="text-xs text-slate-600">
        {t('bulk.importHint', { maxShown: formatNumber(String(MAX_BULK_PAYMENTS), locale) })}
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
          <Button type="button" variant="secondary" onClick={() => onImport(pasted)}>
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
        {imported && progress === null && (
          <div className="space-y-1">
            {imported.fileErrors.map((issue) => (
              <p key={issue.message} className="text-red-700">
                {translate(issue.message)}
              </p>
            ))}
            {imported.fileErrors.length === 0 && (
              <p>
                {t(
                  'bulk.imported',
                  withShownNumbers({ count: imported.rows.length, errors: imported.errors.length }, locale),
                )}
              </p>
            )}
            {imported.ignoredHeaders.length > 0 && (
              <p>{t('bulk.ignoredHeaders', { headers: imported.ignoredHeaders.join(', ') })}</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
