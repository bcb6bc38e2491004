// GET /api/operations/audit: the audit trail of bank calls matching the operator page's filters, as CSV.
import { NextResponse } from 'next/server';
import { getDb } from '@/lib/db';
import { AUDIT_CSV_ROWS, auditCsv, auditTrail, parseAuditQuery } from '@/lib/observability/audit-trail';
import { csvResponse } from '../../csv-response';
import { operatorCsv } from '../operator-csv';

export const GET = operatorCsv(async (asked) => {
  const { query, invalid } = parseAuditQuery(asked);
  if (invalid.length > 0) {
    return NextResponse.json({ error: 'invalid_filters', fields: invalid }, { status: 400 });
  }
  const rows = await auditTrail(await getDb(), query, AUDIT_CSV_ROWS);
  return csvResponse(auditCsv(rows), 'bank-calls.csv');
});
