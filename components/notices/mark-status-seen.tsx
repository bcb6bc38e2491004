'use client';

import { useEffect } from 'react';
import { markStatusSeenAction } from '@/lib/notices/actions/mark-status-seen';

/**
 * Marks the status changes on this page seen once the PSU has the page in front of them (a
 * prefetch never runs this), so that their next visit shows only what changed after.
 */
export function MarkStatusSeen({ upTo }: { upTo: number }) {
  useEffect(() => {
    void markStatusSeenAction({ upTo });
  }, [upTo]);
  return null;
}
