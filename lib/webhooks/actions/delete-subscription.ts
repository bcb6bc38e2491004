'use server';

import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { cancelSubscription } from '../manage';
import { managedResult } from './managed-result';
import { subscriptionIdSchema } from './subscription-id';

/** Cancels the subscription at the bank; its received events stay in the history. */
export const deleteSubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .action(async ({ input }) => managedResult(await cancelSubscription(await getDb(), input.subscriptionId)));
