import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.js';
import { defaultSubscriptionLimit } from './settings.js';

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

export async function insertSubscription(
  db: Queryable,
  values: {
    owner: string;
    callbackUrl: string;
    eventTypes: string[];
    description: string;
    subjectScope: string;
    signingSecret: string;
    now: number;
  },
): Promise<SubscriptionRow> {
  const rows = await db.query<SubscriptionRow>(
    `INSERT INTO webhook_subscriptions (id, owner, callback_url, event_types, description, subject_scope,
       signing_secret, delivery_enabled, disabled_reason, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, false, 'pending_activation', $8, $8) RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      values.owner,
      values.callbackUrl,
      JSON.stringify(values.eventTypes),
      values.description,
      values.subjectScope,
      values.signingSecret,
      values.now,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A live (not cancelled) subscription of `owner`; another client's is not found, exactly like a missing one. */
export async function findOwnSubscription(
  db: Queryable,
  owner: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND owner = $2 AND deleted_at IS NULL`,
    [id, owner],
  );
  return rows[0];
}

export async function findSubscription(db: Queryable, id: string): Promise<SubscriptionRow | undefined> {
  const rows = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

export async function listOwnSubscriptions(db: Queryable, owner: string): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE owner = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [owner],
  );
}

export async function subscriptionLimit(db: Queryable, owner: string): Promise<number> {
  const rows = await db.query<{ max_active: number }>(
    'SELECT max_active FROM webhook_client_limits WHERE owner = $1',
    [owner],
  );
  return rows[0]?.max_active ?? defaultSubscriptionLimit();
}

export async function setSubscriptionLimit(db: Queryable, owner: string, limit: number | null) {
  if (limit === null) {
    await db.query('DELETE FROM webhook_client_limits WHERE owner = $1', [owner]);
    return;
  }
  await db.query(
    `INSERT INTO webhook_client_limits (owner, max_active) VALUES ($1, $2)
     ON CONFLICT (owner) DO UPDATE SET max_active = EXCLUDED.max_active`,
    [owner, limit],
  );
}

export async function countActive(db: Queryable, owner: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_subscriptions WHERE owner = $1 AND deleted_at IS NULL',
    [owner],
  );
  return rows[0]?.n ?? 0;
}

export async function enableDelivery(db: Queryable, id: string, now: number) {
  await db.query(
    `UPDATE webhook_subscriptions SET delivery_enabled = true, disabled_reason = NULL, disabled_at = NULL,
       consecutive_given_up = 0, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export function subscriptionJson(row: SubscriptionRow, publicUrl: string) {
  const self = `${publicUrl}/events/api/v1/subscriptions/${row.id}`;
  return {
    subscriptionId: row.id,
    callbackUrl: row.callback_url,
    eventTypes: row.event_types,
    description: row.description,
    subjectScope: row.subject_scope,
    deliveryEnabled: row.delivery_enabled,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    links: [
      { rel: 'self', href: self, method: 'GET' },
      { rel: 'update', href: self, method: 'PUT' },
      { rel: 'delete', href: self, method: 'DELETE' },
      { rel: 'verify', href: `${self}/verify?eventType=Claim`, method: 'POST' },
      { rel: 'deliveries', href: `${self}/deliveries`, method: 'GET' },
      { rel: 'replay', href: `${self}/replay`, method: 'POST' },
    ],
  };
}
