'use client';

import { useLocale, useTranslations } from 'next-intl';
import { withShownNumbers } from '@/lib/format';
import { localeOrDefault } from '@/lib/i18n/routing';
import type { BulkColumn } from '@/lib/payments/csv/columns';
import type { BadRow } from './bulk-rows';
import { useFieldMessage } from './messages';

const MAX_LISTED_ERRORS = 20;

/** The bad cells of the bulk, each a link to its cell in the table; the first 20 of them. */
export function BulkRowErrors({
  badRows,
  onFocusCell,
}: {
  badRows: BadRow[];
  onFocusCell: (index: number, column: BulkColumn | null) => void;
}) {
  const t = useTranslations('forms');
  const translate = useFieldMessage();
  const locale = localeOrDefault(useLocale());
  if (badRows.length === 0) return null;
  return (
    <div className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <h3 className="font-medium">{t('bulk.errorList')}</h3>
      <ul className="mt-1 space-y-1" data-testid="bulk-errors">
        {badRows.slice(0, MAX_LISTED_ERRORS).map(({ index, issue }) => (
          <li key={`${index}-${issue.column}-${issue.message}`}>
            <button
              type="button"
              className="text-left underline"
              onClick={() => onFocusCell(index, issue.column)}
            >
              {t('bulk.rowErrors', {
                row: index + 1,
                column: t(`bulk.column.${issue.column ?? 'file'}`),
                message: translate(issue.message) ?? '',
              })}
            </button>
          </li>
        ))}
      </ul>
      {badRows.length > MAX_LISTED_ERRORS && (
        <p>{t('bulk.moreErrors', withShownNumbers({ count: badRows.length - MAX_LISTED_ERRORS }, locale))}</p>
      )}
    </div>
  );
}
