// GET /api/payments/export/excel: the signed-in PSU's payments matching the list's filters, as CSV for
// Excel in an Icelandic locale (lib/payments/export-excel-csv.ts).
import { paymentsExcelCsv } from '@/lib/payments/export-excel-csv';
import { csvDownload } from '../csv-download';

export const GET = csvDownload(paymentsExcelCsv, (locale) =>
  locale === 'is' ? 'greidslur-excel.csv' : 'payments-excel.csv',
);
