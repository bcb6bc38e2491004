// GET /api/payments/:id: the signed-in PSU's payment with its status history, for the live page.
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { mayConfirmNextStep } from '@/lib/payments/sca';
import { readOwnPaymentFromBank } from '@/lib/payments/sync';
import { toPaymentView } from '@/lib/payments/view';
import { isPathParam } from '@/lib/security/path-params';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const psuId = await currentPsuId();
    if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
    const { id } = await params;
    if (!isPathParam('paymentId', id)) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const db = await getDb();
    const found = await readOwnPaymentFromBank(db, psuId, id, psuIpAddress(request.headers));
    if (!found) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const mayConfirmStraightThrough = await mayConfirmNextStep(db, found.payment);
    return NextResponse.json(toPaymentView(found.payment, found.events, { mayConfirmStraightThrough }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  },
);
