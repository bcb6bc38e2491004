'use server';

import { z } from 'zod';
import { psuAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { billViews, payorIdOf } from '../view';

/**
 * The signed-in PSU's bills as this app knows them now, without asking the bank: a bill turns paid
 * here when the job has applied the bank's `claim.paid` event. The bills page polls this.
 */
export const readBillsAction = psuAction.schema(z.undefined()).action(async ({ ctx }) => {
  const db = await getDb();
  const payorId = await payorIdOf(ctx.psuId, db);
  return success(payorId ? await billViews(db, ctx.psuId, payorId) : []);
});
