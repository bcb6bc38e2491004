import type { Queryable } from '../db.js';
import { insertInto, jsonb, updateWhere } from './sql.js';

export interface SubscriptionRow {
  id: string;
  owner: string;
  callback_url: string;
  event_types: string[];
  description: string;
  subject_scope: string;
  signing_secret: string;
  delivery_enabled: boolean;
  disabled_reason: string | null;
  disabled_at: number | null;
  consecutive_given_up: number;
  created_at: number;
  updated_at: number;
}

const COLUMNS = `id, owner, callback_url, event_types, description, subject_scope, signing_secret, delivery_enabled,
  disabled_reason, disabled_at, consecutive_given_up, created_at, updated_at`;

/** A new subscription waits for its first successful verify before anything is delivered. */
export async function insertSubscription(
  q: Queryable,
  values: Pick<
    SubscriptionRow,
    | 'id'
    | 'owner'
    | 'callback_url'
    | 'event_types'
    | 'description'
    | 'subject_scope'
    | 'signing_secret'
    | 'created_at'
  >,
): Promise<SubscriptionRow> {
  const rows = await insertInto<SubscriptionRow>(
    q,
    'webhook_subscriptions',
    {
      ...values,
      event_types: jsonb(values.event_types),
      delivery_enabled: false,
      disabled_reason: 'pending_activation',
      updated_at: values.created_at,
    },
    `RETURNING ${COLUMNS}`,
  );
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Serialises subscription creation per client in this transaction, so the active limit holds. */
export async function lockSubscriptionsOf(tx: Queryable, owner: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(4011, hashtext($1))', [owner]);
}

/** A live (not cancelled) subscription of `owner`; another client's is not found, exactly like a missing one. */
export async function findOwnSubscription(
  q: Queryable,
  owner: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND owner = $2 AND deleted_at IS NULL`,
    [id, owner],
  );
  return rows[0];
}

export async function findSubscription(q: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

export async function listOwnSubscriptions(q: Queryable, owner: string): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE owner = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [owner],
  );
}

/** Every live subscription of every client, oldest first. */
export async function listLiveSubscriptions(q: Queryable): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE deleted_at IS NULL ORDER BY created_at`,
  );
}

export async function countActive(q: Queryable, owner: string): Promise<number> {
  const rows = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_subscriptions WHERE owner = $1 AND deleted_at IS NULL',
    [owner],
  );
  return rows[0]?.n ?? 0;
}

export async function updateSubscription(
  q: Queryable,
  id: string,
  changes: { eventTypes: string[]; description: string | undefined; now: number },
): Promise<void> {
  await updateWhere(
    q,
    'webhook_subscriptions',
    { event_types: jsonb(changes.eventTypes), description: changes.description, updated_at: changes.now },
    'id = $1',
    [id],
  );
}

/** Cancels a subscription (DELETE): it no longer delivers, and what it still had queued is cancelled. */
export async function cancelSubscription(tx: Queryable, id: string, now: number): Promise<void> {
  await updateWhere(
    tx,
    'webhook_subscriptions',
    { deleted_at: now, delivery_enabled: false, updated_at: now },
    'id = $1',
    [id],
  );
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL
     WHERE subscription_id = $1 AND status IN ('pending', 'held')`,
    [id],
  );
}

export async function enableDelivery(q: Queryable, id: string, now: number): Promise<void> {
  await updateWhere(
    q,
    'webhook_subscriptions',
    {
      delivery_enabled: true,
      disabled_reason: null,
      disabled_at: null,
      consecutive_given_up: 0,
      updated_at: now,
    },
    'id = $1',
    [id],
  );
}

export async function resetGivenUpCount(q: Queryable, id: string): Promise<void> {
  await updateWhere(q, 'webhook_subscriptions', { consecutive_given_up: 0 }, 'id = $1', [id]);
}

/** Counts one more given-up delivery in a row; returns the new count and whether delivery is still enabled. */
export async function countGivenUp(
  tx: Queryable,
  id: string,
  at: number,
): Promise<{ consecutive_given_up: number; delivery_enabled: boolean } | undefined> {
  const rows = await tx.query<{ consecutive_given_up: number; delivery_enabled: boolean }>(
    `UPDATE webhook_subscriptions SET consecutive_given_up = consecutive_given_up + 1, updated_at = $2
     WHERE id = $1 RETURNING consecutive_given_up, delivery_enabled`,
    [id, at],
  );
  return rows[0];
}

/** Disables delivery for `reason`; the event deliveries still queued are held for a replay. */
export async function disableDelivery(tx: Queryable, id: string, reason: string, at: number): Promise<void> {
  await updateWhere(
    tx,
    'webhook_subscriptions',
    { delivery_enabled: false, disabled_reason: reason, disabled_at: at, updated_at: at },
    'id = $1',
    [id],
  );
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL
     WHERE subscription_id = $1 AND status = 'pending' AND kind = 'event'`,
    [id],
  );
}

/** A client's own active-subscription limit, when the operator set one. */
export async function subscriptionLimitOf(q: Queryable, owner: string): Promise<number | undefined> {
  const rows = await q.query<{ max_active: number }>(
    'SELECT max_active FROM webhook_client_limits WHERE owner = $1',
    [owner],
  );
  return rows[0]?.max_active;
}

/** Sets a client's own limit; null removes it (the default applies again). */
export async function setSubscriptionLimit(q: Queryable, owner: string, limit: number | null): Promise<void> {
  if (limit === null) {
    await q.query('DELETE FROM webhook_client_limits WHERE owner = $1', [owner]);
    return;
  }
  await q.query(
    `INSERT INTO webhook_client_limits (owner, max_active) VALUES ($1, $2)
     ON CONFLICT (owner) DO UPDATE SET max_active = EXCLUDED.max_active`,
    [owner, limit],
  );
}
