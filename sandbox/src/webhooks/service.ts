import { randomUUID } from 'node:crypto';
import type { BusinessCaller } from '../business/auth.js';
import { problem } from '../business/errors.js';
import { CLAIMS_PATH, claimPath } from '../claims/claims.js';
import type { Db, Queryable } from '../db/db.js';
import { testEventClaimIdOf } from '../db/queries/claims.js';
import { sandboxNow } from '../db/queries/clock.js';
import {
  insertDelivery,
  insertDeliveryAttempt,
  requeueUndelivered,
} from '../db/queries/webhook-deliveries.js';
import { insertEvent } from '../db/queries/webhook-events.js';
import {
  cancelSubscription,
  countActive,
  enableDelivery,
  findOwnSubscription,
  insertSubscription,
  lockSubscriptionsOf,
  type SubscriptionRow,
  updateSubscription,
} from '../db/queries/webhook-subscriptions.js';
import { isUuid } from '../shared/uuid.js';
import { newSigningSecret } from './crypto.js';
import { envelopeFor, postDelivery } from './deliveries.js';
import { canonicalEventType, verifyAction } from './event-types.js';
import { subscriptionLimit } from './subscriptions.js';

/**
 * The webhooks service (spec part 3) of one client (an online-banking user with a business token): its
 * subscriptions, each created disabled, enabled by a successful verify, replayed on request. Another client's
 * subscription is not found, exactly like a missing one.
 */

/** Callback URLs: HTTPS; on the sandbox also plain http to 127.0.0.1, [::1] or localhost. */
export function callbackUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'callbackUrl must be an absolute URL.';
  }
  if (url.username || url.password) return 'callbackUrl must not carry credentials.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return undefined;
  return 'callbackUrl must be an https URL (the sandbox also accepts http://127.0.0.1 and http://localhost).';
}

function canonicalEventTypes(values: string[], path: string): string[] {
  const result: string[] = [];
  for (const value of values) {
    const canonical = canonicalEventType(value);
    if (!canonical)
      problem(400, 'EVENT_TYPE_UNKNOWN', `${path}: unknown event type "${value.slice(0, 100)}".`, {
        eventType: value.slice(0, 100),
      });
    if (!result.includes(canonical)) result.push(canonical);
  }
  return result;
}

function notFound(): never {
  problem(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');
}

export async function ownSubscription(db: Queryable, owner: string, id: string): Promise<SubscriptionRow> {
  if (!isUuid(id)) notFound();
  return (await findOwnSubscription(db, owner, id)) ?? notFound();
}

/** A new subscription (disabled until verified) and its signing secret, shown this once. */
export async function createSubscription(
  db: Db,
  owner: string,
  request: {
    callbackUrl: string;
    eventTypes: string[];
    description: string;
    subjectScope: string;
  },
): Promise<{ row: SubscriptionRow; signingSecret: string }> {
  const urlProblem = callbackUrlProblem(request.callbackUrl);
  if (urlProblem) problem(400, 'CALLBACK_URL_INVALID', urlProblem);
  const eventTypes = canonicalEventTypes(request.eventTypes, 'eventTypes');
  if (request.subjectScope.toLowerCase() !== 'self')
    problem(400, 'SUBJECT_SCOPE_UNSUPPORTED', 'subjectScope must be Self.');
  const signingSecret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    // One creation at a time per client, so the limit holds under concurrent requests.
    await lockSubscriptionsOf(tx, owner);
    const limit = await subscriptionLimit(tx, owner);
    if ((await countActive(tx, owner)) >= limit) {
      problem(
        409,
        'SUBSCRIPTION_LIMIT_REACHED',
        `At most ${limit} subscriptions per client; cancel one first.`,
        {
          limit,
        },
      );
    }
    return insertSubscription(tx, {
      id: randomUUID(),
      owner,
      callback_url: request.callbackUrl,
      event_types: eventTypes,
      description: request.description,
      subject_scope: 'Self',
      signing_secret: signingSecret,
      created_at: await sandboxNow(tx),
    });
  });
  return { row, signingSecret };
}

/** New event types (and description) of an own subscription; its callback URL and scope are fixed. */
export async function changeSubscription(
  db: Queryable,
  owner: string,
  id: string,
  request: { eventTypes: string[]; description?: string },
): Promise<SubscriptionRow> {
  const eventTypes = canonicalEventTypes(request.eventTypes, 'eventTypes');
  const now = await sandboxNow(db);
  await updateSubscription(db, id, { eventTypes, description: request.description, now });
  return ownSubscription(db, owner, id);
}

