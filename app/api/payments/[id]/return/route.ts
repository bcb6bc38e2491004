// GET /api/payments/:id/return: where the bank sends the PSU back after SCA (TPP-Redirect-URI and
// TPP-Nok-Redirect-URI), with a `confirmationCode` where the bank asks us to confirm the authorisation.
import { type NextRequest, NextResponse } from 'next/server';
import { returnFromBank } from '@/lib/payments/bank-return';
import { isPathParam } from '@/lib/security/path-params';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    if (!isPathParam('paymentId', id)) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const next = await returnFromBank('redirect', {
      paymentId: id,
      url: request.nextUrl,
      headers: request.headers,
    });
    return NextResponse.redirect(next, 303);
  },
);
