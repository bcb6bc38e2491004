// GET /api/payments/export/excel: the signed-in PSU's payments matching the list's filters, as CSV for
// Excel in an Icelandic locale (lib/payments/export-excel-csv.ts).
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { paymentsExcelCsv } from '@/lib/payments/export-excel-csv';
import { parseHistoryFilters } from '@/lib/payments/history-query';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(async (request: NextRequest) => {
  const psuId = await currentPsuId();
  if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
  const { filters, invalid } = parseHistoryFilters(Object.fromEntries(request.nextUrl.searchParams));
  // The export page only links to valid filters; anything else was written by hand, and is refused.
  if (invalid.length > 0) {
    return NextResponse.json({ error: 'invalid_filters', fields: invalid }, { status: 400 });
  }
  const locale = request.nextUrl.searchParams.get('locale') === 'en' ? 'en' : 'is';
  const csv = await paymentsExcelCsv(await getDb(), psuId, filters, locale);
  return new NextResponse(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${locale === 'is' ? 'greidslur' : 'payments'}-excel.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});
