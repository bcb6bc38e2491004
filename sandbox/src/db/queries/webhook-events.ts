import type { Queryable } from '../db.js';
import { insertInto } from './sql.js';

/** A business event of a client (`event`), or the test event of a verify call (`verify`). */
export interface EventRow {
  id: string;
  owner: string;
  event_type: string;
  occurred_at: number;
  resource_path: string;
}

export async function insertEvent(q: Queryable, event: EventRow, kind: 'event' | 'verify'): Promise<void> {
  await insertInto(q, 'webhook_events', { ...event, kind, created_at: event.occurred_at });
}

export async function findEvent(q: Queryable, id: string): Promise<EventRow | undefined> {
  const rows = await q.query<EventRow>(
    'SELECT id, owner, event_type, occurred_at, resource_path FROM webhook_events WHERE id = $1',
    [id],
  );
  return rows[0];
}
