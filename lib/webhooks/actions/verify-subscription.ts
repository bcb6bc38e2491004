'use server';

import { operatorAction } from '@/lib/actions/client';
import { failure, success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { verifySubscription } from '../manage';
import { refusalOf, shownOnEventsPage } from './answers';
import { subscriptionIdSchema } from './subscription-id';

/**
 * Asks the bank for the subscription's delivery state and activates it where the bank allows; answers in the
 * words of the form's locale (its button is a form of components/account/worded-button-form.tsx).
 */
export const verifySubscriptionAction = operatorAction
  .schema(subscriptionIdSchema, { invalidMessage: 'events.failure.invalidInput' })
  .wordedFormAction(async ({ input }) => {
    const verified = await verifySubscription(await getDb(), input.subscriptionId);
    if (!verified.ok) return shownOnEventsPage(refusalOf(verified));
    return shownOnEventsPage(
      verified.result === 'activated'
        ? success(null, 'events.verify.activated')
        : failure(`events.verify.${verified.result}`),
    );
  });
