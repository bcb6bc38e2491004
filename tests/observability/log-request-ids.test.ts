import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// An operator follows one request from the audit trail to the log (docs/operations.md, "Following one payment"):
// a line written while a PSU's request sends a payment carries that request's X-Request-ID as `requestId` (the
// audit row's app request id) and the X-Request-ID the bank received as `bankRequestId` (the row's X-Request-ID).
const INITIATION = /^\/psd2\/api\/v1\/payments\/credit-transfers$/;

let app: AppAtSandbox;
let log: typeof import('@/lib/log');
let context: typeof import('@/lib/security/request-context');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'log-request-ids-secret-0123456789abcdefgh' });
  log = await import('@/lib/log');
  context = await import('@/lib/security/request-context');
});

afterAll(() => app?.close());

describe('the log line of an initiation the bank did not confirm', () => {
  it('names the PSU’s request as requestId and the bank’s X-Request-ID as bankRequestId', async () => {
    for (let i = 0; i < 3; i++) app.proxy.answerNext('POST', INITIATION, { status: 503 });
    const appRequestId = crypto.randomUUID();
    const lines: Record<string, unknown>[] = [];
    // Reads what is logged; the logger still writes it.
    const warn = vi.spyOn(log.logger, 'warn');
    const outcome = await context.runInRequest(new Headers({ 'x-request-id': appRequestId }), () =>
      app.initiation.initiateOnce(app.request()),
    );
    for (const [line] of warn.mock.calls)
      if (typeof line === 'object') lines.push(line as Record<string, unknown>);
    warn.mockRestore();
    expect(outcome.ok).toBe(false);
    const line = lines.find((l) => l.paymentId === outcome.paymentId && 'bankRequestId' in l);
    const sent = app.proxy
      .bankCalls()
      .filter((call) => call.method === 'POST' && INITIATION.test(call.path))
      .map((call) => call.headers['x-request-id']);
    expect(sent).toContain(line?.bankRequestId);
    // Nothing the line names stands in for the request's own id, which the logger adds.
    expect(line).not.toHaveProperty('requestId');
    expect(context.currentRequestId()).toBeUndefined();
  });
});
