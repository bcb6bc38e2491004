// GET /api/payments/:id/oauth: where the bank's OAuth server sends the PSU back with a code
// (the scaOAuth approach); the code is exchanged for the access token that confirms the authorisation.
import { type NextRequest, NextResponse } from 'next/server';
import { returnFromBank } from '@/lib/payments/bank-return';
import { isPathParam } from '@/lib/security/path-params';
import { withRequestId } from '@/lib/security/request-context';

export const GET = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params;
    if (!isPathParam('paymentId', id)) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    const next = await returnFromBank('oauth', {
      paymentId: id,
      url: request.nextUrl,
      headers: request.headers,
    });
    return NextResponse.redirect(next, 303);
  },
);
