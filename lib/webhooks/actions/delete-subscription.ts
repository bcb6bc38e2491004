'use server';

import { operatorAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { cancelSubscription } from '../manage';
import { refusalOf, shownOnEventsPage } from './answers';
import { subscriptionIdSchema } from './subscription-id';

/**
 * Cancels the subscription at the bank; its received events stay in the history. Answers in the words of the
 * form's locale.
 */
export const deleteSubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .wordedFormAction(async ({ input }) => {
    const cancelled = await cancelSubscription(await getDb(), input.subscriptionId);
    return shownOnEventsPage(cancelled.ok ? success(null, 'events.delete.done') : refusalOf(cancelled));
  });
