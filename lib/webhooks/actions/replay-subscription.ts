'use server';

import { z } from 'zod';
import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import { replaySubscription as replay } from '../manage';
import { currentOperatorId } from '../operator';
import type { ActionFailure } from './result';

export async function replaySubscription(
  subscriptionId: unknown,
): Promise<{ ok: true; result: 'replayed' | 'disabled' | 'not_found'; count: number } | ActionFailure> {
  return inActionRequest(async () => {
    if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
    const id = z.uuid().safeParse(subscriptionId);
    if (!id.success) return { ok: false, reason: 'invalidInput' };
    return replay(await getDb(), id.data);
  });
}
