'use server';

import { z } from 'zod';
import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import { cancelSubscription } from '../manage';
import { currentOperatorId } from '../operator';
import type { ActionFailure } from './result';

/** Cancels the subscription at the bank; its received events stay in the history. */
export async function deleteSubscription(subscriptionId: unknown): Promise<{ ok: true } | ActionFailure> {
  return inActionRequest(async () => {
    if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
    const id = z.uuid().safeParse(subscriptionId);
    if (!id.success) return { ok: false, reason: 'invalidInput' };
    return cancelSubscription(await getDb(), id.data);
  });
}
