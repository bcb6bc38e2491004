import type { Queryable } from '../db/db.js';
import { listAccountsWithOwners } from '../db/queries/accounts.js';
import { listAuthorisations } from '../db/queries/authorisations.js';
import { listNotificationAttempts, listOutbox } from '../db/queries/notifications.js';
import { listPayments, periodicExecutions, statusHistory } from '../db/queries/payments.js';
import { fromMinorUnits } from '../shared/money.js';

/** What the operator surface (`GET /sandbox/...`) shows of the bank's state, as JSON. */

/** The notification outbox with every delivery attempt; `paymentId` narrows it to one payment. */
export async function notificationsReport(db: Queryable, paymentId: string | undefined) {
  const notifications = await listOutbox(db, paymentId);
  const attempts = await listNotificationAttempts(db, paymentId);
  const byOutbox = new Map<string, unknown[]>();
  for (const a of attempts) {
    const list = byOutbox.get(a.outbox_id) ?? [];
    list.push({
      attempt: a.attempt,
      url: a.url,
      xRequestId: a.x_request_id,
      body: a.body,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      fault: a.fault,
      at: new Date(a.at).toISOString(),
    });
    byOutbox.set(a.outbox_id, list);
  }
  return {
    notifications: notifications.map((n) => ({
      id: Number(n.id),
      paymentId: n.payment_id,
      ...(n.authorisation_id
        ? { authorisationId: n.authorisation_id, authorisationKind: n.authorisation_kind }
        : {}),
      kind: n.kind,
      status: n.status,
      state: n.state,
      outcome: n.outcome,
      nextAttemptAt:
        n.state === 'pending' || n.state === 'held' ? new Date(n.next_attempt_at).toISOString() : null,
      createdAt: new Date(n.created_at).toISOString(),
      attempts: byOutbox.get(n.id) ?? [],
    })),
  };
}

/** Every payment with its status history (and a standing order's executions, a bulk's element statuses). */
export async function paymentsReport(db: Queryable) {
  const payments = await listPayments(db);
  const result = [];
  for (const p of payments) {
    result.push({
      paymentId: p.id,
      clientId: p.client_id,
      paymentService: p.payment_service,
      paymentProduct: p.payment_product,
      transactionStatus: p.transaction_status,
      debtorIban: p.debtor_iban,
      total:
        p.total_minor !== null && p.total_currency
          ? { currency: p.total_currency, amount: fromMinorUnits(BigInt(p.total_minor), p.total_currency) }
          : null,
      psuAcceptLanguage: p.psu_accept_language,
      tppRedirectUri: p.tpp_redirect_uri,
      tppNokRedirectUri: p.tpp_nok_redirect_uri,
      tppNotificationUri: p.tpp_notification_uri,
      tppNotificationContentPreferred: p.tpp_notification_content_preferred,
      idempotencyKey: p.idempotency_key,
      createdAt: new Date(p.created_at).toISOString(),
      history: (await statusHistory(db, p.id)).map((h) => ({
        transactionStatus: h.transaction_status,
        reason: h.reason,
        at: new Date(h.at).toISOString(),
      })),
      ...(p.payment_service === 'periodic-payments'
        ? {
            executions: (await periodicExecutions(db, p.id)).map((e) => ({
              executionDate: e.execution_date,
              transactionStatus: e.status,
              at: new Date(e.at).toISOString(),
            })),
          }
        : {}),
      ...(p.payment_service === 'bulk-payments' ? { elementStatuses: p.element_statuses } : {}),
      body: p.body,
    });
  }
  return { payments: result };
}

/** Every authorisation (payment and cancellation), newest first; `paymentId` narrows it to one payment. */
export async function authorisationsReport(db: Queryable, paymentId: string | undefined) {
  const rows = await listAuthorisations(db, paymentId);
  return {
    authorisations: rows.map((r) => ({
      authorisationId: r.id,
      paymentId: r.payment_id,
      kind: r.kind,
      scaStatus: r.sca_status,
      psuUsername: r.psu_username,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
  };
}

export async function accountsReport(db: Queryable) {
  const rows = await listAccountsWithOwners(db);
  return {
    accounts: rows.map((r) => ({
      iban: r.iban,
      username: r.username,
      owner: r.owner,
      kennitala: r.kennitala,
      name: r.name,
      currency: r.currency,
      balance: fromMinorUnits(BigInt(r.balance_minor), r.currency),
    })),
  };
}
