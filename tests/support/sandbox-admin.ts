/**
 * The sandbox bank's admin surface (`/sandbox/*`, loopback only), for fault tests: fault rules, the
 * sandbox clock, and what the bank holds. No vitest dependency, so scripts can use it too.
 */
export interface FaultRule {
  target?: 'request' | 'notification';
  method?: string;
  path?: string;
  pathRegex?: string;
  psu?: string;
  count?: number;
  latencyMs?: number;
  status?: 408 | 429 | 500 | 502 | 503 | 504;
  retryAfterSeconds?: number;
  timeout?: 'after' | 'before';
  holdMs?: number;
  notification?: 'drop' | 'duplicate' | 'reorder';
  error?: {
    status: 400 | 401 | 403 | 404 | 405 | 409;
    code: string;
    path?: string | null;
    text?: string;
    form?: 'tppMessages' | 'problem';
    additionalErrors?: { code: string; title?: string; detail?: string }[];
  };
}

export interface BankPayment {
  paymentId: string;
  idempotencyKey: string | null;
  transactionStatus: string;
  body: Record<string, unknown>;
  history: { transactionStatus: string; reason: string | null; at: string }[];
}

export interface SandboxNotification {
  id: number | string;
  paymentId: string;
  kind: string;
  status: string;
  state: string;
  attempts: {
    attempt: number;
    statusCode: number | null;
    error: string | null;
    fault: string | null;
    durationMs: number;
    at: string;
  }[];
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const addFault = (base: string, rule: FaultRule) =>
  call<{ id: string; remaining: number | null; applied: number }>(base, 'POST', '/sandbox/faults', rule);

export async function listFaults(base: string) {
  return (
    await call<{ faults: { id: string; applied: number; remaining: number | null }[] }>(
      base,
      'GET',
      '/sandbox/faults',
    )
  ).faults;
}

export const clearFaults = (base: string) => call<unknown>(base, 'DELETE', '/sandbox/faults');

export const advanceSandboxClock = (base: string, seconds: number) =>
  call<unknown>(base, 'POST', '/sandbox/clock/advance', { seconds });

export async function bankPayments(base: string): Promise<BankPayment[]> {
  return (await call<{ payments: BankPayment[] }>(base, 'GET', '/sandbox/payments')).payments;
}

export async function sandboxNotifications(base: string, paymentId: string): Promise<SandboxNotification[]> {
  return (
    await call<{ notifications: SandboxNotification[] }>(
      base,
      'GET',
      `/sandbox/notifications?paymentId=${encodeURIComponent(paymentId)}`,
    )
  ).notifications;
}

/** Polls `read` until it returns something other than undefined, for at most `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  timeoutMs: number,
  what = 'a condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The PSU stops a payment in their own online bank, without the app (extra: docs/sandbox-extras.md). */
export const stopInOnlineBank = (base: string, bankPaymentId: string) =>
  call<{ transactionStatus: string }>(base, 'POST', `/sandbox/payments/${bankPaymentId}/stop`);
