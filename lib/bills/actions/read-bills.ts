'use server';

import { currentPsuId } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import type { BillView } from '../bill-view';
import { billViews, payorIdOf } from '../view';

/**
 * The signed-in PSU's bills as this app knows them now, without asking the bank: a bill turns paid
 * here when the job has applied the bank's `claim.paid` event. The bills page polls this.
 */
export async function readBills(): Promise<BillView[] | null> {
  return inActionRequest(async () => {
    const psuId = await currentPsuId();
    if (!psuId) return null;
    const db = await getDb();
    const payorId = await payorIdOf(psuId, db);
    return payorId ? billViews(db, psuId, payorId) : [];
  });
}
