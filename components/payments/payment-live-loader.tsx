'use client';

import dynamic from 'next/dynamic';

/**
 * A payment's live view, loaded with a payment to show rather than with the route: an address under
 * /payments/ that is no payment of the PSU's renders the not-found page without the view and TanStack
 * Query. When there is a payment, the server renders the view and its script is preloaded with the page.
 */
export const PaymentLiveLoader = dynamic(() => import('./payment-live').then((module) => module.PaymentLive));
