'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * TanStack Query for the pages that poll (a payment, the bills), around just their live part, so
 * that the other pages load without it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 2_000, retry: 2 } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
