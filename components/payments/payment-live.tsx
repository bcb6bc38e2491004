'use client';

import { useMemo } from 'react';
import { Live } from '@/components/live/live';
import { paymentLive } from '@/components/payments/payment-query';
import type { PaymentView } from '@/lib/payments/view';

/**
 * Keeps a payment's page current: reads the payment (and through it the bank) as often as its status says, and has
 * the server draw the page again once the payment has moved. Draws nothing itself.
 */
export function PaymentLive({ shown }: { shown: PaymentView }) {
  const query = useMemo(() => paymentLive(shown.id), [shown.id]);
  // Keyed by the payment: another payment's page starts from that payment's view.
  return <Live key={shown.id} shown={shown} query={query} />;
}
