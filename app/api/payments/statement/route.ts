// GET /api/payments/statement?from=15.11.2026&to=30.11.2026&locale=is: the signed-in PSU's payments statement
// for those days as a PDF (lib/payments/statement.ts); days as the export page's form takes them typed, or
// YYYY-MM-DD. A period that is not one goes back to that form, which says why.
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
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
  const typed = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  const { filters } = parseHistoryFilters(typed);
  const { from, to } = filters;
  const locale = localeOrDefault(query.get('locale'));
  if (!from || !to || to < from) {
    // Back to the form, with what was typed and why it was refused, in the PSU's words.
    const back = new URL(`/${locale}/payments/export`, settings().APP_BASE_URL);
    back.search = new URLSearchParams({
      // Two days that exist, the first after the last, are told so; anything else is not a period at all.
      period: from && to ? 'reversed' : 'invalid',
      statementFrom: typed.from,
      statementTo: typed.to,
    }).toString();
    return NextResponse.redirect(back, 303);
  }
  const pdf = await statementPdf(await statementFor(await getDb(), psuId, { from, to }, locale));
  return new NextResponse(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${locale === 'is' ? 'yfirlit' : 'statement'}-${from}-${to}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
});
