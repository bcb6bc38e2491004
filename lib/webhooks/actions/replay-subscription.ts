'use server';

import { operatorAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { replaySubscription } from '../manage';
import { refusalOf, shownOnEventsPage } from './answers';
import { subscriptionIdSchema } from './subscription-id';

/** Asks the bank to deliver again what this subscription missed; answers in the words of the form's locale. */
export const replaySubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .wordedFormAction(async ({ input }) => {
    const replayed = await replaySubscription(await getDb(), input.subscriptionId);
    if (!replayed.ok) return shownOnEventsPage(refusalOf(replayed));
    return shownOnEventsPage(
      replayed.result === 'replayed'
        ? success(null, 'events.replay.replayed', { count: replayed.count })
        : failure(`events.replay.${replayed.result}`),
    );
  });
