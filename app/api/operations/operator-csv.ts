import { type NextRequest, NextResponse } from 'next/server';
import { isOperatorPsu } from '@/lib/auth/operator';
import { currentPsuId } from '@/lib/auth/session';
import { withRequestId } from '@/lib/security/request-context';

/**
 * A GET route of the operator pages that answers a CSV file of `write`'s making (or `write`'s own refusal) to an
 * operator; 401 to a visitor who is not signed in. A PSU who is not an operator learns nothing, not even that the
 * file exists: as the page would, 404.
 */
export function operatorCsv(write: (asked: Record<string, string>) => Promise<NextResponse>) {
  return withRequestId(async (request: NextRequest) => {
    const psuId = await currentPsuId();
    if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
    if (!(await isOperatorPsu(psuId))) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    return write(Object.fromEntries(request.nextUrl.searchParams));
  });
}