export async function cancelOwnSubscription(db: Db, owner: string, id: string): Promise<void> {
  const row = await ownSubscription(db, owner, id);
  await db.transaction(async (tx) => cancelSubscription(tx, row.id, await sandboxNow(tx)));
}

/**
 * Where the test delivery's `self` link leads: the claim the test `claim.paid` is about, one the caller can read
 * (db/queries/claims.ts testEventClaimIdOf: a claim of theirs paid last, where they have one), so that the link
 * answers as a real event's does; a caller with no claim on either side gets their claims list (empty), which
 * answers too. The spec does not say what a test delivery's link is (docs/sandbox-extras.md).
 */
async function verifyResourcePath(db: Queryable, caller: BusinessCaller): Promise<string> {
  const claimId = await testEventClaimIdOf(db, caller.kennitala);
  return claimId ? claimPath(claimId) : CLAIMS_PATH;
}

/**
 * Verify: one test delivery of `eventType` (a category or an action the subscription covers), sent now and
 * logged; a 2xx answer enables delivery. A callback that fails answers 502/504 with what it did.
 */
export async function verifySubscription(
  db: Db,
  publicUrl: string,
  caller: BusinessCaller,
  id: string,
  requested: string | undefined,
): Promise<SubscriptionRow> {
  const owner = caller.username;
  const row = await ownSubscription(db, owner, id);
  if (!requested)
    problem(400, 'EVENT_TYPE_MISSING', 'The query parameter eventType is required, e.g. Claim.');
  const canonical = canonicalEventType(requested);
  if (!canonical)
    problem(400, 'EVENT_TYPE_UNKNOWN', `Unknown event type "${requested.slice(0, 100)}".`, {
      eventType: requested.slice(0, 100),
    });
  const action = verifyAction(row.event_types, canonical);
  if (!action) {
    problem(
      400,
      'EVENT_TYPE_NOT_ENABLED',
      `The subscription does not cover ${canonical} (it has ${row.event_types.join(', ')}).`,
      { eventType: canonical },
    );
  }
  const now = await sandboxNow(db);
  const event = {
    id: randomUUID(),
    owner,
    event_type: action,
    occurred_at: now,
    resource_path: await verifyResourcePath(db, caller),
  };
  const result = await postDelivery(row.callback_url, row.signing_secret, envelopeFor(event, publicUrl));
  const deliveryId = randomUUID();
  await db.transaction(async (tx) => {
    await insertEvent(tx, event, 'verify');
    await insertDelivery(tx, {
      id: deliveryId,
      subscriptionId: row.id,
      eventId: event.id,
      kind: 'verify',
      status: result.outcome === 'delivered' ? 'delivered' : 'failed',
      attemptCount: 1,
      createdAt: now,
      deliveredAt: result.outcome === 'delivered' ? now : null,
      lastStatusCode: result.statusCode,
    });
    await insertDeliveryAttempt(tx, deliveryId, 1, now, result);
    if (result.outcome === 'delivered') await enableDelivery(tx, row.id, now);
  });
  const details = { callbackStatus: result.statusCode, callbackRequestId: result.requestId };
  if (result.outcome === 'timeout')
    problem(504, 'CALLBACK_TIMEOUT', `The callback did not answer: ${result.error}.`, details);
  if (result.outcome === 'unreachable')
    problem(502, 'CALLBACK_UNREACHABLE', `The callback could not be reached: ${result.error}.`, details);
  if (result.outcome === 'rejected')
    problem(502, 'CALLBACK_REJECTED', `The callback answered ${result.statusCode}.`, details);
  return ownSubscription(db, owner, row.id);
}

/** Replay of an enabled subscription: what never reached the callback is queued again; returns how many. */
export async function replaySubscription(
  db: Db,
  owner: string,
  id: string,
): Promise<{ row: SubscriptionRow; replayed: number }> {
  const row = await ownSubscription(db, owner, id);
  if (!row.delivery_enabled) {
    problem(
      409,
      'SUBSCRIPTION_DISABLED',
      'Delivery is disabled; verify the subscription first, then replay.',
      {
        disabledReason: row.disabled_reason,
      },
    );
  }
  const replayed = await db.transaction(async (tx) => requeueUndelivered(tx, row.id, await sandboxNow(tx)));
  return { row, replayed };
}
