import type { Queryable } from '../db/db.js';

export type PaymentService = 'payments' | 'bulk-payments' | 'periodic-payments';
export type PaymentProduct = 'credit-transfers' | 'card-deposits';
export const PAYMENT_SERVICES: readonly PaymentService[] = ['payments', 'bulk-payments', 'periodic-payments'];
export const PAYMENT_PRODUCTS: readonly PaymentProduct[] = ['credit-transfers', 'card-deposits'];

export const FINAL_STATUSES = new Set(['ACSC', 'ACCC', 'ACWP', 'PART', 'RJCT', 'CANC']);

export interface PaymentRow {
  id: string;
  client_id: string;
  payment_service: PaymentService;
  payment_product: PaymentProduct;
  body: Record<string, unknown>;
  transaction_status: string;
  debtor_iban: string | null;
  total_currency: string | null;
  total_minor: string | null;
  payment_information_id: string | null;
  idempotency_key: string | null;
  request_hash: string;
  response: Record<string, unknown>;
  psu_accept_language: 'is' | 'en';
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  tpp_notification_uri: string | null;
  tpp_notification_content_preferred: string | null;
  psu_ip_address: string | null;
  x_request_id: string;
  created_at: number;
  updated_at: number;
  /** REDIRECT, OAUTH, DECOUPLED, EMBEDDED, MULTILEVEL or IOBWS (null: created before approaches existed). */
  sca_approach: string | null;
  psu_username: string | null;
  no_funds_preferred: boolean | null;
  element_statuses: Array<{ index: number; transactionStatus: string; reason: string | null }> | null;
}

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
  confirmation_message: string | null;
}

export interface AccountRow {
  iban: string;
  bban: string;
  owner_username: string;
  name: string;
  currency: string;
  balance_minor: string;
  credit_blocked?: boolean;
}

const PAYMENT_COLUMNS = `id, client_id, payment_service, payment_product, body, transaction_status, debtor_iban,
  total_currency, total_minor::text AS total_minor, payment_information_id, idempotency_key, request_hash, response,
  psu_accept_language, tpp_redirect_uri, tpp_nok_redirect_uri, tpp_notification_uri,
  tpp_notification_content_preferred, psu_ip_address, x_request_id, created_at, updated_at, sca_approach, psu_username,
  no_funds_preferred, element_statuses`;

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const rows = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0];
}

export async function findPaymentByIdempotencyKey(
  db: Queryable,
  clientId: string,
  key: string,
): Promise<PaymentRow | undefined> {
  const rows = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE client_id = $1 AND idempotency_key = $2`,
    [clientId, key],
  );
  return rows[0];
}

export async function listPayments(db: Queryable): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments ORDER BY created_at DESC, id`);
}

export async function findAuthorisation(db: Queryable, id: string): Promise<AuthorisationRow | undefined> {
  const rows = await db.query<AuthorisationRow>('SELECT * FROM authorisations WHERE id = $1', [id]);
  return rows[0];
}

export async function findAccountByReference(
  db: Queryable,
  reference: { iban?: string | null; bban?: string | null },
): Promise<AccountRow | undefined> {
  const columns =
    'iban, bban, owner_username, name, currency, balance_minor::text AS balance_minor, credit_blocked';
  if (reference.iban) {
    return (
      await db.query<AccountRow>(`SELECT ${columns} FROM accounts WHERE iban = $1`, [reference.iban])
    )[0];
  }
  if (reference.bban) {
    return (
      await db.query<AccountRow>(`SELECT ${columns} FROM accounts WHERE bban = $1`, [reference.bban])
    )[0];
  }
  return undefined;
}

export async function statusHistory(
  db: Queryable,
  paymentId: string,
): Promise<Array<{ transaction_status: string; reason: string | null; at: number }>> {
  return db.query(
    'SELECT transaction_status, reason, at FROM payment_status_history WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
}

/** The executions of a standing order so far: one row per execution date, ACSC (debited) or RJCT (no funds). */
export async function periodicExecutions(
  db: Queryable,
  paymentId: string,
): Promise<Array<{ execution_date: string; status: string; at: number }>> {
  return db.query(
    'SELECT execution_date, status, at FROM periodic_executions WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
}

export async function recordStatus(
  db: Queryable,
  paymentId: string,
  status: string,
  reason: string | null,
  at: number,
): Promise<void> {
  await db.query('UPDATE payments SET transaction_status = $2, updated_at = $3 WHERE id = $1', [
    paymentId,
    status,
    at,
  ]);
  await db.query(
    'INSERT INTO payment_status_history (payment_id, transaction_status, reason, at) VALUES ($1, $2, $3, $4)',
    [paymentId, status, reason, at],
  );
}

export async function setScaStatus(
  db: Queryable,
  authorisationId: string,
  scaStatus: string,
  at: number,
  psuUsername?: string,
): Promise<void> {
  await db.query(
    'UPDATE authorisations SET sca_status = $2, updated_at = $3, psu_username = COALESCE($4, psu_username) WHERE id = $1',
    [authorisationId, scaStatus, at, psuUsername ?? null],
  );
}
