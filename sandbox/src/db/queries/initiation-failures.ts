import type { Queryable } from '../db.js';
import { insertInto, jsonb } from './sql.js';

/** The refused outcome of an initiation under an Idempotency-Key: answered again to a retry under that key. */
export interface InitiationFailure<E> {
  status: number;
  /** The error body's content; null for a refusal without a body (415). */
  error: E | null;
}

/** The first failure under a key is kept. */
export async function insertInitiationFailure<E>(
  q: Queryable,
  failure: { clientId: string; key: string; at: number } & InitiationFailure<E>,
): Promise<void> {
  await insertInto(
    q,
    'initiation_failures',
    {
      client_id: failure.clientId,
      idempotency_key: failure.key,
      status: failure.status,
      error: failure.error === null ? null : jsonb(failure.error),
      created_at: failure.at,
    },
    'ON CONFLICT DO NOTHING',
  );
}
