'use client';

import { Live } from '@/components/live/live';
import type { LiveQuery } from '@/components/live/live-query';
import { readBillsAction } from '@/lib/bills/actions/read-bills';
import { awaitingEvent, type BillView } from '@/lib/bills/bill-view';

// A bill being paid is read again every two seconds until the bank's event marks it paid; after
// about five minutes (a partial payment leaves it open for good) the page stops asking.
const maxPolls = 150;

const billsLive: LiveQuery<BillView[]> = {
  key: ['bills'],
  read: async () => {
    const result = await readBillsAction(undefined);
    return result.ok ? result.data : [];
  },
  every: (bills, reads) => (awaitingEvent(bills) && reads < maxPolls ? 2_000 : false),
};

/** Keeps the bills the server drew current, as the app knows them (no bank is asked): it draws nothing itself. */
export function BillsLive({ shown }: { shown: BillView[] }) {
  return <Live shown={shown} query={billsLive} />;
}
