'use server';

import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import { createSubscription as create } from '../manage';
import { currentOperatorId } from '../operator';
import { createSubscriptionSchema } from '../subscription-forms';
import type { ActionFailure } from './result';

/** Creates a subscription; the signing secret comes back this once, for the operator to keep. */
export async function createSubscription(
  input: unknown,
): Promise<{ ok: true; subscriptionId: string; signingSecret: string } | ActionFailure> {
  return inActionRequest(async () => {
    if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
    const parsed = createSubscriptionSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalidInput' };
    return create(await getDb(), parsed.data);
  });
}
