// GET /api/payments/:id/oauth: where the bank's OAuth server sends the PSU back with a code
// (the scaOAuth approach); the code confirms the authorisation.
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { isValidReturnState } from '@/lib/payments/return-state';
import { confirmWithCode } from '@/lib/payments/sca';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    const base = settings().APP_BASE_URL;
    const query = request.nextUrl.searchParams;
    const psuId = await currentPsuId();
    if (!psuId) {
      const returnTo = `${request.nextUrl.pathname}${request.nextUrl.search}`;
      return NextResponse.redirect(new URL(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`, base), 303);
    }
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, id);
    if (!payment || !isValidReturnState(query.get('state') ?? '', payment.id, psuId)) {
      logger.warn({ paymentId: id }, 'OAuth return refused: not this PSU\u2019s payment or a bad state');
      return NextResponse.redirect(new URL('/payments?return=invalid', base), 303);
    }
    const ip = psuIpAddress(request.headers);
    const code = query.get('code');
    const outcome = code && (await confirmWithCode(db, payment, code, ip)) ? 'ok' : 'nok';
    await syncPaymentStatus(db, payment, 'redirect', ip);
    return NextResponse.redirect(
      new URL(`/${payment.uiLocale}/payments/${payment.id}?outcome=${outcome}`, base),
      303,
    );
  },
);
