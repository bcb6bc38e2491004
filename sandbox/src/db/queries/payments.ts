import type { Db, Queryable } from '../db.js';
import type { InitiationFailure } from './initiation-failures.js';
import { type Insert, insertInto, jsonb, numeric, updateWhere } from './sql.js';

export type PaymentService = 'payments' | 'bulk-payments' | 'periodic-payments';
export type PaymentProduct = 'credit-transfers' | 'card-deposits';
export type ElementStatus = { index: number; transactionStatus: string; reason: string | null };

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
  element_statuses: ElementStatus[] | null;
}

/** A new payment, in status RCVD; `total_minor` in the debtor account's currency. */
export type NewPayment = Omit<
  PaymentRow,
  'transaction_status' | 'total_minor' | 'updated_at' | 'element_statuses' | 'total_currency' | 'debtor_iban'
> & { debtor_iban: string; total_currency: string; total_minor: bigint };

const COLUMNS = `id, client_id, payment_service, payment_product, body, transaction_status, debtor_iban,
  total_currency, total_minor::text AS total_minor, payment_information_id, idempotency_key, request_hash, response,
  psu_accept_language, tpp_redirect_uri, tpp_nok_redirect_uri, tpp_notification_uri,
  tpp_notification_content_preferred, psu_ip_address, x_request_id, created_at, updated_at, sca_approach, psu_username,
  no_funds_preferred, element_statuses`;

export async function findPayment(q: Queryable, id: string): Promise<PaymentRow | undefined> {
  return (await q.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]))[0];
}

/**
 * The payment, held for this transaction until it ends (`changingPayment`). `ifFree`: undefined at once when
 * another transaction holds it, instead of waiting. Other transactions may still add rows that refer to the
 * payment (a notification, a step).
 */
export async function lockPayment(
  q: Queryable,
  id: string,
  { ifFree = false }: { ifFree?: boolean } = {},
): Promise<PaymentRow | undefined> {
  const lock = `FOR NO KEY UPDATE${ifFree ? ' SKIP LOCKED' : ''}`;
  return (await q.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1 ${lock}`, [id]))[0];
}

/**
 * A transaction that changes the payment `id` or its authorisations: `work` gets the payment held first, before
 * any of their rows, so that two writers of one payment queue on it instead of each holding a row the other waits
 * for (a deadlock, which PostgreSQL ends by failing one of them).
 */
export function changingPayment<T>(
  db: Db,
  id: string,
  work: (tx: Queryable, payment: PaymentRow | undefined) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => work(tx, await lockPayment(tx, id)));
}

export async function findPaymentByIdempotencyKey(
  q: Queryable,
  clientId: string,
  key: string,
): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND idempotency_key = $2`,
    [clientId, key],
  );
  return rows[0];
}

/**
 * What a TPP's Idempotency-Key already stands for, in one statement: the payment made under it, else the refusal
 * it got (initiation_failures, its status and error body); neither for a new key.
 */
export async function findIdempotencyOutcome<E>(
  q: Queryable,
  clientId: string,
  key: string,
): Promise<{ payment?: PaymentRow; refusal?: InitiationFailure<E> }> {
  const [row] = await q.query<PaymentRow & { refusal_status: number | null; refusal_error: E | null }>(
    `SELECT p.*, f.refusal_status, f.refusal_error
     FROM (VALUES (1)) AS one (n)
     LEFT JOIN (SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND idempotency_key = $2) p ON true
     LEFT JOIN (SELECT status AS refusal_status, error AS refusal_error FROM initiation_failures
       WHERE client_id = $1 AND idempotency_key = $2) f ON true`,
    [clientId, key],
  );
  if (!row) return {};
  const { refusal_status, refusal_error, ...payment } = row;
  if (payment.id !== null) return { payment };
  return refusal_status === null ? {} : { refusal: { status: refusal_status, error: refusal_error } };
}

