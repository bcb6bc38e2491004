import * as z from 'zod/mini';
import { subscribableEventTypes } from './subscribable-event-types';

/**
 * The events page's forms, shared by the client forms (which load them after the page, see
 * `deferSchema`) and the server actions; in zod's functional API (`zod/mini`), which the client
 * bundle can tree-shake.
 */
export { subscribableEventTypes };

/** The directory's id of the bank a subscription is at (lib/bank/directory.ts); the server checks it is listed. */
const bankId = z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,31}$/)));

export const createSubscriptionSchema = z.object({
  bankId,
  description: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  eventType: z.enum(subscribableEventTypes),
});

export const registerSubscriptionSchema = z.object({
  bankId,
  bankSubscriptionId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  signingSecret: z.string().check(z.trim(), z.minLength(16), z.maxLength(500), z.regex(/^\S+$/)),
});

/** A change of a subscription's event types (webhooks spec part 4), with its description. */
export const updateSubscriptionSchema = z.object({
  eventTypes: z.array(z.enum(subscribableEventTypes)).check(
    z.minLength(1),
    z.refine((types) => new Set(types).size === types.length),
  ),
  description: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;
export type UpdateSubscriptionInput = z.infer<typeof updateSubscriptionSchema>;
export type RegisterSubscriptionInput = z.infer<typeof registerSubscriptionSchema>;
