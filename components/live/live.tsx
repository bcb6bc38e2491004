'use client';

// The router as next/link reads it: null outside Next's app router (a page rendered on its own, as a unit test
// does), where there is no page to draw again.
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { lazy, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import type { LiveQuery } from './live-query';

// TanStack Query, which does the polling, loads when the first read is due (or the PSU comes back to the
// window), not with the page: a payment that is final, or bills with none being paid, never load it.
// (React's own lazy: the poller is never drawn on the server, and next/dynamic would add its loader to the page.)
const LivePoller = lazy(() => import('./live-poller'));

/**
 * Keeps a part of a page that the server drew from `shown` current: reads `query` as `query.every` says, from
 * the first time it says so, and when the PSU comes back to the window; once a reading differs from what is
 * shown, the server draws the page again, and this follows the new `shown` from there. Draws nothing itself, so
 * the part it follows carries no script of its own (nor the translations its words come from).
 */
export function Live<T>({ shown, query }: { shown: T; query: LiveQuery<T> }) {
  const router = useContext(AppRouterContext);
  const [polling, setPolling] = useState(false);
  const firstDue = polling ? false : query.every(shown, 0);
  // Until it polls: from the first reading's time, if one is due, or from the PSU's return to the window.
  useEffect(() => {
    if (polling) return;
    const start = () => setPolling(true);
    const timer = firstDue === false ? undefined : setTimeout(start, firstDue);
    window.addEventListener('focus', start);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', start);
    };
  }, [polling, firstDue]);
  const drawn = JSON.stringify(shown);
  const onData = useCallback(
    (data: unknown) => {
      if (JSON.stringify(data) !== drawn) router?.refresh();
    },
    [drawn, router],
  );
  return polling ? (
    <Suspense fallback={null}>
      <LivePoller query={query as LiveQuery<unknown>} shown={shown} onData={onData} />
    </Suspense>
  ) : null;
}
