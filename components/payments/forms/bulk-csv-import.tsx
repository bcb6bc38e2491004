'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format/amount';
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
  // A file chosen before the page's scripts ran is read once they have, as one chosen after.
  const fileInput = useRef<HTMLInputElement>(null);
  const importOnce = useRef(onImport);
  importOnce.current = onImport;
  useEffect(() => {
    const input = fileInput.current;
    const file = input?.files?.[0];
    if (!input || !file) return;
    importOnce.current(file);
    input.value = '';
  }, []);
  return (
    <div className="space-y-3 rounded border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="bulk-csv-file" className="mb-1 block text-sm font-medium">
            {t('bulk.import')}
          </label>
          <input
            ref={fileInput}
            id="bulk-csv-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby="bulk-csv-hint"
            className="text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onImport(file);
              event.target.value = '';
            }}
          />
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
                {t('bulk.imported', {
                  count: imported.rows.length,
                  errors: imported.errors.length,
                })}
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
