'use server';

import { operatorAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { registerSubscription } from '../manage';
import { registerSubscriptionSchema } from '../subscription-forms';
import { refusalOf, shownOnEventsPage } from './answers';

/** Registers a subscription that exists at the bank, by its id and signing secret; answers in the caller's words. */
export const registerSubscriptionAction = operatorAction
  .schema(registerSubscriptionSchema, { invalidMessage: 'events.failure.invalidInput' })
  .wordedAction(async ({ input }) => {
    const registered = await registerSubscription(await getDb(), input);
    return registered.ok ? shownOnEventsPage(success(null, 'events.register.done')) : refusalOf(registered);
  });
