'use client';

import { useEffect } from 'react';
import { markStatusSeenAction } from '@/lib/notices/actions/mark-status-seen';

/**
 * Marks the status changes on this page seen once the PSU has the page in front of them (a
 * prefetch never runs this), so that their next visit shows only what changed after.
 */
export function MarkStatusSeen({ upTo }: { upTo: number }) {
  useEffect(() => {
    // Bookkeeping the PSU never waits for: if it fails (the network, a navigation under way), these changes
    // are shown again on the next visit, and nothing is lost; it must not become an uncaught error of the page.
    markStatusSeenAction({ upTo }).catch(() => {});
  }, [upTo]);
  return null;
}
