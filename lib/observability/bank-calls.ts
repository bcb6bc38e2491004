import { bankById } from '@/lib/bank/directory';
import { bankErrorCodes } from '@/lib/bank/errors';
import { type BankCall, observeBankCalls } from '@/lib/bank/observer';
import { getDb } from '@/lib/db';
import { insertBankCalls, type NewBankCallAuditRow } from '@/lib/db/queries/bank-call-audit';
import { logger } from '@/lib/log';
import { currentRequestId } from '@/lib/security/request-context';
import { inBackground } from '@/lib/server/background';
import { processGlobal } from '@/lib/server/process-global';
import { bankCallKind } from './bank-call-kind';
import { workContext } from './context';
import { metrics } from './metrics';
import { currentTraceId, recordSpan } from './tracing';

/**
 * The app's observer of every call to every bank (lib/bank/observer.ts): a row in the audit trail
 * (table bank_call_audit), the bank-call metrics, and a span in the trace under way. Registered once per
 * process at start-up (lib/server/start.ts); the domain code does nothing for it beyond naming the
 * payment a piece of work is for (lib/payments/payment-bank.ts `inPaymentBank`).
 */
interface AuditQueue {
  rows: NewBankCallAuditRow[];
  flushing?: Promise<void>;
  /** A flush is scheduled in the background (lib/server/background.ts) and has not begun. */
  scheduled?: boolean;
  registered?: () => void;
}

const queue = processGlobal<AuditQueue>('bank-call-audit', () => ({ rows: [] }));

// A bank that answers thousands of rows faster than the database takes them does not grow memory
// without bound: past this many waiting rows, the oldest are dropped (counted and logged).
const maxWaiting = 20_000;
const maxBatch = 500;

function outcomeClass(status: number | undefined): string {
  return status === undefined ? 'none' : `${Math.floor(status / 100)}xx`;
}

function observe(call: BankCall): void {
  const bank = call.bankId ? bankById(call.bankId) : undefined;
  const kind = bankCallKind(call, bank?.urls);
  const labels = { bank: call.bankId ?? 'unknown', interface: kind.bankInterface, operation: kind.operation };
  const failed = call.status === undefined || call.status >= 400;
  const m = metrics();
  m.bankCallDuration.observe({ ...labels, outcome: outcomeClass(call.status) }, call.durationMs / 1000);
  if (failed) {
    const code = call.codes.find((c) => bankErrorCodes.has(c)) ?? (call.codes.length ? 'other' : '');
    m.bankCallErrors.inc({
      ...labels,
      status: call.status === undefined ? 'none' : String(call.status),
      code,
    });
  }
  if (call.attempt > 0) m.bankCallRetries.inc(labels);
  if (call.token) {
    const outcome = call.status === undefined || call.status >= 500 ? 'failed' : failed ? 'refused' : 'ok';
    m.tokenRequests.inc({ bank: labels.bank, interface: call.api, outcome });
  }

  const { psuId, paymentId, job } = workContext();
  const appRequestId = currentRequestId();
  recordSpan(
    `bank ${kind.bankInterface} ${kind.operation}`,
    {
      'greidsla.bank.id': labels.bank,
      'greidsla.bank.interface': kind.bankInterface,
      'greidsla.bank.operation': kind.operation,
      'greidsla.bank.request_id': call.requestId,
      'greidsla.bank.retry': call.attempt,
      'http.request.method': call.method,
      'url.path': kind.path,
      ...(call.status !== undefined ? { 'http.response.status_code': call.status } : {}),
      ...(call.codes.length
        ? { 'greidsla.bank.error_code': call.codes[0], 'greidsla.bank.error_codes': call.codes }
        : {}),
      ...(call.failure ? { 'error.type': call.failure } : {}),
      ...(paymentId ? { 'greidsla.payment.id': paymentId } : {}),
      ...(appRequestId ? { 'greidsla.request_id': appRequestId } : {}),
    },
    call.startedAt,
    call.durationMs,
    failed,
  );

  enqueue({
    at: call.startedAt,
    bankId: call.bankId ?? null,
    bankInterface: kind.bankInterface,
    operation: kind.operation,
    method: call.method,
    path: kind.path,
    requestId: call.requestId,
    psuId: psuId ?? null,
    paymentId: paymentId ?? null,
    appRequestId: appRequestId ?? null,
    job: job ?? null,
    traceId: currentTraceId() ?? null,
    status: call.status ?? null,
    errorCodes: call.codes.slice(0, 10).map((code) => code.slice(0, 70)),
    failure: call.failure ?? null,
    durationMs: Math.round(call.durationMs),
    retry: call.attempt,
  });
}

function enqueue(row: NewBankCallAuditRow): void {
  queue.rows.push(row);
  if (queue.rows.length > maxWaiting) {
    const dropped = queue.rows.splice(0, queue.rows.length - maxWaiting);
    metrics().auditWriteFailures.inc(dropped.length);
    logger.error({ dropped: dropped.length }, 'bank-call audit rows dropped: the database does not keep up');
  }
  scheduleFlush();
}

/** Writing begins at once when a batch is full; else in the background, joined by the request's other calls. */
function scheduleFlush(): void {
  if (queue.flushing) return;
  if (queue.rows.length >= maxBatch) void startFlush();
  else if (!queue.scheduled) {
    queue.scheduled = true;
    inBackground(() => {
      queue.scheduled = false;
      return startFlush();
    });
  }
}

/** The writing under way, or a new one. Rows told meanwhile are written by it, or by the next. */
function startFlush(): Promise<void> {
  queue.flushing ??= writeWaiting().finally(() => {
    queue.flushing = undefined;
    if (queue.rows.length > 0) scheduleFlush();
  });
  return queue.flushing;
}

/**
 * Writes what waits, a batch at a time, until nothing does. Rows told while a batch is written go in
 * the next, so under load the trail costs a statement per batch, not per call.
 */
async function writeWaiting(): Promise<void> {
  while (queue.rows.length > 0) {
    const batch = queue.rows.splice(0, maxBatch);
    try {
      await insertBankCalls(await getDb(), batch);
    } catch (error) {
      metrics().auditWriteFailures.inc(batch.length);
      logger.error({ err: error, rows: batch.length }, 'bank-call audit rows could not be written');
    }
  }
}

/** Waits until every call told so far is in the database (at shutdown, and for tests). */
export async function flushBankCallAudit(): Promise<void> {
  while (queue.flushing || queue.rows.length > 0) await startFlush();
}

/** Registers the observer, once per process. */
export function recordBankCalls(): void {
  queue.registered ??= observeBankCalls(observe);
}
