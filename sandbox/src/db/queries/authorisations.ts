import type { Queryable } from '../db.js';
import { type Insert, updateWhere } from './sql.js';

export interface AuthorisationRow {
  id: string;
  payment_id: string;
  kind: 'payment' | 'cancellation';
  sca_status: string;
  psu_username: string | null;
  created_at: number;
  updated_at: number;
  approach: string | null;
  method_id: string | null;
  otp_attempts: number;
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  oauth_redirect_uri: string | null;
  oauth_state: string | null;
  oauth_code_hash: string | null;
  oauth_code_expires_at: number | null;
  /** The authorisation request's PKCE challenge (RFC 7636 S256), which the code's verifier must match. */
  oauth_code_challenge: string | null;
  /** When the code was exchanged for an access token; a code is exchanged once. */
  oauth_code_used_at: number | null;
  confirmation_message: string | null;
}

/** The columns an authorisation's progress changes; the rest are fixed when it is created. */
export type AuthorisationChanges = Partial<
  Pick<
    AuthorisationRow,
    | 'sca_status'
    | 'updated_at'
    | 'psu_username'
    | 'method_id'
    | 'otp_attempts'
    | 'oauth_redirect_uri'
    | 'oauth_state'
    | 'oauth_code_hash'
    | 'oauth_code_expires_at'
    | 'oauth_code_challenge'
    | 'oauth_code_used_at'
    | 'confirmation_message'
  >
>;

/** scaStatus values after which an authorisation takes no further step. */
const CLOSED = "('finalised', 'failed', 'exempted')";

export async function findAuthorisation(q: Queryable, id: string): Promise<AuthorisationRow | undefined> {
  return (await q.query<AuthorisationRow>('SELECT * FROM authorisations WHERE id = $1', [id]))[0];
}

/** The row of a new authorisation, for `insertAll`. */
export function authorisationInsert(
  a: Pick<
    AuthorisationRow,
    'id' | 'payment_id' | 'kind' | 'sca_status' | 'psu_username' | 'approach' | 'method_id'
  > &
    Pick<AuthorisationRow, 'tpp_redirect_uri' | 'tpp_nok_redirect_uri'>,
  now: number,
): Insert {
  return { table: 'authorisations', columns: { ...a, created_at: now, updated_at: now } };
}

export async function updateAuthorisation(
  q: Queryable,
  id: string,
  changes: AuthorisationChanges,
): Promise<void> {
  await updateWhere(q, 'authorisations', changes, 'id = $1', [id]);
}

/**
 * Moves an authorisation that is still open to `finalised` or `failed` (the PSU, when given, is recorded).
 * Undefined when it was no longer open: a concurrent decision came first.
 */
export async function closeAuthorisation(
  q: Queryable,
  id: string,
  scaStatus: 'finalised' | 'failed',
  now: number,
  username: string | null,
): Promise<{ payment_id: string; kind: AuthorisationRow['kind'] } | undefined> {
  const rows = await q.query<{ payment_id: string; kind: AuthorisationRow['kind'] }>(
    `UPDATE authorisations SET sca_status = $4, updated_at = $2, psu_username = COALESCE($3, psu_username)
     WHERE id = $1 AND sca_status NOT IN ${CLOSED} RETURNING payment_id, kind`,
    [id, now, username, scaStatus],
  );
  return rows[0];
}

/**
 * Claims an authorisation still waiting for the PSU (not closed, not `unconfirmed`) for an OAuth approval, so
 * that of two concurrent approvals only one issues a code. False when it was no longer waiting.
 */
export async function claimForOAuthApproval(q: Queryable, id: string, now: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE authorisations SET updated_at = $2 WHERE id = $1
     AND sca_status NOT IN ('finalised', 'failed', 'exempted', 'unconfirmed') RETURNING id`,
    [id, now],
  );
  return rows.length > 0;
}

/** A cancelled payment's open payment authorisations fail with it. */
export async function failOpenPaymentAuthorisations(
  q: Queryable,
  paymentId: string,
  now: number,
): Promise<void> {
  await q.query(
    `UPDATE authorisations SET sca_status = 'failed', updated_at = $2
     WHERE payment_id = $1 AND kind = 'payment' AND sca_status NOT IN ${CLOSED}`,
    [paymentId, now],
  );
}

/** How many different PSUs have signed (finalised a payment authorisation of) a payment. */
export async function countSigners(q: Queryable, paymentId: string): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(DISTINCT psu_username)::int AS n FROM authorisations
     WHERE payment_id = $1 AND kind = 'payment' AND sca_status = 'finalised'`,
    [paymentId],
  );
  return rows[0]?.n ?? 0;
}

export async function hasSigned(q: Queryable, paymentId: string, username: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM authorisations WHERE payment_id = $1 AND kind = 'payment' AND sca_status = 'finalised'
     AND psu_username = $2`,
    [paymentId, username],
  );
  return rows.length > 0;
}

export async function authorisationIdsOf(
  q: Queryable,
  paymentId: string,
  kind: AuthorisationRow['kind'],
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM authorisations WHERE payment_id = $1 AND kind = $2 ORDER BY created_at, id',
    [paymentId, kind],
  );
  return rows.map((r) => r.id);
}

/** The newest OAuth payment authorisation of a payment that still waits for the PSU. */
export async function waitingOAuthAuthorisationId(
  q: Queryable,
  paymentId: string,
): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM authorisations WHERE payment_id = $1 AND kind = 'payment' AND approach = 'OAUTH'
     AND sca_status NOT IN ('finalised', 'failed', 'exempted', 'unconfirmed') ORDER BY created_at DESC LIMIT 1`,
    [paymentId],
  );
  return rows[0]?.id;
}

/** The debtor account of the payment an authorisation belongs to. */
export async function debtorIbanOfAuthorisation(
  q: Queryable,
  id: string,
): Promise<string | null | undefined> {
  const rows = await q.query<{ debtor_iban: string | null }>(
    'SELECT p.debtor_iban FROM authorisations a JOIN payments p ON p.id = a.payment_id WHERE a.id = $1',
    [id],
  );
  return rows[0]?.debtor_iban;
}

/** Every authorisation (payment and cancellation), newest first; `paymentId` narrows it to one payment. */
export async function listAuthorisations(q: Queryable, paymentId: string | undefined) {
  return q.query<{
    id: string;
    payment_id: string;
    kind: string;
    sca_status: string;
    psu_username: string | null;
    created_at: number;
    updated_at: number;
  }>(
    `SELECT id, payment_id, kind, sca_status, psu_username, created_at, updated_at FROM authorisations
     WHERE ($1::text IS NULL OR payment_id = $1) ORDER BY created_at DESC, id`,
    [paymentId ?? null],
  );
}
