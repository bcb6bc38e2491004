import * as z from 'zod/mini';

/** The one input of the actions on a held subscription: its id in this app. */
export const subscriptionIdSchema = z.object({ subscriptionId: z.uuid() });
