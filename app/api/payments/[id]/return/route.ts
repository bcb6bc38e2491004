// GET /api/payments/:id/return: where the bank sends the PSU back after SCA (TPP-Redirect-URI and
// TPP-Nok-Redirect-URI), with a `confirmationCode` where the bank asks us to confirm the authorisation.
import { type NextRequest, NextResponse } from 'next/server';
import { currentPsuId } from '@/lib/auth/session';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { logger } from '@/lib/log';
import { findOwnPayment } from '@/lib/payments/history';
import { psuIpAddress } from '@/lib/payments/psu-request';
import { isValidReturnState } from '@/lib/payments/return-state';
import { confirmWithCode, isFinalScaStatus, scaStateOf, syncScaStatus } from '@/lib/payments/sca';
import { syncPaymentStatus } from '@/lib/payments/sync';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    const base = settings().APP_BASE_URL;
    const psuId = await currentPsuId();
    if (!psuId) {
      const returnTo = `${request.nextUrl.pathname}${request.nextUrl.search}`;
      return NextResponse.redirect(new URL(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`, base), 303);
    }
    const db = await getDb();
    const payment = await findOwnPayment(db, psuId, id);
    const state = request.nextUrl.searchParams.get('state') ?? '';
    if (!payment || !isValidReturnState(state, payment.id, psuId)) {
      logger.warn(
        { paymentId: id, known: Boolean(payment) },
        "return from the bank refused: not this PSU's payment or a bad state",
      );
      return NextResponse.redirect(new URL('/payments?return=invalid', base), 303);
    }
    const ip = psuIpAddress(request.headers);
    let outcome: 'ok' | 'nok' = request.nextUrl.searchParams.get('outcome') === 'ok' ? 'ok' : 'nok';
    const confirmationCode = request.nextUrl.searchParams.get('confirmationCode');
    const sca = scaStateOf(payment);
    if (confirmationCode && sca?.links.confirmation && !isFinalScaStatus(sca.scaStatus)) {
      // The bank asked for an authorisation confirmation (BG IG 5.1.2, 7.6.4): the authorisation is
      // finalised only once we PUT the code it sent the PSU back with to its `confirmation` link.
      if (!(await confirmWithCode(db, payment, confirmationCode, ip))) outcome = 'nok';
    } else {
      await syncScaStatus(db, payment, 'redirect', ip).catch((error: unknown) =>
        logger.warn(
          { paymentId: id, err: error instanceof Error ? error.message : error },
          'scaStatus read failed',
        ),
      );
    }
    await syncPaymentStatus(db, payment, 'redirect', ip);
    return NextResponse.redirect(
      new URL(`/${payment.uiLocale}/payments/${payment.id}?outcome=${outcome}`, base),
      303,
    );
  },
);
