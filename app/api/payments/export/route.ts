// GET /api/payments/export: the signed-in PSU's payments matching the list's filters, as CSV.
import { paymentsCsv } from '@/lib/payments/export-csv';
import { csvDownload } from './csv-download';

export const GET = csvDownload(paymentsCsv, () => 'payments.csv');
