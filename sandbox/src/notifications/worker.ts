import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import { sandboxNow } from '../db/queries/clock.js';
import { nextNotificationAt } from '../db/queries/due-work.js';
import {
  type DueNotification,
  holdNotification,
  insertNotificationAttempt,
  leaseNotification,
  lockDueNotifications,
  releaseExpiredHolds,
  setNotificationAttempts,
  settleNotification,
} from '../db/queries/notifications.js';
import { DueTimer } from '../due-timer.js';
import type { FaultStore } from '../faults/rules.js';
import { psuIdentifiers } from '../faults/subjects.js';
import { BANK_CALL_HEADER } from '../shared/outbound.js';
import { notificationPlan, wanted } from './content.js';

/**
 * Delivery of the notification outbox. Rows are written by database triggers (migration
 * 0003_admin_faults_notifications) on every transactionStatus change of a payment and every scaStatus change
 * of its authorisations, when the payment was initiated with a TPP-Notification-URI. The worker:
 *
 * - sends, per payment, one notification at a time in the order the changes happened;
 * - skips changes the payment's content preference does not cover (state `skipped`, no attempt);
 * - POSTs the Lean Push body with a fresh X-Request-ID per attempt and records every attempt;
 * - retries transport errors, timeouts, 408, 425, 429 and 5xx on the sandbox clock after
 *   `retryDelaysSeconds` (a 429/503 Retry-After that is longer wins), then gives up (`failed`); any other
 *   answer that is not 2xx is final at once, as the IG says for codes other than 200;
 * - applies notification fault rules (drop, duplicate, reorder) on the first attempt.
 */
export interface NotificationOptions {
  /** Real-time wait for the TPP's answer. */
  timeoutMs: number;
  /** Sandbox-clock seconds before attempt 2, 3, …; attempts = length + 1. */
  retryDelaysSeconds: number[];
  /** Sandbox-clock ms a notification held back by a `reorder` rule waits for the next one at most. */
  reorderHoldMs: number;
  intervalMs: number;
}

export const DEFAULT_NOTIFICATION_OPTIONS: NotificationOptions = {
  timeoutMs: 5000,
  retryDelaysSeconds: [5, 30, 120, 600, 3600, 6 * 3600],
  reorderHoldMs: 30_000,
  intervalMs: 250,
};

/** A claimed row stays reserved this long (sandbox clock) in case the process stops mid-delivery. */
const LEASE_MS = 5 * 60_000;

/** The Berlin Group Lean Push body (IG 6.1.1): the resource id and the status that changed. */
export function leanPushBody(row: {
  payment_id: string;
  kind: 'transaction' | 'sca';
  status: string;
  authorisation_id: string | null;
  authorisation_kind: string | null;
}): Record<string, string> {
  if (row.kind === 'transaction') return { paymentId: row.payment_id, transactionStatus: row.status };
  const body: Record<string, string> = { paymentId: row.payment_id };
  if (row.authorisation_id) {
    body[row.authorisation_kind === 'cancellation' ? 'cancellationId' : 'authorisationId'] =
      row.authorisation_id;
  }
  body.scaStatus = row.status;
  return body;
}

function retryable(status: number | null): boolean {
  return status === null || status === 408 || status === 425 || status === 429 || status >= 500;
}

function retryAfterMs(header: string | null): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}

interface AttemptResult {
  statusCode: number | null;
  retryAfterMs: number;
}