export async function listPayments(q: Queryable): Promise<PaymentRow[]> {
  return q.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments ORDER BY created_at DESC, id`);
}

/** Whether a TPP already made a payment with this paymentInformationId. */
export async function paymentInformationIdUsed(q: Queryable, clientId: string, id: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM payments WHERE client_id = $1 AND payment_information_id = $2', [
    clientId,
    id,
  ]);
  return rows.length > 0;
}

/** The rows of a new payment (RCVD) and the first entry of its status history, for `insertAll`. */
export function paymentInserts(payment: NewPayment, reason: string): Insert[] {
  return [
    {
      table: 'payments',
      columns: {
        ...payment,
        body: jsonb(payment.body),
        response: jsonb(payment.response),
        total_minor: numeric(payment.total_minor),
        transaction_status: 'RCVD',
        updated_at: payment.created_at,
      },
    },
    {
      table: 'payment_status_history',
      columns: { payment_id: payment.id, transaction_status: 'RCVD', reason, at: payment.created_at },
    },
  ];
}

/** A new transactionStatus, with its entry in the status history. */
export async function recordStatus(
  q: Queryable,
  paymentId: string,
  status: string,
  reason: string | null,
  at: number,
): Promise<void> {
  await updateWhere(q, 'payments', { transaction_status: status, updated_at: at }, 'id = $1', [paymentId]);
  await insertInto(q, 'payment_status_history', {
    payment_id: paymentId,
    transaction_status: status,
    reason,
    at,
  });
}

/** The status of each bulk element, and the total actually debited when only some were booked. */
export async function setElementStatuses(
  q: Queryable,
  paymentId: string,
  statuses: ElementStatus[],
  totalMinor?: bigint,
): Promise<void> {
  await updateWhere(
    q,
    'payments',
    {
      element_statuses: jsonb(statuses),
      total_minor: totalMinor === undefined ? undefined : numeric(totalMinor),
    },
    'id = $1',
    [paymentId],
  );
}

export async function statusHistory(
  q: Queryable,
  paymentId: string,
): Promise<Array<{ transaction_status: string; reason: string | null; at: number }>> {
  return q.query(
    'SELECT transaction_status, reason, at FROM payment_status_history WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
}

/** The executions of a standing order so far: one row per execution date, ACSC (debited) or RJCT (no funds). */
export async function periodicExecutions(
  q: Queryable,
  paymentId: string,
): Promise<Array<{ execution_date: string; status: string; at: number }>> {
  return q.query(
    'SELECT execution_date, status, at FROM periodic_executions WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
}

/** Whether a standing order's execution on `executionDate` is recorded. */
export async function periodicExecutionRecorded(
  q: Queryable,
  paymentId: string,
  executionDate: string,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM periodic_executions WHERE payment_id = $1 AND execution_date = $2',
    [paymentId, executionDate],
  );
  return rows.length > 0;
}

export async function insertPeriodicExecution(
  q: Queryable,
  execution: { paymentId: string; executionDate: string; status: 'ACSC' | 'RJCT'; at: number },
): Promise<void> {
  await insertInto(q, 'periodic_executions', {
    payment_id: execution.paymentId,
    execution_date: execution.executionDate,
    status: execution.status,
    at: execution.at,
  });
}

/** The amount the PSU stated on the bank's SCA page for a payment initiated without one. */
export async function setStatedAmount(
  q: Queryable,
  paymentId: string,
  instructedAmount: { currency: string; amount: string },
  totalMinor: bigint,
  at: number,
): Promise<void> {
  await q.query(
    `UPDATE payments SET body = jsonb_set(body, '{instructedAmount}', $2::jsonb), total_minor = $3::numeric,
       updated_at = $4
     WHERE id = $1 AND coalesce(jsonb_typeof(body -> 'instructedAmount'), 'null') = 'null'`,
    [paymentId, JSON.stringify(instructedAmount), totalMinor.toString(), at],
  );
}
