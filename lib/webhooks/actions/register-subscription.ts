'use server';

import { operatorAction } from '@/lib/actions/client';
import { getDb } from '@/lib/db';
import { registerSubscription } from '../manage';
import { registerSubscriptionSchema } from '../subscription-forms';
import { managedResult } from './managed-result';

/** Registers a subscription that exists at the bank, by its id and signing secret. */
export const registerSubscriptionAction = operatorAction
  .schema(registerSubscriptionSchema, { invalidMessage: 'events.failure.invalidInput' })
  .action(async ({ input }) => managedResult(await registerSubscription(await getDb(), input)));
