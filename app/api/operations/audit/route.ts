// GET /api/operations/audit: the audit trail of bank calls matching the operator page's filters, as CSV.
import { type NextRequest, NextResponse } from 'next/server';
import { isOperatorPsu } from '@/lib/auth/operator';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { AUDIT_CSV_ROWS, auditCsv, auditTrail, parseAuditQuery } from '@/lib/observability/audit-trail';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(async (request: NextRequest) => {
  const psuId = await currentPsuId();
  if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
  // A PSU who is not an operator learns nothing, not even that the trail exists: as a page would, 404.
  if (!(await isOperatorPsu(psuId))) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  const { query, invalid } = parseAuditQuery(Object.fromEntries(request.nextUrl.searchParams));
  if (invalid.length > 0) {
    return NextResponse.json({ error: 'invalid_filters', fields: invalid }, { status: 400 });
  }
  const rows = await auditTrail(await getDb(), query, AUDIT_CSV_ROWS);
  return new NextResponse(auditCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="bank-calls.csv"',
      'Cache-Control': 'no-store',
    },
  });
});
