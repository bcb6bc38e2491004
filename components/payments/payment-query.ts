import type { LiveQuery } from '@/components/live/live-query';
import { BACKGROUND_READ_HEADER } from '@/lib/auth/background-read';
import type { PaymentView } from '@/lib/payments/view';

/**
 * The payment's live view, asked of our server (which reads the bank) as often as the status model
 * says for the payment's status (`refreshEveryMs`, lib/payments/status.ts): never once it is final.
 */
export const paymentLive = (id: string): LiveQuery<PaymentView> => ({
  key: ['payment', id],
  read: async () => {
    // Asked again by itself: no sign of the PSU at the keyboard, so it keeps no session alive.
    const response = await fetch(`/api/payments/${id}`, {
      cache: 'no-store',
      headers: { [BACKGROUND_READ_HEADER]: '1' },
    });
    if (!response.ok) throw new Error(`payment read failed: ${response.status}`);
    return response.json();
  },
  every: (data) => data.refreshEveryMs ?? false,
});
