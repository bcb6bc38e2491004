'use server';

import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { verifySubscription } from '../manage';
import { managedResult } from './managed-result';
import { subscriptionIdSchema } from './subscription-id';

/** Asks the bank for the subscription's delivery state and activates it where the bank allows. */
export const verifySubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .action(async ({ input }) => managedResult(await verifySubscription(await getDb(), input.subscriptionId)));
