import { settleClaims } from '../claims/settlement.js';
import { sandboxNow } from '../clock.js';
import type { ExecutionDelays } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { convertMinor, toMinorUnits } from '../shared/money.js';
import { adjustToBusinessDay, executionDates, isBusinessDay, type StandingOrder } from './calendar.js';
import { FINAL_STATUSES, findPayment, type PaymentRow, recordStatus } from './payments.js';

/**
 * Execution of approved payments on the sandbox clock. Steps are rows in `scheduled_transitions`, so a restart
 * carries on where the previous process stopped. The default path is
 * approval -> ACTC at once -> ACSP after `delays.acsp` (funds checked; RJCT with AM04 when short)
 * -> ACSC after `delays.acsc` (debtor debited; creditor at this bank credited: ACCC, or ACWP when its account
 * takes no credits). Variants (README "Transaction statuses"):
 * - forward-dated: PDNG until the date; a date on a weekend or bank holiday moves to the next business day: ACWC;
 * - IOBWS (straight-through): ACTC -> ACCP -> ACFC (funds) -> ACSP -> ACSC -> ACCC;
 * - short of funds with `TPP-Rejection-No-Funds-Preferred: false`: PDNG, funds re-checked hourly for 24 hours;
 * - bulk with elements to unknown accounts at this bank: PART (the others are booked) or RJCT (all bad);
 * - periodic: ACSP once accepted, then one debit per execution date until `endDate` (then ACSC).
 */

const FUNDS_RECHECK_MS = 3_600_000;
const FUNDS_RECHECK_ATTEMPTS = 24;
/** Bank codes of the sandbox bank: a creditor IBAN with one of these must exist here. */
export const SANDBOX_BANK_CODES = new Set(['0159', '0133', '0515']);

export async function scheduleTransition(
  tx: Queryable,
  paymentId: string,
  toStatus: string,
  dueAt: number,
  params: Record<string, unknown> | null = null,
  authorisationId: string | null = null,
) {
  await tx.query(
    `INSERT INTO scheduled_transitions (payment_id, to_status, due_at, params, authorisation_id)
     VALUES ($1, $2, $3, $4::jsonb, $5)`,
    [paymentId, toStatus, dueAt, params === null ? null : JSON.stringify(params), authorisationId],
  );
}

