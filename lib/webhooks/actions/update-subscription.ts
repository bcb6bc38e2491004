'use server';

import * as z from 'zod/mini';
import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { updateSubscription } from '../manage';
import { updateSubscriptionSchema } from '../subscription-forms';
import { managedResult } from './managed-result';
import { subscriptionIdSchema } from './subscription-id';

/** Changes the event types of a held subscription at the bank (webhooks spec part 4: PUT). */
export const updateSubscriptionAction = operatorAction
  .schema(z.object({ ...subscriptionIdSchema.shape, ...updateSubscriptionSchema.shape }), {
    invalidMessage: 'events.failure.invalidInput',
  })
  .action(async ({ input: { subscriptionId, ...change } }) =>
    managedResult(await updateSubscription(await getDb(), subscriptionId, change)),
  );
