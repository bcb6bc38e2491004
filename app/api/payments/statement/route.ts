// GET /api/payments/statement?from=YYYY-MM-DD&to=YYYY-MM-DD&locale=is: the signed-in PSU's payments
// statement for those days as a PDF (lib/payments/statement.ts).
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { parseHistoryFilters } from '@/lib/payments/history-query';
import { statementFor } from '@/lib/payments/statement';
import { statementPdf } from '@/lib/payments/statement-pdf';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(async (request: NextRequest) => {
  const psuId = await currentPsuId();
  if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
  const query = request.nextUrl.searchParams;
  const { filters } = parseHistoryFilters({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
  const { from, to } = filters;
  if (!from || !to || to < from) {
    return NextResponse.json({ error: 'invalid_period' }, { status: 400 });
  }
  const locale = localeOrDefault(query.get('locale'));
  const pdf = await statementPdf(await statementFor(await getDb(), psuId, { from, to }, locale));
  return new NextResponse(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${locale === 'is' ? 'yfirlit' : 'statement'}-${from}-${to}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
});
