import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { type WebhookSubscription, webhookSubscriptions } from '@/lib/db/schema';
import { openSecret, sealSecret } from './secret-box';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * Our id for a subscription, chosen before the bank is called: it is part of the callback URL the
 * bank is given, and the bank's own id is known only from its answer.
 */
export function newSubscriptionId(): string {
  return randomUUID();
}

export function callbackUrlFor(subscriptionId: string): string {
  return `${settings().APP_BASE_URL}/api/webhooks/bank-events/${subscriptionId}`;
}

export interface SubscriptionToSave {
  id: string;
  bankSubscriptionId: string;
  callbackUrl: string;
  eventTypes: string[];
  description?: string | null;
  /** As returned once by the bank's create call. */
  signingSecret: string;
  deliveryEnabled?: boolean;
  disabledReason?: string | null;
  disabledAt?: Date | null;
}

/** Keeps a subscription the bank has just created; the signing secret is sealed before it is stored. */
export async function saveSubscription(db: Db, subscription: SubscriptionToSave): Promise<void> {
  await db.insert(webhookSubscriptions).values({
    id: subscription.id,
    bankSubscriptionId: subscription.bankSubscriptionId,
    callbackUrl: subscription.callbackUrl,
    eventTypes: subscription.eventTypes,
    description: subscription.description ?? null,
    signingSecretSealed: sealSecret(subscription.signingSecret, subscription.id),
    deliveryEnabled: subscription.deliveryEnabled ?? false,
    disabledReason:
      subscription.disabledReason === undefined ? 'pending_activation' : subscription.disabledReason,
    disabledAt: subscription.disabledAt ?? null,
  });
}

/** Mirrors the delivery state the bank reports (its GET is the source of truth for monitoring). */
export async function mirrorDeliveryState(
  db: Db,
  subscriptionId: string,
  state: { deliveryEnabled: boolean; disabledReason: string | null; disabledAt: Date | null },
): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(webhookSubscriptions.id, subscriptionId));
}

/**
 * Replaces the signing secret. The previous one keeps verifying deliveries for a while: retries
 * already queued at the bank were signed with it.
 */
export async function rotateSigningSecret(
  db: Db,
  subscriptionId: string,
  signingSecret: string,
  previousValidForSeconds = 48 * 3600,
): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({
      previousSigningSecretSealed: sql`${webhookSubscriptions.signingSecretSealed}`,
      previousSecretValidUntil: sql`now() + make_interval(secs => ${previousValidForSeconds})`,
      signingSecretSealed: sealSecret(signingSecret, subscriptionId),
      updatedAt: sql`now()`,
    })
    .where(eq(webhookSubscriptions.id, subscriptionId));
}

export async function findSubscription(
  db: Db,
  subscriptionId: string,
): Promise<WebhookSubscription | undefined> {
  if (!isUuid(subscriptionId)) return undefined;
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

/** The secrets a delivery for this subscription may be signed with now: current first. */
export function signingSecrets(subscription: WebhookSubscription, now = new Date()): string[] {
  const secrets = [openSecret(subscription.signingSecretSealed, subscription.id)];
  if (
    subscription.previousSigningSecretSealed &&
    subscription.previousSecretValidUntil &&
    subscription.previousSecretValidUntil > now
  ) {
    secrets.push(openSecret(subscription.previousSigningSecretSealed, subscription.id));
  }
  return secrets;
}
