// GET /api/operations/stuck: the operators' list of stuck payments (of one reason where asked), as CSV in the
// language asked for (`locale`, Icelandic otherwise).
import { type NextRequest, NextResponse } from 'next/server';
import { isOperatorPsu } from '@/lib/auth/operator';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { parseStuckReason, stuckCsv, stuckCsvRows } from '@/lib/observability/stuck-payments';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(async (request: NextRequest) => {
  const psuId = await currentPsuId();
  if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
  // A PSU who is not an operator learns nothing, not even that the list exists: as the page would, 404.
  if (!(await isOperatorPsu(psuId))) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  const asked = Object.fromEntries(request.nextUrl.searchParams);
  const rows = await stuckCsvRows(await getDb(), parseStuckReason(asked));
  return new NextResponse(stuckCsv(rows, localeOrDefault(asked.locale)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="stuck-payments.csv"',
      'Cache-Control': 'no-store',
    },
  });
});
