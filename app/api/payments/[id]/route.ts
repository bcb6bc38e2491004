// GET /api/payments/:id: the signed-in PSU's payment with its status history, for the live page.
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { findOwnPayment, paymentTimeline } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { needsSync, refreshFromBank } from '@/lib/payments/sync';
import { toPaymentView } from '@/lib/payments/view';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const psuId = await currentPsuId();
    if (!psuId) return NextResponse.json({ error: 'unauthenticated' }, { status: 401 });
    const { id } = await params;
    const db = await getDb();
    let payment = await findOwnPayment(db, psuId, id);
    if (!payment) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    if (needsSync(payment)) {
      await refreshFromBank(db, payment, 'poll', psuIpAddress(request.headers));
      payment = (await findOwnPayment(db, psuId, id)) ?? payment;
    }
    const events = await paymentTimeline(db, payment.id);
    return NextResponse.json(toPaymentView(payment, events), { headers: { 'Cache-Control': 'no-store' } });
  },
);
