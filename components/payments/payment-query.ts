import { queryOptions } from '@tanstack/react-query';
import type { PaymentView } from '@/lib/payments/view';

/**
 * The payment's live view, asked of our server (which reads the bank) as often as the status model
 * says for the payment's status (`refreshEveryMs`, lib/payments/status.ts): never once it is final.
 */
export const paymentQuery = (id: string, initialData?: PaymentView) =>
  queryOptions({
    queryKey: ['payment', id],
    queryFn: async (): Promise<PaymentView> => {
      const response = await fetch(`/api/payments/${id}`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`payment read failed: ${response.status}`);
      return response.json();
    },
    initialData,
    refetchInterval: (query) => query.state.data?.refreshEveryMs ?? false,
  });