export class NotificationWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly inFlight = new Set<string>();
  private readonly timer: DueTimer;

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly faults: FaultStore,
    private readonly options: NotificationOptions,
    private readonly onError: (error: unknown) => void,
    /** Shown each notification as it is sent (its contract check, in tests). */
    private readonly observe?: (body: Record<string, string>, requestId: string) => void,
  ) {
    this.timer = new DueTimer(() => this.kickWhenDue(), { minGapMs: options.intervalMs }, onError);
  }

  start() {
    this.timer.start();
  }

  /** A change of a payment may have added a notification: look now (due-timer.ts). */
  wake() {
    this.timer.wake();
  }

  /** The timer's look: a pass when a notification is due (it drains), and when the next is due. */
  private async kickWhenDue(): Promise<number | null> {
    const db = await this.db();
    const dueAt = await nextNotificationAt(db);
    if (dueAt === null || dueAt > Date.now()) return dueAt;
    await this.kick();
    return nextNotificationAt(db);
  }

  /** Starts a pass now (or right after the one under way). Passes never overlap. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          // Drain: a delivered notification may make the next one of its payment due at once.
          for (let pass = 0; pass < 20 && !this.stopped; pass++) {
            if ((await this.pass()) === 0) break;
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop() {
    this.stopped = true;
    await this.timer.stop();
    await this.running;
  }

  /** One pass: release held notifications whose wait ran out, claim what is due, deliver it. */
  async pass(): Promise<number> {
    const db = await this.db();
    const now = await sandboxNow(db);
    await releaseExpiredHolds(db, now);
    const claimed = await db.transaction(async (tx) => {
      const fresh = (await lockDueNotifications(tx, now)).filter((r) => !this.inFlight.has(r.id));
      for (const row of fresh) await leaseNotification(tx, row.id, now + LEASE_MS);
      return fresh;
    });
    for (const row of claimed) this.inFlight.add(row.id);
    try {
      await Promise.all(claimed.map((row) => this.deliver(db, row)));
    } finally {
      for (const row of claimed) this.inFlight.delete(row.id);
    }
    return claimed.length;
  }

  private async finish(
    db: Queryable,
    row: DueNotification,
    state: string,
    outcome: string,
    nextAttemptAt?: number,
  ) {
    // A notification held back by a reorder rule goes out after this one.
    await settleNotification(db, row, {
      state,
      outcome,
      nextAttemptAt: nextAttemptAt ?? 0,
      now: await sandboxNow(db),
    });
  }

  private async deliver(db: Queryable, row: DueNotification) {
    const plan = notificationPlan(row.uri, row.preferred);
    if (!plan.supported || !row.uri) {
      await this.finish(db, row, 'skipped', 'TPP-Notification-URI not accepted');
      return;
    }
    const change = {
      kind: row.kind,
      status: row.status,
      service: row.payment_service,
      superseded: row.superseded,
    };
    if (!wanted(plan, change)) {
      await this.finish(db, row, 'skipped', `not covered by status=${plan.content.join(',')}`);
      return;
    }
    const uri = row.uri;
    let fault: 'drop' | 'duplicate' | 'reorder' | undefined;
    if (row.attempts === 0 && !row.reordered) {
      const rule = await this.faults.take({
        target: 'notification',
        method: 'POST',
        path: new URL(uri).pathname,
        psu: () => psuIdentifiers(db, row.debtor_iban),
      });
      fault = rule?.notification;
    }
    const body = leanPushBody(row);
    if (fault === 'drop') {
      await this.record(
        db,
        row,
        1,
        uri,
        body,
        { statusCode: null, durationMs: 0, error: 'dropped by a fault rule' },
        'drop',
      );
      await this.finish(db, row, 'dropped', 'dropped by a fault rule');
      return;
    }
    if (fault === 'reorder') {
      const now = await sandboxNow(db);
      await holdNotification(db, row.id, now + this.options.reorderHoldMs, now);
      // The next notification of the payment is no longer blocked.
      this.again = true;
      return;
    }
    const attempt = row.attempts + 1;
    const result = await this.send(db, row, attempt, uri, body);
    if (fault === 'duplicate') await this.send(db, row, attempt, uri, body, 'duplicate');
    await setNotificationAttempts(db, row.id, attempt);
    const code = result.statusCode;
    if (code !== null && code >= 200 && code < 300) {
      await this.finish(db, row, 'delivered', `HTTP ${code}`);
      return;
    }
    const what = code === null ? 'no answer' : `HTTP ${code}`;
    const delay = this.options.retryDelaysSeconds[attempt - 1];
    if (retryable(code) && delay !== undefined) {
      const now = await sandboxNow(db);
      const wait = Math.max(delay * 1000, result.retryAfterMs);
      await this.finish(
        db,
        row,
        'pending',
        `${what}; attempt ${attempt + 1} after ${wait / 1000} s`,
        now + wait,
      );
      return;
    }
    await this.finish(db, row, 'failed', `${what} after ${attempt} attempt${attempt === 1 ? '' : 's'}`);
  }

  private async send(
    db: Queryable,
    row: DueNotification,
    attempt: number,
    uri: string,
    body: Record<string, string>,
    fault?: 'duplicate',
  ): Promise<AttemptResult> {
    const requestId = randomUUID();
    this.observe?.(body, requestId);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let retryAfter = 0;
    try {
      const response = await fetch(uri, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Request-ID': requestId,
          [BANK_CALL_HEADER]: 'notification',
        },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      statusCode = response.status;
      retryAfter = retryAfterMs(response.headers.get('Retry-After'));
      await response.body?.cancel().catch(() => {});
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      error =
        err.name === 'TimeoutError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : (err.cause?.code ?? err.cause?.message ?? err.message);
    }
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    await this.record(
      db,
      row,
      attempt,
      uri,
      body,
      { statusCode, durationMs, error, requestId },
      fault ?? null,
    );
    return { statusCode, retryAfterMs: retryAfter };
  }

  private async record(
    db: Queryable,
    row: DueNotification,
    attempt: number,
    uri: string,
    body: Record<string, string>,
    result: { statusCode: number | null; durationMs: number; error: string | null; requestId?: string },
    fault: string | null,
  ) {
    await insertNotificationAttempt(db, {
      outboxId: row.id,
      paymentId: row.payment_id,
      attempt,
      url: uri,
      requestId: result.requestId ?? randomUUID(),
      body,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      fault,
      at: await sandboxNow(db),
    });
  }
}

/** Creates and starts the notification worker of a bank (server.ts). */
export function startNotificationWorker(
  db: () => Promise<Db>,
  faults: FaultStore,
  options: Partial<NotificationOptions>,
  onError: (error: unknown) => void,
  observe?: (body: Record<string, string>, requestId: string) => void,
): NotificationWorker {
  const worker = new NotificationWorker(
    db,
    faults,
    { ...DEFAULT_NOTIFICATION_OPTIONS, ...options },
    onError,
    observe,
  );
  worker.start();
  return worker;
}
