'use server';

import { operatorAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { createSubscription } from '../manage';
import { createSubscriptionSchema } from '../subscription-forms';
import { refusalOf, shownOnEventsPage } from './answers';

/**
 * Creates a subscription; the signing secret comes back this once, for the operator to keep. A refusal comes in the
 * words of the caller's `locale`.
 */
export const createSubscriptionAction = operatorAction
  .schema(createSubscriptionSchema, { invalidMessage: 'events.failure.invalidInput' })
  .wordedAction(async ({ input }) => {
    const created = await createSubscription(await getDb(), input);
    if (!created.ok) return refusalOf(created);
    return shownOnEventsPage(
      success({ subscriptionId: created.subscriptionId, signingSecret: created.signingSecret }),
    );
  });
