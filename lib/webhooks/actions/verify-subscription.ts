'use server';

import { z } from 'zod';
import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import { type VerifyResult, verifySubscription as verify } from '../manage';
import { currentOperatorId } from '../operator';
import type { ActionFailure } from './result';

export async function verifySubscription(
  subscriptionId: unknown,
): Promise<{ ok: true; result: VerifyResult } | ActionFailure> {
  return inActionRequest(async () => {
    if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
    const id = z.uuid().safeParse(subscriptionId);
    if (!id.success) return { ok: false, reason: 'invalidInput' };
    return verify(await getDb(), id.data);
  });
}