async function cancelPendingTransitions(tx: Queryable, paymentId: string) {
  await tx.query(
    `UPDATE scheduled_transitions SET done = true WHERE payment_id = $1 AND NOT done AND to_status <> 'SCA_AUTO_APPROVE'`,
    [paymentId],
  );
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function requestedDate(payment: PaymentRow): string | undefined {
  const value = payment.body.requestedExecutionDate;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

export async function approvePayment(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  delays: ExecutionDelays,
  reason = 'SCA finalised',
) {
  await recordStatus(tx, payment.id, 'ACTC', reason, now);
  const acsp = delays.acsp * 1000;
  const acsc = Math.max(delays.acsc, delays.acsp) * 1000;

  if (payment.payment_service === 'periodic-payments') {
    await scheduleTransition(tx, payment.id, 'ACSP', now + acsp);
    const dates = executionDates(standingOrder(payment), 1);
    if (dates[0]) {
      await scheduleTransition(
        tx,
        payment.id,
        'PERIODIC_EXECUTE',
        Math.max(Date.parse(`${dates[0]}T00:00:00Z`), now) + acsc,
        { index: 0, date: dates[0] },
      );
    }
    return;
  }

  const requested = requestedDate(payment);
  if (requested !== undefined) {
    const day = utcDay(Date.parse(requested));
    if (!isBusinessDay(day)) {
      const moved = adjustToBusinessDay(day, 'following');
      const start = Math.max(Date.parse(`${moved}T00:00:00Z`), now);
      await scheduleTransition(tx, payment.id, 'ACWC', now + Math.min(acsp, 1000), { movedTo: moved });
      await scheduleTransition(tx, payment.id, 'ACSP', start + acsp);
      await scheduleTransition(tx, payment.id, 'ACSC', start + acsc);
      return;
    }
    const start = Date.parse(requested);
    if (start > now) {
      await scheduleTransition(tx, payment.id, 'PDNG', now + Math.min(acsp, 1000), { until: requested });
      await scheduleTransition(tx, payment.id, 'ACSP', start + acsp);
      await scheduleTransition(tx, payment.id, 'ACSC', start + acsc);
      return;
    }
  }
  if (payment.sca_approach === 'IOBWS') {
    await scheduleTransition(tx, payment.id, 'ACCP', now + acsp / 3);
    await scheduleTransition(tx, payment.id, 'ACFC', now + (2 * acsp) / 3);
  }
  await scheduleTransition(tx, payment.id, 'ACSP', now + acsp);
  await scheduleTransition(tx, payment.id, 'ACSC', now + acsc, { acscAfterAcsp: acsc - acsp });
}

function standingOrder(payment: PaymentRow): StandingOrder {
  const b = payment.body;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const rule = text(b.executionRule);
  return {
    startDate: text(b.startDate) ?? new Date(payment.created_at).toISOString(),
    endDate: text(b.endDate),
    frequency: text(b.frequency),
    dayOfExecution: text(b.dayOfExecution),
    executionRule: rule === 'preceding' ? 'preceding' : rule === 'following' ? 'following' : undefined,
  };
}

export async function rejectPayment(tx: Queryable, paymentId: string, reason: string, now: number) {
  await recordStatus(tx, paymentId, 'RJCT', reason, now);
  await cancelPendingTransitions(tx, paymentId);
}

/** Cancels a payment (CANC) and everything it still had scheduled. */
export async function cancelPayment(tx: Queryable, paymentId: string, reason: string, now: number) {
  await recordStatus(tx, paymentId, 'CANC', reason, now);
  await tx.query('UPDATE scheduled_transitions SET done = true WHERE payment_id = $1 AND NOT done', [
    paymentId,
  ]);
  await tx.query(
    `UPDATE authorisations SET sca_status = 'failed', updated_at = $2
     WHERE payment_id = $1 AND kind = 'payment' AND sca_status NOT IN ('finalised', 'failed', 'exempted')`,
    [paymentId, now],
  );
}

async function hasFunds(tx: Queryable, payment: PaymentRow, amountMinor?: bigint): Promise<boolean> {
  if (!payment.debtor_iban || payment.total_minor === null) return true;
  const account = await tx.query<{ balance_minor: string }>(
    'SELECT balance_minor::text AS balance_minor FROM accounts WHERE iban = $1 FOR UPDATE',
    [payment.debtor_iban],
  );
  // Payments accepted for execution (ACSP) but not yet debited hold their amount.
  const reserved = await tx.query<{ total: string | null }>(
    `SELECT sum(total_minor)::text AS total FROM payments
     WHERE debtor_iban = $1 AND transaction_status IN ('ACSP', 'ACFC') AND payment_service <> 'periodic-payments' AND id <> $2`,
    [payment.debtor_iban, payment.id],
  );
  const balance = BigInt(account[0]?.balance_minor ?? '0');
  const held = BigInt(reserved[0]?.total ?? '0');
  return balance - held >= (amountMinor ?? BigInt(payment.total_minor));
}

async function debit(tx: Queryable, iban: string | null, minor: bigint) {
  if (!iban) return;
  await tx.query('UPDATE accounts SET balance_minor = balance_minor - $2::numeric WHERE iban = $1', [
    iban,
    minor.toString(),
  ]);
}

type Amount = { currency: string; amount: string };
type Reference = { iban?: string | null };

/** A creditor account at this bank: credited (ACCC), or not posted (ACWP) when it takes no credits. */
async function postToCreditor(tx: Queryable, payment: PaymentRow, now: number) {
  if (payment.payment_service !== 'payments') return;
  const iban = (payment.body.creditorAccount as Reference | undefined)?.iban;
  const amount = payment.body.instructedAmount as Amount | undefined;
  const account = iban
    ? (
        await tx.query<{ currency: string; credit_blocked: boolean }>(
          'SELECT currency, credit_blocked FROM accounts WHERE iban = $1',
          [iban],
        )
      )[0]
    : undefined;
  if (account?.credit_blocked) {
    await recordStatus(tx, payment.id, 'ACWP', 'creditor account takes no credits', now);
    return;
  }
  if (account && amount) {
    const minor = convertMinor(
      toMinorUnits(amount.amount, amount.currency),
      amount.currency,
      account.currency,
    );
    await tx.query('UPDATE accounts SET balance_minor = balance_minor + $2::numeric WHERE iban = $1', [
      iban,
      minor.toString(),
    ]);
    await recordStatus(tx, payment.id, 'ACCC', 'credited to the creditor account at this bank', now);
    return;
  }
  if (payment.sca_approach === 'IOBWS') {
    await recordStatus(tx, payment.id, 'ACCC', 'settled through domestic clearing', now);
  }
}

/** Bulk elements whose creditor IBAN belongs to this bank but names no account here are rejected (AC03). */
async function badBulkElements(tx: Queryable, payment: PaymentRow): Promise<Set<number>> {
  const bad = new Set<number>();
  const elements = (payment.body.payments as Array<{ creditorAccount?: Reference }> | undefined) ?? [];
  for (const [index, element] of elements.entries()) {
    const iban = element.creditorAccount?.iban;
    if (!iban?.startsWith('IS') || !SANDBOX_BANK_CODES.has(iban.slice(4, 8))) continue;
    const found = await tx.query('SELECT 1 FROM accounts WHERE iban = $1', [iban]);
    if (found.length === 0) bad.add(index);
  }
  return bad;
}

async function shortOfFunds(
  tx: Queryable,
  payment: PaymentRow,
  now: number,
  params: Record<string, unknown> | null,
) {
  if (payment.no_funds_preferred === false) {
    await cancelPendingTransitions(tx, payment.id);
    if (payment.transaction_status !== 'PDNG')
      await recordStatus(tx, payment.id, 'PDNG', 'AM04 waiting for funds', now);
    await scheduleTransition(tx, payment.id, 'FUNDS_RECHECK', now + FUNDS_RECHECK_MS, {
      attempt: 1,
      acscAfterAcsp: params?.acscAfterAcsp ?? 1000,
    });
    return;
  }
  await rejectPayment(tx, payment.id, 'AM04 insufficient funds', now);
}

/** Special steps the SCA module registers (decoupled automatic approval) without an import cycle. */
const handlers = new Map<
  string,
  (
    tx: Queryable,
    authorisationId: string,
    params: Record<string, unknown> | null,
    now: number,
  ) => Promise<void>
>();
export function registerTransitionHandler(
  name: string,
  handler: (
    tx: Queryable,
    authorisationId: string,
    params: Record<string, unknown> | null,
    now: number,
  ) => Promise<void>,
) {
  handlers.set(name, handler);
}

interface Transition {
  id: string;
  payment_id: string;
  to_status: string;
  due_at: number;
  params: Record<string, unknown> | null;
  authorisation_id: string | null;
}

async function applyTransition(tx: Queryable, payment: PaymentRow, t: Transition) {
  const now = t.due_at;
  switch (t.to_status) {
    case 'PDNG':
      await recordStatus(
        tx,
        payment.id,
        'PDNG',
        `waiting for the execution date ${t.params?.until ?? ''}`,
        now,
      );
      return;
    case 'ACWC':
      await recordStatus(
        tx,
        payment.id,
        'ACWC',
        `execution date moved to the next business day ${t.params?.movedTo ?? ''}`,
        now,
      );
      return;
    case 'ACCP':
      await recordStatus(tx, payment.id, 'ACCP', 'customer profile checked', now);
      return;
    case 'ACFC':
      if (!(await hasFunds(tx, payment))) return shortOfFunds(tx, payment, now, t.params);
      await recordStatus(tx, payment.id, 'ACFC', 'funds checked', now);
      return;
    case 'ACSP': {
      if (payment.payment_service === 'periodic-payments') {
        await recordStatus(tx, payment.id, 'ACSP', 'standing order accepted', now);
        return;
      }
      if (payment.payment_service === 'bulk-payments') {
        const bad = await badBulkElements(tx, payment);
        if (bad.size > 0) return settleBulkPartly(tx, payment, bad, now);
      }
      if (payment.transaction_status !== 'ACFC' && !(await hasFunds(tx, payment)))
        return shortOfFunds(tx, payment, now, t.params);
      await recordStatus(tx, payment.id, 'ACSP', null, now);
      return;
    }
    case 'FUNDS_RECHECK': {
      const attempt = Number(t.params?.attempt ?? 1);
      if (await hasFunds(tx, payment)) {
        await recordStatus(tx, payment.id, 'ACSP', 'funds arrived', now);
        await scheduleTransition(tx, payment.id, 'ACSC', now + Number(t.params?.acscAfterAcsp ?? 1000));
      } else if (attempt >= FUNDS_RECHECK_ATTEMPTS) {
        await rejectPayment(tx, payment.id, 'AM04 insufficient funds', now);
      } else {
        await scheduleTransition(tx, payment.id, 'FUNDS_RECHECK', now + FUNDS_RECHECK_MS, {
          ...t.params,
          attempt: attempt + 1,
        });
      }
      return;
    }
    case 'ACSC':
      if (payment.transaction_status !== 'ACSP') return;
      if (payment.total_minor !== null) await debit(tx, payment.debtor_iban, BigInt(payment.total_minor));
      await recordStatus(tx, payment.id, 'ACSC', null, now);
      await postToCreditor(tx, payment, now);
      await settleClaims(tx, payment, now);
      return;
    case 'PERIODIC_EXECUTE':
      return executeStandingOrder(tx, payment, t, now);
    default: {
      const handler = handlers.get(t.to_status);
      if (handler && t.authorisation_id) await handler(tx, t.authorisation_id, t.params, now);
    }
  }
}

async function settleBulkPartly(tx: Queryable, payment: PaymentRow, bad: Set<number>, now: number) {
  const elements = (payment.body.payments as Array<{ instructedAmount: Amount }> | undefined) ?? [];
  const currency = payment.total_currency ?? 'ISK';
  let good = 0n;
  for (const [index, element] of elements.entries()) {
    if (bad.has(index)) continue;
    const a = element.instructedAmount;
    good += convertMinor(toMinorUnits(a.amount, a.currency), a.currency, currency);
  }
  const statuses = elements.map((_, index) => ({
    index,
    transactionStatus: bad.has(index) ? 'RJCT' : 'ACSC',
    reason: bad.has(index) ? 'AC03 creditor account unknown at this bank' : null,
  }));
  if (bad.size === elements.length || !(await hasFunds(tx, payment, good))) {
    await tx.query('UPDATE payments SET element_statuses = $2::jsonb WHERE id = $1', [
      payment.id,
      JSON.stringify(statuses.map((s) => ({ ...s, transactionStatus: 'RJCT', reason: s.reason ?? 'AM04' }))),
    ]);
    await rejectPayment(
      tx,
      payment.id,
      bad.size === elements.length ? 'AC03 every creditor account unknown' : 'AM04 insufficient funds',
      now,
    );
    return;
  }
  await debit(tx, payment.debtor_iban, good);
  await tx.query(
    'UPDATE payments SET element_statuses = $2::jsonb, total_minor = $3::numeric WHERE id = $1',
    [payment.id, JSON.stringify(statuses), good.toString()],
  );
  await recordStatus(
    tx,
    payment.id,
    'PART',
    `${bad.size} of ${elements.length} payments rejected (AC03)`,
    now,
  );
  // The booked elements pay their claims as they would in a bulk booked whole.
  await settleClaims(tx, payment, now, bad);
  await cancelPendingTransitions(tx, payment.id);
}

async function executeStandingOrder(tx: Queryable, payment: PaymentRow, t: Transition, now: number) {
  const index = Number(t.params?.index ?? 0);
  const date = String(t.params?.date ?? '');
  const ok = await hasFunds(tx, payment);
  if (ok && payment.total_minor !== null) await debit(tx, payment.debtor_iban, BigInt(payment.total_minor));
  await tx.query(
    'INSERT INTO periodic_executions (payment_id, execution_date, status, at) VALUES ($1, $2, $3, $4)',
    [payment.id, date, ok ? 'ACSC' : 'RJCT', now],
  );
  const next = executionDates(standingOrder(payment), index + 2)[index + 1];
  if (next) {
    await scheduleTransition(
      tx,
      payment.id,
      'PERIODIC_EXECUTE',
      Math.max(Date.parse(`${next}T00:00:00Z`), now) + Math.max(0, now - Date.parse(`${date}T00:00:00Z`)),
      { index: index + 1, date: next },
    );
  } else if (typeof payment.body.endDate === 'string') {
    if (payment.transaction_status !== 'ACSP') await recordStatus(tx, payment.id, 'ACSP', null, now);
    await recordStatus(tx, payment.id, 'ACSC', `standing order completed after ${index + 1} executions`, now);
  }
}

/** Applies every transition due on the sandbox clock. Returns how many were applied. */
export async function runDueTransitions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const now = await sandboxNow(tx);
    const due = await tx.query<Transition>(
      `SELECT id::text AS id, payment_id, to_status, due_at, params, authorisation_id FROM scheduled_transitions
       WHERE NOT done AND due_at <= $1 ORDER BY due_at, id LIMIT 200 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    for (const transition of due) {
      await tx.query('UPDATE scheduled_transitions SET done = true WHERE id = $1::bigint', [transition.id]);
      const payment = await findPayment(tx, transition.payment_id);
      if (!payment || FINAL_STATUSES.has(payment.transaction_status)) continue;
      // Each step is stamped with its own due time, so the history reads as the sandbox clock ran.
      await applyTransition(tx, payment, transition);
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

  /** Runs one pass; passes never overlap. Steps that become due through earlier steps run in the same call. */
  tick(): Promise<unknown> {
    this.running = this.running
      .then(async () => {
        for (let pass = 0; pass < 50; pass++) {
          if ((await runDueTransitions(this.db)) === 0) break;
        }
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
