import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { databaseNow, databaseNowPlus } from '@/lib/db/clock';
import { isUuid } from '@/lib/db/ids';
import { type WebhookSubscription, webhookSubscriptions } from '@/lib/db/schema';
import { processGlobal } from '@/lib/server/process-global';
import { openSecret, sealSecret } from './secret-box';

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
  /** The directory's id of the bank it was made at. */
  bankId: string;
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
    bankId: subscription.bankId,
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
  forgetDeliveryKeys(subscription.id);
}

/** Mirrors the delivery state the bank reports (its GET is the source of truth for monitoring). */
export async function mirrorDeliveryState(
  db: Db,
  subscriptionId: string,
  state: { deliveryEnabled: boolean; disabledReason: string | null; disabledAt: Date | null },
): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ ...state, updatedAt: databaseNow() })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  forgetDeliveryKeys(subscriptionId);
}

/** Mirrors the event types and description the bank holds for a subscription after a change. */
export async function mirrorEventTypes(
  db: Db,
  subscriptionId: string,
  subscription: { eventTypes: string[]; description: string | null },
): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ ...subscription, updatedAt: databaseNow() })
    .where(eq(webhookSubscriptions.id, subscriptionId));
}

/** Marks a subscription cancelled at the bank; the row stays for the history of its events. */
export async function markSubscriptionCancelled(db: Db, subscriptionId: string): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ cancelledAt: databaseNow(), deliveryEnabled: false, updatedAt: databaseNow() })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  forgetDeliveryKeys(subscriptionId);
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
      previousSigningSecretSealed: webhookSubscriptions.signingSecretSealed,
      previousSecretValidUntil: databaseNowPlus(previousValidForSeconds),
      signingSecretSealed: sealSecret(signingSecret, subscriptionId),
      updatedAt: databaseNow(),
    })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  forgetDeliveryKeys(subscriptionId);
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
  return deliverySecrets(openKeys(subscription), now);
}

/**
 * What a delivery for a subscription is checked with: its signing secrets, opened, and whether it
 * still takes deliveries. Kept in memory for a few seconds (see `deliveryKeys`).
 */
export interface DeliveryKeys {
  subscriptionId: string;
  /** The directory's id of the bank the subscription is at: the only bank whose deliveries these keys check. */
  bankId: string;
  cancelled: boolean;
  current: string;
  previous?: { secret: string; validUntil: Date };
}

/** The secrets a delivery may be signed with at `now`: current first, as `signingSecrets`. */
export function deliverySecrets(keys: DeliveryKeys, now = new Date()): string[] {
  return keys.previous && keys.previous.validUntil > now
    ? [keys.current, keys.previous.secret]
    : [keys.current];
}

// Every delivery needs its subscription's secrets, and reading the row and opening the sealed secret
// cost more than checking the signature and decrypting the body together. A change made by this
// process forgets its entry at once; one made by another app instance is seen after the TTL at the
// latest, and at once for a secret rotation, since a signature that matches none of the cached
// secrets makes the intake read the row again (`reloadDeliveryKeys`).
export const deliveryKeysTtlMs = 10_000;
// A forger sending bad signatures can make us read the row at most this often per subscription.
const reloadAfterMs = 1_000;
const maxCachedSubscriptions = 256;

interface CachedKeys {
  loadedAt: number;
  keys: Promise<DeliveryKeys | undefined>;
}

// Per process, not per module copy: the server actions that change a subscription and the route
// that takes its deliveries are bundled apart (lib/server/process-global.ts).
const keyCache = processGlobal('webhook-delivery-keys', () => new Map<string, CachedKeys>());

async function loadDeliveryKeys(db: Db, subscriptionId: string): Promise<DeliveryKeys | undefined> {
  const [row] = await db
    .select({
      id: webhookSubscriptions.id,
      bankId: webhookSubscriptions.bankId,
      cancelledAt: webhookSubscriptions.cancelledAt,
      signingSecretSealed: webhookSubscriptions.signingSecretSealed,
      previousSigningSecretSealed: webhookSubscriptions.previousSigningSecretSealed,
      previousSecretValidUntil: webhookSubscriptions.previousSecretValidUntil,
    })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, subscriptionId))
    .limit(1);
  return row && openKeys(row);
}

type SealedKeys = Pick<
  WebhookSubscription,
  | 'id'
  | 'bankId'
  | 'cancelledAt'
  | 'signingSecretSealed'
  | 'previousSigningSecretSealed'
  | 'previousSecretValidUntil'
>;

function openKeys(row: SealedKeys): DeliveryKeys {
  const keys: DeliveryKeys = {
    subscriptionId: row.id,
    bankId: row.bankId,
    cancelled: row.cancelledAt !== null,
    current: openSecret(row.signingSecretSealed, row.id),
  };
  if (row.previousSigningSecretSealed && row.previousSecretValidUntil) {
    keys.previous = {
      secret: openSecret(row.previousSigningSecretSealed, row.id),
      validUntil: row.previousSecretValidUntil,
    };
  }
  return keys;
}

function load(db: Db, subscriptionId: string, nowMs: number): Promise<DeliveryKeys | undefined> {
  const entry: CachedKeys = { loadedAt: nowMs, keys: loadDeliveryKeys(db, subscriptionId) };
  keyCache.delete(subscriptionId);
  keyCache.set(subscriptionId, entry);
  if (keyCache.size > maxCachedSubscriptions) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  // An unknown id is not remembered (anyone can send one), nor is a failed read.
  entry.keys.then(
    (keys) => {
      if (!keys && keyCache.get(subscriptionId) === entry) keyCache.delete(subscriptionId);
    },
    () => {
      if (keyCache.get(subscriptionId) === entry) keyCache.delete(subscriptionId);
    },
  );
  return entry.keys;
}

/**
 * The delivery keys of a subscription, from memory when read less than `deliveryKeysTtlMs` ago.
 * Concurrent deliveries for a subscription not in memory share one read.
 */
export function deliveryKeys(
  db: Db,
  subscriptionId: string,
  nowMs = Date.now(),
): Promise<DeliveryKeys | undefined> {
  if (!isUuid(subscriptionId)) return Promise.resolve(undefined);
  const id = subscriptionId.toLowerCase();
  const cached = keyCache.get(id);
  if (cached && nowMs - cached.loadedAt < deliveryKeysTtlMs && nowMs >= cached.loadedAt) return cached.keys;
  return load(db, id, nowMs);
}

/**
 * Reads the keys again after a signature matched none of them, in case another instance rotated the
 * secret; `undefined` when they were read too recently for that to tell anything new.
 */
export async function reloadDeliveryKeys(
  db: Db,
  subscriptionId: string,
  nowMs = Date.now(),
): Promise<{ keys: DeliveryKeys | undefined } | undefined> {
  if (!isUuid(subscriptionId)) return undefined;
  const id = subscriptionId.toLowerCase();
  const cached = keyCache.get(id);
  if (cached && nowMs - cached.loadedAt < reloadAfterMs && nowMs >= cached.loadedAt) return undefined;
  return { keys: await load(db, id, nowMs) };
}

/** Called after every change to a subscription's row made through this module. */
export function forgetDeliveryKeys(subscriptionId: string): void {
  keyCache.delete(subscriptionId.toLowerCase());
}
