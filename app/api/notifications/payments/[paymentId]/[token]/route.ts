// POST /api/notifications/payments/:paymentId/:token: the bank's payment status notifications (TPP-Notification-URI).
import { type NextRequest, NextResponse } from 'next/server';
import { acceptPaymentNotification, maxNotificationBytes } from '@/lib/payments/notifications';
import { textUpTo } from '@/lib/security/capped-body';
import { isPathParam } from '@/lib/security/path-params';
import { withRequestId } from '@/lib/security/request-context';

// The notification is recorded and answered at once; the status itself is re-read from the bank
// afterwards, as the notification is only a signal.
export const POST = withRequestId(
  async (request: NextRequest, { params }: { params: Promise<{ paymentId: string; token: string }> }) => {
    const { paymentId, token } = await params;
    if (!isPathParam('paymentId', paymentId) || !isPathParam('notificationToken', token))
      return NextResponse.json({ error: 'not_found' }, { status: 404 });
    // A body past a notification's size is no Lean Push body: not read on, and the signal kept without it.
    const rawBody = (await textUpTo(request, maxNotificationBytes)) ?? '';
    const requestId = request.headers.get('X-Request-ID');
    const outcome = await acceptPaymentNotification({ paymentId, token, rawBody, requestId });
    if (!outcome.ok) return NextResponse.json({ error: 'not_found' }, { status: 404 });
    // Lean Push: 200 with no body, echoing the X-Request-ID.
    return new NextResponse(null, { status: 200, headers: requestId ? { 'X-Request-ID': requestId } : {} });
  },
);
