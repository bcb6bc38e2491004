'use server';

import { getDb } from '@/lib/db';
import { inActionRequest } from '@/lib/security/request-context';
import { registerSubscription as register } from '../manage';
import { currentOperatorId } from '../operator';
import { registerSubscriptionSchema } from '../subscription-forms';
import type { ActionFailure } from './result';

/** Registers a subscription that exists at the bank, by its id and signing secret. */
export async function registerSubscription(
  input: unknown,
): Promise<{ ok: true; subscriptionId: string } | ActionFailure> {
  return inActionRequest(async () => {
    if (!(await currentOperatorId())) return { ok: false, reason: 'notOperator' };
    const parsed = registerSubscriptionSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: 'invalidInput' };
    return register(await getDb(), parsed.data);
  });
}
