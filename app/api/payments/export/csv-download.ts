import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { type Db, getDb } from '@/lib/db';
import { type Locale, localeOrDefault } from '@/lib/i18n/routing';
import { type HistoryFilters, parseHistoryFilters } from '@/lib/payments/history-query';
import { withRequestId } from '@/lib/security/request-context';
import { csvResponse } from '../../csv-response';

/**
 * A GET route that answers the signed-in PSU's payments matching the list's filters as a CSV file of
 * `write`'s making, in the language of `?locale=` (Icelandic unless `en`), named by `filename`.
 */
export function csvDownload(
  write: (db: Db, psuId: string, filters: HistoryFilters, locale: Locale) => Promise<string>,
  filename: (locale: Locale) => string,
) {
  return withRequestId(async (request: NextRequest) => {
    const psuId = await currentPsuId();
    if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
    const { filters, invalid } = parseHistoryFilters(Object.fromEntries(request.nextUrl.searchParams));
    // The pages link only to valid filters; anything else was written by hand, and is refused.
    if (invalid.length > 0) {
      return NextResponse.json({ error: 'invalid_filters', fields: invalid }, { status: 400 });
    }
    const locale = localeOrDefault(request.nextUrl.searchParams.get('locale'));
    const csv = await write(await getDb(), psuId, filters, locale);
    return csvResponse(csv, filename(locale));
  });
}
