'use client';

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LiveQuery } from './live-query';

interface PollerProps {
  query: LiveQuery<unknown>;
  /** What the page shows as the poller starts: read again at once, and the reading to go by while none succeeds. */
  shown: unknown;
  onData: (data: unknown) => void;
}

/** Reads `query` at once, then as often as it says, handing each reading to `onData`. Draws nothing. */
export default function LivePoller(props: PollerProps) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 2_000, retry: 2 } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <Poll {...props} />
    </QueryClientProvider>
  );
}

function Poll({ query, shown, onData }: PollerProps) {
  // A reading that fails (the network, our server restarting) keeps the page asking as what it shows says: the
  // shown view is the query's data from the start, stale at once, so the first reading is made on mounting.
  const { data } = useQuery({
    queryKey: query.key,
    queryFn: query.read,
    initialData: shown,
    initialDataUpdatedAt: 0,
    refetchInterval: ({ state }) => query.every(state.data, state.dataUpdateCount),
  });
  useEffect(() => onData(data), [data, onData]);
  return null;
}
