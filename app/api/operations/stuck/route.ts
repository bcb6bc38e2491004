// GET /api/operations/stuck: the operators' list of stuck payments (of one reason where asked), as CSV in the
// language asked for (`locale`, Icelandic otherwise).
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { parseStuckReason, stuckCsv, stuckCsvRows } from '@/lib/observability/stuck-payments';
import { csvResponse } from '../../csv-response';
import { operatorCsv } from '../operator-csv';

export const GET = operatorCsv(async (asked) => {
  const rows = await stuckCsvRows(await getDb(), parseStuckReason(asked));
  return csvResponse(stuckCsv(rows, localeOrDefault(asked.locale)), 'stuck-payments.csv');
});
