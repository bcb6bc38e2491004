import { z } from 'zod';
import { settings } from '@/lib/config';
import { callBank } from './client';
import { BankError, BankProtocolError } from './errors';
import { currentBank } from './scope';

/**
 * The bank's webhooks service (spec parts 2–4), called with the business token. Shapes are turned
 * into ours here; a non-2xx answer is a `BankError` except where the status itself is the answer
 * (verify, replay), which come back as outcomes.
 */
const linkSchema = z.object({ rel: z.string(), href: z.string(), method: z.string().optional() });

export const bankSubscriptionSchema = z.object({
  subscriptionId: z.string().min(1),
  callbackUrl: z.string(),
  eventTypes: z.array(z.string()),
  description: z.string().nullish(),
  subjectScope: z.string().optional(),
  deliveryEnabled: z.boolean(),
  disabledReason: z.string().nullish(),
  disabledAt: z.string().nullish(),
  links: z.array(linkSchema).optional(),
});

export type BankSubscription = z.infer<typeof bankSubscriptionSchema>;

const createdSchema = bankSubscriptionSchema.extend({ signingSecret: z.string().min(1) });
const listSchema = z.object({ subscriptions: z.array(bankSubscriptionSchema) });

const deliverySchema = z.object({
  deliveryId: z.string(),
  kind: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  occurredAt: z.string(),
  status: z.string(),
  attemptCount: z.number(),
  nextAttemptAt: z.string().nullish(),
});
const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema) });
export type BankDelivery = z.infer<typeof deliverySchema>;

/** The delivery state the bank reports, as `mirrorDeliveryState` takes it. */
export function deliveryState(subscription: BankSubscription) {
  return {
    deliveryEnabled: subscription.deliveryEnabled,
    disabledReason: subscription.disabledReason ?? null,
    disabledAt: subscription.disabledAt ? new Date(subscription.disabledAt) : null,
  };
}

function base(): string {
  return `${currentBank('business').urls.events}/api/v1/subscriptions`;
}

function at(id: string, suffix = ''): string {
  return `${base()}/${encodeURIComponent(id)}${suffix}`;
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new BankProtocolError(`The webhooks service answered ${what} in a shape we do not know`);
  return parsed.data;
}

export interface NewSubscription {
  callbackUrl: string;
  eventTypes: string[];
  description?: string;
}

/** Creates a subscription; the answer carries the signing secret, once. */
export async function createBankSubscription(
  input: NewSubscription,
): Promise<BankSubscription & { signingSecret: string }> {
  const response = await callBank('business', {
    method: 'POST',
    url: base(),
    // Spec part 4: the body is callbackUrl, eventTypes, description and subjectScope, all four.
    json: { ...input, description: input.description ?? '', subjectScope: 'Self' },
  });
  return parse(createdSchema, response.body, 'a created subscription');
}

export async function listBankSubscriptions(): Promise<BankSubscription[]> {
  const response = await callBank('business', { method: 'GET', url: base() });
  return parse(listSchema, response.body, 'a subscription list').subscriptions;
}

/** One subscription, or undefined when the bank does not know it (or it is another client's). */
export async function getBankSubscription(id: string): Promise<BankSubscription | undefined> {
  try {
    const response = await callBank('business', { method: 'GET', url: at(id) });
    return parse(bankSubscriptionSchema, response.body, 'a subscription');
  } catch (error) {
    if (error instanceof BankError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Changes a subscription's event types, and its description (webhooks spec part 4: "update
 * subscription (eventTypes can be changed)"; its body shape is "not shown"). The body takes the create
 * body's fields an update can change: the callback URL carries our own id and is never changed, and
 * `subjectScope` is `Self` throughout. The bank may answer 200 with the subscription or 204 with
 * nothing (then it is read back); undefined when it does not know the subscription.
 */
export async function updateBankSubscription(
  id: string,
  input: { eventTypes: string[]; description?: string },
): Promise<BankSubscription | undefined> {
  try {
    const response = await callBank('business', { method: 'PUT', url: at(id), json: input });
    if (response.status === 204 || response.body === null) return getBankSubscription(id);
    return parse(bankSubscriptionSchema, response.body, 'an updated subscription');
  } catch (error) {
    if (error instanceof BankError && error.status === 404) return undefined;
    throw error;
  }
}

/** Cancels a subscription. One the bank no longer knows counts as cancelled. */
export async function deleteBankSubscription(id: string): Promise<'deleted' | 'not_found'> {
  try {
    await callBank('business', { method: 'DELETE', url: at(id) });
    return 'deleted';
  } catch (error) {
    if (error instanceof BankError && error.status === 404) return 'not_found';
    throw error;
  }
}

/**
 * What verify's status means (spec parts 3 and 4): 200 the callback answered 2xx and the
 * subscription is enabled; 502 it answered otherwise (or could not be reached); 504 it did not answer
 * in time; 400 the event type is not enabled on the subscription; 404 no such subscription.
 */
export type VerifyOutcome =
  | { result: 'activated'; subscription: BankSubscription }
  | { result: 'callback_rejected' | 'callback_timeout' | 'event_type_not_enabled' | 'not_found' };

export async function verifyBankSubscription(id: string, eventType = 'Claim'): Promise<VerifyOutcome> {
  try {
    const response = await callBank('business', {
      method: 'POST',
      url: `${at(id, '/verify')}?eventType=${encodeURIComponent(eventType)}`,
      // The bank posts a test delivery to the callback and waits for it before answering.
      timeoutMs: Math.max(settings().BANK_TIMEOUT_MS, 30_000),
    });
    const parsed = bankSubscriptionSchema.safeParse(response.body);
    const subscription = parsed.success ? parsed.data : await getBankSubscription(id);
    if (!subscription) return { result: 'not_found' };
    return { result: 'activated', subscription };
  } catch (error) {
    if (error instanceof BankError) {
      if (error.status === 502) return { result: 'callback_rejected' };
      if (error.status === 504) return { result: 'callback_timeout' };
      if (error.status === 400) return { result: 'event_type_not_enabled' };
      if (error.status === 404) return { result: 'not_found' };
    }
    throw error;
  }
}

export type ReplayOutcome =
  | { result: 'replayed'; count: number }
  | { result: 'disabled' | 'not_found' | 'not_offered' };

/**
 * Asks the bank to deliver again what never arrived (held or given up): `POST …/{id}/replay`, a call
 * the spec does not define (webhooks spec part 3: events of the off period "can be replayed on
 * request"), which a bank may or may not offer. 405 or 501 say it does not; so does a 404 for a
 * subscription the bank still knows. 409: delivery is disabled.
 */
export async function replayBankSubscription(id: string): Promise<ReplayOutcome> {
  try {
    const response = await callBank('business', { method: 'POST', url: at(id, '/replay') });
    const parsed = z.object({ replayed: z.number().int().min(0) }).safeParse(response.body);
    return { result: 'replayed', count: parsed.success ? parsed.data.replayed : 0 };
  } catch (error) {
    if (!(error instanceof BankError)) throw error;
    if (error.status === 409) return { result: 'disabled' };
    if (error.status === 405 || error.status === 501) return { result: 'not_offered' };
    if (error.status === 404)
      return { result: (await getBankSubscription(id)) ? 'not_offered' : 'not_found' };
    throw error;
  }
}

export async function listBankDeliveries(id: string): Promise<BankDelivery[]> {
  const response = await callBank('business', { method: 'GET', url: at(id, '/deliveries') });
  return parse(deliveryListSchema, response.body, 'a delivery list').deliveries;
}
