'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { readBillsAction } from '@/lib/bills/actions/read-bills';
import { awaitingEvent, type BillView } from '@/lib/bills/bill-view';

// A bill being paid is read again every two seconds until the bank's event marks it paid; after
// about five minutes (a partial payment leaves it open for good) the page stops asking.
const READ_EVERY_MS = 2_000;
const MAX_READS = 150;

/**
 * Keeps the bills the server drew current: while one of them is being paid, and whenever the PSU comes back to the
 * window, it reads the bills as the app knows them (no bank is asked) and, once they differ from those shown, has the
 * server draw the page again. A reading that fails changes nothing: the next is made as if it had not. Draws nothing.
 */
export function BillsFollower({ shown }: { shown: BillView[] }) {
  const router = useRouter();
  useEffect(() => {
    const drawn = JSON.stringify(shown);
    let reads = 0;
    let reading = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const readAgain = async () => {
      clearTimeout(timer);
      timer = undefined;
      if (reading || done) return;
      reading = true;
      reads += 1;
      const result = await readBillsAction(undefined).catch(() => undefined);
      reading = false;
      if (done) return;
      if (result?.ok && JSON.stringify(result.data) !== drawn) {
        done = true;
        router.refresh();
        return;
      }
      if (awaitingEvent(shown) && reads < MAX_READS) timer = setTimeout(readAgain, READ_EVERY_MS);
    };
    if (awaitingEvent(shown)) timer = setTimeout(readAgain, READ_EVERY_MS);
    const onFocus = () => void readAgain();
    window.addEventListener('focus', onFocus);
    return () => {
      done = true;
      clearTimeout(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [shown, router]);
  return null;
}
