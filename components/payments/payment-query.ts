import type { LiveQuery } from '@/components/live/live-query';
import type { PaymentView } from '@/lib/payments/view';

/**
 * The payment's live view, asked of our server (which reads the bank) as often as the status model
 * says for the payment's status (`refreshEveryMs`, lib/payments/status.ts): never once it is final.
 */
export const paymentLive = (id: string): LiveQuery<PaymentView> => ({
  key: ['payment', id],
  read: async () => {
    const response = await fetch(`/api/payments/${id}`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`payment read failed: ${response.status}`);
    return response.json();
  },
  every: (data) => data.refreshEveryMs ?? false,
});
