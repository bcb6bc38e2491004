// POST /api/webhooks/bank-events/:subscriptionId: signed, encrypted event deliveries from the bank's webhooks service.
import { type NextRequest, NextResponse } from 'next/server';
import { textUpTo } from '@/lib/security/capped-body';
import { isPathParam } from '@/lib/security/path-params';
import {
  acceptDelivery,
  deliveryHttpStatus,
  maxDeliveryBytes,
  oversizedDelivery,
} from '@/lib/webhooks/intake';
import { signatureHeaderName } from '@/lib/webhooks/signature';

// We answer as soon as the event is stored and leave the processing to a job: the bank counts a
// slow answer as a failed delivery.
export async function POST(
  request: NextRequest,
  { params }: { params: Promise<{ subscriptionId: string }> },
) {
  const { subscriptionId } = await params;
  // Not one of our subscriptions' ids: answered as an unknown subscription is (lib/webhooks/intake.ts).
  if (!isPathParam('subscriptionId', subscriptionId))
    return NextResponse.json(
      { error: 'unknown_subscription' },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    );
  // The raw text, read once: the signature covers these exact bytes. A body past the limit is not read on.
  const rawBody = await textUpTo(request, maxDeliveryBytes);
  const requestId = request.headers.get('X-Request-ID');
  const outcome =
    rawBody === undefined
      ? oversizedDelivery({ subscriptionId, requestId })
      : await acceptDelivery({
          subscriptionId,
          rawBody,
          signatureHeader: request.headers.get(signatureHeaderName),
          requestId,
        });
  const body = outcome.ok ? { status: outcome.status, eventId: outcome.eventId } : { error: outcome.reason };
  return NextResponse.json(body, {
    status: deliveryHttpStatus(outcome),
    headers: { 'Cache-Control': 'no-store' },
  });
}
