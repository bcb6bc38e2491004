import { z } from 'zod';

/** The events page's forms, shared by the client forms (zodResolver) and the server actions. */
export const subscribableEventTypes = ['Claim', 'claim.paid'] as const;

export const createSubscriptionSchema = z.object({
  description: z.string().trim().max(200).optional(),
  eventType: z.enum(subscribableEventTypes),
});

export const registerSubscriptionSchema = z.object({
  bankSubscriptionId: z.string().trim().min(1).max(100),
  signingSecret: z.string().trim().min(16).max(500).regex(/^\S+$/),
});

export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;
export type RegisterSubscriptionInput = z.infer<typeof registerSubscriptionSchema>;
