'use server';

import { z } from 'zod';
import { getDb } from '@/lib/db';
import { cancelSubscription } from '../manage';
import { currentOperatorId } from '../operator';
import type { ActionFailure } from './result';

/** Cancels the subscription at the bank; its received events stay in the history. */
export async function deleteSubscription(subscriptionId: unknown): Promise<{ ok: true } | ActionFailure> {
  if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
  const id = z.uuid().safeParse(subscriptionId);
  if (!id.success) return { ok: false, reason: 'invalidInput' };
  return cancelSubscription(await getDb(), id.data);
}
