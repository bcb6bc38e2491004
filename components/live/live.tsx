'use client';

import dynamic from 'next/dynamic';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { LiveQuery } from './live-query';

// TanStack Query, which does the polling, loads when the first read is due (or the PSU asks for one), not
// with the page: a payment that is final, or bills with none being paid, never load it.
const LivePoller = dynamic(() => import('./live-poller'), { ssr: false });

/**
 * A part of a page drawn by the server from `initial` and kept current in the browser: read again as
 * `query.every` says, from the first time it says so, and at once on `refresh` (after the PSU acted on it)
 * or when the PSU comes back to the window.
 */
export function Live<T>({
  initial,
  query,
  children,
}: {
  initial: T;
  query: LiveQuery<T>;
  children: (data: T, refresh: () => void) => ReactNode;
}) {
  const [data, setData] = useState(initial);
  const [polling, setPolling] = useState(false);
  const [asked, setAsked] = useState(0);
  const firstDue = polling ? false : query.every(initial, 0);
  const refresh = useCallback(() => {
    setPolling(true);
    setAsked((count) => count + 1);
  }, []);
  useEffect(() => {
    if (firstDue === false) return;
    const timer = setTimeout(() => setPolling(true), firstDue);
    return () => clearTimeout(timer);
  }, [firstDue]);
  useEffect(() => {
    if (polling) return;
    const onFocus = () => setPolling(true);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [polling]);
  return (
    <>
      {polling && (
        <LivePoller
          query={query as LiveQuery<unknown>}
          shown={data}
          asked={asked}
          onData={setData as (data: unknown) => void}
        />
      )}
      {children(data, refresh)}
    </>
  );
}
