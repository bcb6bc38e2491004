'use server';

import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { createSubscription } from '../manage';
import { createSubscriptionSchema } from '../subscription-forms';
import { managedResult } from './managed-result';

/** Creates a subscription; the signing secret comes back this once, for the operator to keep. */
export const createSubscriptionAction = operatorAction
  .schema(createSubscriptionSchema, { invalidMessage: 'events.failure.invalidInput' })
  .action(async ({ input }) => managedResult(await createSubscription(await getDb(), input)));
