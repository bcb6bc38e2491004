'use server';

import { getFormatter, getTranslations } from 'next-intl/server';
import * as z from 'zod/mini';
import { operatorAction } from '@/lib/actions/client';
import { success } from '@/lib/actions/result';
import { getDb } from '@/lib/db';
import { localeOrDefault } from '@/lib/i18n/routing';
import { updateSubscription } from '../manage';
import { eventTypesInWords } from '../subscribable-event-types';
import { updateSubscriptionSchema } from '../subscription-forms';
import { refusalOf, shownOnEventsPage } from './answers';
import { subscriptionIdSchema } from './subscription-id';

/**
 * Changes the event types of a held subscription at the bank (webhooks spec part 4: PUT). Answers in the words of
 * the caller's `locale`, naming the types the bank echoed back.
 */
export const updateSubscriptionAction = operatorAction
  .schema(
    z.object({
      ...subscriptionIdSchema.shape,
      ...updateSubscriptionSchema.shape,
      locale: z.optional(z.string()),
    }),
    { invalidMessage: 'events.failure.invalidInput' },
  )
  .wordedAction(async ({ input: { subscriptionId, locale, ...change } }) => {
    const updated = await updateSubscription(await getDb(), subscriptionId, change);
    if (!updated.ok) return shownOnEventsPage(refusalOf(updated));
    const inLocale = { locale: localeOrDefault(locale) };
    const [t, format] = await Promise.all([
      getTranslations({ ...inLocale, namespace: 'events.create' }),
      getFormatter(inLocale),
    ]);
    const types = eventTypesInWords(updated.eventTypes, t, (items) => format.list(items));
    return shownOnEventsPage(success({ eventTypes: updated.eventTypes }, 'events.update.done', { types }));
  });
