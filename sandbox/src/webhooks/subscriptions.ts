import type { Queryable } from '../db/db.js';
import { type SubscriptionRow, subscriptionLimitOf } from '../db/queries/webhook-subscriptions.js';
import { defaultSubscriptionLimit } from './settings.js';

/** How many live subscriptions a client may have: its own limit, else the default. */
export async function subscriptionLimit(q: Queryable, owner: string): Promise<number> {
  return (await subscriptionLimitOf(q, owner)) ?? defaultSubscriptionLimit();
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
