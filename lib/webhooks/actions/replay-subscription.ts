'use server';

import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { replaySubscription } from '../manage';
import { managedResult } from './managed-result';
import { subscriptionIdSchema } from './subscription-id';

/** Asks the bank to deliver again what this subscription missed. */
export const replaySubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .action(async ({ input }) => managedResult(await replaySubscription(await getDb(), input.subscriptionId)));
