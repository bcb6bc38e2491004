import { settleClaims } from '../claims/settlement.js';
import { sandboxNow } from '../clock.js';
import type { ExecutionDelays } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { FINAL_STATUSES, findPayment, type PaymentRow, recordStatus } from './payments.js';

/**
 * Execution of approved payments on the sandbox clock:
 * approval -> ACTC at once -> ACSP after `delays.acsp` (funds checked here; RJCT when short)
 * -> ACSC after `delays.acsc` (debtor account debited). Both delays count from the requested execution
 * date instead when that lies in the future (periodic payments: from `startDate`). Periodic payments stop at ACSP: the standing
 * order is accepted, and its executions are not simulated. Steps are rows in `scheduled_transitions`,
 * so a restart carries on where the previous process stopped.
 */
export async function approvePayment(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  delays: ExecutionDelays,
) {
  await recordStatus(tx, payment.id, 'ACTC', 'SCA finalised', now);
  const start = Math.max(now, executionDate(payment) ?? now);
  await tx.query('INSERT INTO scheduled_transitions (payment_id, to_status, due_at) VALUES ($1, $2, $3)', [
    payment.id,
    'ACSP',
    start + delays.acsp * 1000,
  ]);
  if (payment.payment_service !== 'periodic-payments') {
    await tx.query('INSERT INTO scheduled_transitions (payment_id, to_status, due_at) VALUES ($1, $2, $3)', [
      payment.id,
      'ACSC',
      start + Math.max(delays.acsc, delays.acsp) * 1000,
    ]);
  }
}

/** A forward-dated payment (or a standing order's first date) waits in ACTC until that moment. */
function executionDate(payment: PaymentRow): number | undefined {
  const value =
    payment.payment_service === 'periodic-payments'
      ? payment.body.startDate
      : payment.body.requestedExecutionDate;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export async function rejectPayment(tx: Queryable, paymentId: string, reason: string, now: number) {
  await recordStatus(tx, paymentId, 'RJCT', reason, now);
  await tx.query('UPDATE scheduled_transitions SET done = true WHERE payment_id = $1 AND NOT done', [
    paymentId,
  ]);
}

async function hasFunds(tx: Queryable, payment: PaymentRow): Promise<boolean> {
  if (!payment.debtor_iban || payment.total_minor === null) return true;
  const account = await tx.query<{ balance_minor: string }>(
    'SELECT balance_minor::text AS balance_minor FROM accounts WHERE iban = $1 FOR UPDATE',
    [payment.debtor_iban],
  );
  // Payments accepted for execution (ACSP) but not yet debited hold their amount.
  const reserved = await tx.query<{ total: string | null }>(
    `SELECT sum(total_minor)::text AS total FROM payments
     WHERE debtor_iban = $1 AND transaction_status = 'ACSP' AND payment_service <> 'periodic-payments' AND id <> $2`,
    [payment.debtor_iban, payment.id],
  );
  const balance = BigInt(account[0]?.balance_minor ?? '0');
  const held = BigInt(reserved[0]?.total ?? '0');
  return balance - held >= BigInt(payment.total_minor);
}

async function applyTransition(tx: Queryable, payment: PaymentRow, toStatus: string, now: number) {
  if (toStatus === 'ACSP') {
    if (payment.payment_service !== 'periodic-payments' && !(await hasFunds(tx, payment))) {
      await rejectPayment(tx, payment.id, 'AM04 insufficient funds', now);
      return;
    }
    await recordStatus(tx, payment.id, 'ACSP', null, now);
    return;
  }
  if (toStatus === 'ACSC') {
    if (payment.debtor_iban && payment.total_minor !== null) {
      await tx.query('UPDATE accounts SET balance_minor = balance_minor - $2::numeric WHERE iban = $1', [
        payment.debtor_iban,
        payment.total_minor,
      ]);
    }
    await recordStatus(tx, payment.id, 'ACSC', null, now);
    await settleClaims(tx, payment, now);
  }
}

/** Applies every transition due on the sandbox clock. Returns how many were applied. */
export async function runDueTransitions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const now = await sandboxNow(tx);
    const due = await tx.query<{ id: string; payment_id: string; to_status: string; due_at: number }>(
      `SELECT id::text AS id, payment_id, to_status, due_at FROM scheduled_transitions
       WHERE NOT done AND due_at <= $1 ORDER BY due_at, id LIMIT 200 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    for (const transition of due) {
      await tx.query('UPDATE scheduled_transitions SET done = true WHERE id = $1::bigint', [transition.id]);
      const payment = await findPayment(tx, transition.payment_id);
      if (!payment || FINAL_STATUSES.has(payment.transaction_status)) continue;
      // Each step is stamped with its own due time, so the history reads as the sandbox clock ran.
      await applyTransition(tx, payment, transition.to_status, transition.due_at);
    }
    return due.length;
  });
}

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start() {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private readonly extraPasses: Array<() => Promise<unknown>> = [];

  /** Further work run after the payment steps on every pass (webhook deliveries). */
  addPass(pass: () => Promise<unknown>) {
    this.extraPasses.push(pass);
  }

  /** Runs one pass; passes never overlap. */
  tick(): Promise<unknown> {
    this.running = this.running
      .then(async () => {
        await runDueTransitions(this.db);
        for (const pass of this.extraPasses) await pass();
      })
      .catch(this.onError);
    return this.running;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
