'use client';

import { useEffect, useState } from 'react';
import { deferImport } from '@/lib/forms/deferred-import';
import type { ClosedDay, IsoDate } from '@/lib/payments/calendar';

// The bank holidays come with the calendar (date-fns), loaded once a day is typed, not with the page.
const loadCalendar = deferImport(() => import('@/lib/payments/calendar'));

export interface ClosedDayAhead {
  closed: ClosedDay;
  /** The banking day after it, when banks usually pay a payment asked for on a closed day. */
  nextBankingDay: IsoDate;
}

/** Why banks pay nothing on `date` (a weekend day, a bank holiday) and the next day they do; undefined on a banking day. */
export function useClosedDay(date: IsoDate | undefined): ClosedDayAhead | undefined {
  const [known, setKnown] = useState<{ date: IsoDate; ahead: ClosedDayAhead | undefined }>();
  useEffect(() => {
    if (!date) return;
    let current = true;
    loadCalendar()
      .then(({ closedDayOf, adjustToBankingDay }) => {
        const closed = closedDayOf(date);
        if (current)
          setKnown({
            date,
            ahead: closed && { closed, nextBankingDay: adjustToBankingDay(date, 'following') },
          });
      })
      // Without the calendar (the network), the day is shown without its note.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [date]);
  return date && known?.date === date ? known.ahead : undefined;
}
