import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { sandboxDataDir } from '../src/testing.js';
import {
  advanceClock,
  formAction,
  Receiver,
  ScaBrowser,
  singlePayment,
  startTestSandbox,
  TestTpp,
} from './helpers.js';

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface OutboxEntry {
  paymentId: string;
  kind: string;
  status: string;
  state: string;
  outcome: string | null;
  attempts: Array<{
    attempt: number;
    statusCode: number | null;
    error: string | null;
    fault: string | null;
    xRequestId: string;
    durationMs: number;
  }>;
}

/**
 * The payment's notifications that `which` selects, once the worker has decided on each (none left open,
 * `pending` or `held`): on a busy machine the worker may not have reached one yet when the last one sent has
 * arrived.
 */
async function decidedOutbox(
  base: string,
  paymentId: string,
  which: (entry: OutboxEntry) => boolean,
): Promise<OutboxEntry[]> {
  let entries: OutboxEntry[] = [];
  await waitFor(async () => {
    entries = (await allOutbox(base, paymentId)).filter(which);
    return entries.every((n) => n.state !== 'pending' && n.state !== 'held');
  }, 'the worker to decide on every notification');
  return entries;
}

/** The notifications of a payment that the worker meant to send (those the preference covers). */
async function outbox(base: string, paymentId: string): Promise<OutboxEntry[]> {
  return (await allOutbox(base, paymentId)).filter((n) => n.state !== 'skipped');
}

async function allOutbox(base: string, paymentId: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${base}/sandbox/notifications?paymentId=${paymentId}`);
  return ((await response.json()) as { notifications: OutboxEntry[] }).notifications;
}

async function addFault(base: string, rule: Record<string, unknown>) {
  const response = await fetch(`${base}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(201);
}

/** Signs in as jon and approves (or declines) on the bank's SCA pages. */
async function authorise(
  scaRedirect: string,
  decision: 'approve' | 'decline' = 'approve',
  pause?: () => Promise<void>,
) {
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });
  await pause?.();
  const review = await browser.get(scaRedirect);
  await browser.post(formAction(review.html, scaRedirect), { decision });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const receiver = new Receiver();
let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;
let counter = 0;

async function initiate(
  preferred: string | undefined,
  extra: Record<string, string | undefined> = {},
  body: unknown = singlePayment(),
) {
  const tag = `p${++counter}`;
  const response = await tpp.initiate(token, body, {
    headers: {
      'TPP-Notification-URI': `${receiver.url}/notify/${tag}`,
      'TPP-Notification-Content-Preferred': preferred,
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  const links = response.json._links as Record<string, { href: string }>;
  return {
    tag,
    response,
    paymentId: String(response.json.paymentId),
    scaRedirect: links.scaRedirect?.href ?? '',
  };
}

beforeAll(async () => {
  await receiver.start();
  // A timeout long enough that this process's own receiver, on a busy machine, is never taken for a
  // hung callback (a retried notification would then arrive twice).
  sandbox = await startTestSandbox({ notifications: { timeoutMs: 3000, retryDelaysSeconds: [5, 30] } });
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.stop();
});
beforeEach(async () => {
  receiver.reset();
  await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

describe('the 201 of an initiation', () => {
  it('promises what it will send: ASPSP-Notification-Support and ASPSP-Notification-Content', async () => {
    const all = await initiate('status=SCA, PROCESS,LAST');
    expect(all.response.headers.get('ASPSP-Notification-Support')).toBe('true');
    expect(all.response.headers.get('ASPSP-Notification-Content')).toBe('status=SCA,PROCESS,LAST');

    const none = await initiate(undefined);
    expect(none.response.headers.get('ASPSP-Notification-Support')).toBe('true');
    expect(none.response.headers.get('ASPSP-Notification-Content')).toBe('status=PROCESS');

    const https = await initiate('status=LAST', { 'TPP-Notification-URI': 'https://tpp.example/notify' });
    expect(https.response.headers.get('ASPSP-Notification-Content')).toBe('status=LAST');

    // Plain http only to loopback hosts.
    for (const uri of ['http://tpp.example/notify', 'https://user:secret@tpp.example/notify']) {
      const refused = await initiate('status=LAST', { 'TPP-Notification-URI': uri });
      expect(refused.response.headers.get('ASPSP-Notification-Support'), uri).toBe('false');
      expect(refused.response.headers.get('ASPSP-Notification-Content')).toBeNull();
    }
    const without = await tpp.initiate(token, singlePayment());
    expect(without.headers.get('ASPSP-Notification-Support')).toBe('false');
  });

  it('answers an idempotent replay with the same headers', async () => {
    const key = `k-${Date.now()}`;
    const first = await initiate('status=SCA', { 'Idempotency-Key': key });
    const again = await tpp.initiate(token, singlePayment(), {
      headers: {
        'Idempotency-Key': key,
        'TPP-Notification-URI': `${receiver.url}/notify/${first.tag}`,
        'TPP-Notification-Content-Preferred': 'status=SCA',
      },
    });
    expect(again.json.paymentId).toBe(first.paymentId);
    expect(again.headers.get('ASPSP-Notification-Content')).toBe('status=SCA');
  });
});

describe('notifications by content preference', () => {
  it('PROCESS: every transactionStatus change, Lean Push body, JSON, a fresh X-Request-ID each', async () => {
    const p = await initiate('status=PROCESS');
    await authorise(p.scaRedirect);
    await advanceClock(sandbox.url, 60);
    await advanceClock(sandbox.url, 60);
    await waitFor(() => receiver.for(p.tag).length >= 3, 'three notifications');
    // Every notification decided, so none is still on its way (each is recorded after its answer, which on a busy
    // machine takes longer than any fixed wait).
    const recorded = await decidedOutbox(sandbox.url, p.paymentId, (n) => n.state !== 'skipped');
    const got = receiver.for(p.tag);
    expect(got.map((r) => r.body)).toEqual([
      { paymentId: p.paymentId, transactionStatus: 'ACTC' },
      { paymentId: p.paymentId, transactionStatus: 'ACSP' },
      { paymentId: p.paymentId, transactionStatus: 'ACSC' },
    ]);
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-request-id']).toMatch(UUID);
    }
    expect(new Set(got.map((r) => r.headers['x-request-id'])).size).toBe(3);
    expect(recorded.map((n) => [n.status, n.state])).toEqual([
      ['ACTC', 'delivered'],
      ['ACSP', 'delivered'],
      ['ACSC', 'delivered'],
    ]);
    expect(recorded[0]?.attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, error: null });
    expect(recorded[0]?.attempts[0]?.xRequestId).toBe(got[0]?.headers['x-request-id']);
  });

  it('SCA: every scaStatus change of the authorisation, and no transaction statuses', async () => {
    const p = await initiate('status=SCA');
    const authorisationId = new URL(p.scaRedirect).pathname.split('/').pop();
    await authorise(p.scaRedirect);
    await advanceClock(sandbox.url, 120);
    await waitFor(() => receiver.for(p.tag).length >= 2, 'two notifications');
    await sleep(200);
    expect(receiver.for(p.tag).map((r) => r.body)).toEqual([
      { paymentId: p.paymentId, authorisationId, scaStatus: 'psuAuthenticated' },
      { paymentId: p.paymentId, authorisationId, scaStatus: 'finalised' },
    ]);
    const transaction = await decidedOutbox(sandbox.url, p.paymentId, (n) => n.kind === 'transaction');
    expect(transaction.length).toBeGreaterThan(0);
    expect(transaction.every((n) => n.state === 'skipped' && n.attempts.length === 0)).toBe(true);
  });

  it('LAST: only the final status', async () => {
    const p = await initiate('status=LAST');
    await authorise(p.scaRedirect);
    await advanceClock(sandbox.url, 60);
    await sleep(150);
    expect(receiver.for(p.tag)).toHaveLength(0);
    await advanceClock(sandbox.url, 60);
    await waitFor(() => receiver.for(p.tag).length >= 1, 'the final notification');
    await sleep(150);
    expect(receiver.for(p.tag).map((r) => r.body)).toEqual([
      { paymentId: p.paymentId, transactionStatus: 'ACSC' },
    ]);
  });

  // Payment spec part 6, "LAST (only the last status)"; BG Lean Push IG 5.1: "LAST: Only a notification on the
  // last ... transactionStatus". A creditor at this bank is credited in the same step as the debit, so ACSC is
  // followed by ACCC at once: only ACCC is the last status, not ACSC then ACCC.
  it('LAST with a creditor at this bank: ACCC only, never ACSC then ACCC (payment spec part 6)', async () => {
    const p = await initiate(
      'status=LAST',
      {},
      singlePayment({ creditorAccount: { iban: 'IS770133260044551203892039' }, creditorName: 'Anna' }),
    );
    await authorise(p.scaRedirect);
    await advanceClock(sandbox.url, 120);
    await waitFor(() => receiver.for(p.tag).length >= 1, 'the final notification');
    await sleep(300);
    expect(receiver.for(p.tag).map((r) => r.body)).toEqual([
      { paymentId: p.paymentId, transactionStatus: 'ACCC' },
    ]);
    const [acsc] = await decidedOutbox(sandbox.url, p.paymentId, (n) => n.status === 'ACSC');
    expect(acsc).toMatchObject({ state: 'skipped' });
    expect(acsc?.attempts).toEqual([]);
  });

  it('LAST on a declined payment: RJCT', async () => {
    const p = await initiate('status=LAST');
    await authorise(p.scaRedirect, 'decline');
    await waitFor(() => receiver.for(p.tag).length >= 1, 'the final notification');
    expect(receiver.for(p.tag)[0]?.body).toEqual({ paymentId: p.paymentId, transactionStatus: 'RJCT' });
  });
});

describe('delivery failures', () => {
  it('retries on 500 and on a timeout after the documented delays on the sandbox clock, recording every attempt', async () => {
    const p = await initiate('status=LAST');
    receiver.script = [500, 'hang', 200];
    await authorise(p.scaRedirect, 'decline');
    await waitFor(() => receiver.for(p.tag).length >= 1, 'the first attempt');
    // The first attempt's answer recorded (after the answer, later on a busy machine), and no second attempt.
    await waitFor(
      async () => (await outbox(sandbox.url, p.paymentId))[0]?.outcome?.includes('HTTP 500') ?? false,
      'the first attempt recorded',
    );
    expect(receiver.for(p.tag)).toHaveLength(1);
    let [entry] = await outbox(sandbox.url, p.paymentId);
    expect(entry).toMatchObject({ status: 'RJCT', state: 'pending' });
    expect(entry?.outcome).toContain('HTTP 500');

    await advanceClock(sandbox.url, 5);
    // Attempt 3 scheduled before the clock moves past its delay.
    await waitFor(
      async () => (await outbox(sandbox.url, p.paymentId))[0]?.outcome?.includes('attempt 3 after') ?? false,
      'attempt 3 scheduled',
    );
    await advanceClock(sandbox.url, 30);
    await waitFor(async () => (await outbox(sandbox.url, p.paymentId))[0]?.state === 'delivered', 'delivery');
    [entry] = await outbox(sandbox.url, p.paymentId);
    expect(entry?.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, null],
      [3, 200],
    ]);
    expect(entry?.attempts[1]?.error).toBe('no answer within 3000 ms');
    expect(entry?.attempts[1]?.durationMs).toBeGreaterThanOrEqual(2950);
    const ids = receiver.for(p.tag).map((r) => r.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);
  });

  it('gives up after the last retry, and at once on a 4xx other than 408/425/429', async () => {
    const p = await initiate('status=LAST');
    receiver.script = [503, 503, 503];
    await authorise(p.scaRedirect, 'decline');
    // Each retry scheduled before the clock moves past its delay: moved earlier, the retry would be
    // due a delay after the new time.
    const retryScheduled = (n: number) => async () =>
      (await outbox(sandbox.url, p.paymentId))[0]?.outcome?.includes(`attempt ${n} after`) ?? false;
    await waitFor(retryScheduled(2), 'attempt 2 scheduled');
    await advanceClock(sandbox.url, 5);
    await waitFor(retryScheduled(3), 'attempt 3 scheduled');
    await advanceClock(sandbox.url, 30);
    await waitFor(async () => (await outbox(sandbox.url, p.paymentId))[0]?.state === 'failed', 'failed');
    expect((await outbox(sandbox.url, p.paymentId))[0]?.outcome).toBe('HTTP 503 after 3 attempts');

    const q = await initiate('status=LAST');
    receiver.script = [404];
    await authorise(q.scaRedirect, 'decline');
    await waitFor(async () => (await outbox(sandbox.url, q.paymentId))[0]?.state === 'failed', 'failed');
    expect((await outbox(sandbox.url, q.paymentId))[0]?.attempts).toHaveLength(1);
  });
});

describe('notification fault rules', () => {
  it('drop: recorded as an attempt that never left, later notifications still go', async () => {
    const p = await initiate('status=PROCESS');
    await addFault(sandbox.url, {
      target: 'notification',
      path: `/notify/${p.tag}`,
      notification: 'drop',
      count: 1,
    });
    await authorise(p.scaRedirect);
    await advanceClock(sandbox.url, 60);
    await waitFor(() => receiver.for(p.tag).length >= 1, 'ACSP');
    await sleep(150);
    expect(receiver.for(p.tag).map((r) => r.body.transactionStatus)).toEqual(['ACSP']);
    const recorded = await outbox(sandbox.url, p.paymentId);
    expect(recorded[0]).toMatchObject({ status: 'ACTC', state: 'dropped' });
    expect(recorded[0]?.attempts[0]).toMatchObject({ fault: 'drop', statusCode: null });
  });

  it('duplicate: the same body twice, each with its own X-Request-ID', async () => {
    const p = await initiate('status=LAST');
    await addFault(sandbox.url, { target: 'notification', psu: 'jon', notification: 'duplicate', count: 1 });
    await authorise(p.scaRedirect, 'decline');
    await waitFor(() => receiver.for(p.tag).length >= 2, 'two deliveries');
    const [a, b] = receiver.for(p.tag);
    expect(a?.body).toEqual(b?.body);
    expect(a?.headers['x-request-id']).not.toBe(b?.headers['x-request-id']);
    // Each attempt is recorded once the receiver has answered it: the second may be delivered, not yet recorded.
    const attempts = async () => (await outbox(sandbox.url, p.paymentId))[0]?.attempts ?? [];
    await waitFor(async () => (await attempts()).length >= 2, 'two attempts recorded');
    expect((await attempts()).map((x) => x.fault)).toEqual([null, 'duplicate']);
  });

  it('reorder: one is held back and sent after the next', async () => {
    const p = await initiate('status=SCA,PROCESS');
    await addFault(sandbox.url, {
      target: 'notification',
      pathRegex: `/notify/${p.tag}$`,
      notification: 'reorder',
      count: 1,
    });
    await authorise(p.scaRedirect, 'approve', async () => {
      // psuAuthenticated is held back before the PSU decides.
      await waitFor(
        async () => (await outbox(sandbox.url, p.paymentId)).some((n) => n.state === 'held'),
        'the held notification',
      );
    });
    await waitFor(() => receiver.for(p.tag).length >= 3, 'three notifications');
    const order = receiver.for(p.tag).map((r) => r.body.scaStatus ?? r.body.transactionStatus);
    expect(order.indexOf('psuAuthenticated')).toBe(1);
    expect(order.slice().sort()).toEqual(['ACTC', 'finalised', 'psuAuthenticated']);
  });
});

describe('a restart', () => {
  // The receiver answers at once: a short delivery timeout would only turn a busy machine's delivery into a failure.
  const notifications = { timeoutMs: 10_000, retryDelaysSeconds: [5] };

  it('resumes pending notifications from the outbox', async () => {
    const dataDir = await sandboxDataDir();
    const first = await startTestSandbox({
      dataDir,
      notifications,
    });
    const own = new TestTpp(first.url);
    const ownToken = await own.token();
    const created = await own.initiate(ownToken, singlePayment(), {
      headers: {
        'TPP-Notification-URI': `${receiver.url}/notify/restart`,
        'TPP-Notification-Content-Preferred': 'status=LAST',
      },
    });
    const paymentId = String(created.json.paymentId);
    receiver.script = [503];
    await authorise(
      (created.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '',
      'decline',
    );
    await waitFor(() => receiver.for('restart').length >= 1, 'attempt 1');
    await waitFor(
      async () => (await outbox(first.url, paymentId))[0]?.attempts.length === 1,
      'attempt recorded',
    );
    await first.close();

    const second = await startTestSandbox({
      dataDir,
      notifications,
    });
    try {
      expect((await outbox(second.url, paymentId))[0]).toMatchObject({ state: 'pending', status: 'RJCT' });
      await advanceClock(second.url, 5);
      await waitFor(() => receiver.for('restart').length >= 2, 'attempt 2 after the restart');
      await waitFor(async () => (await outbox(second.url, paymentId))[0]?.state === 'delivered', 'delivered');
      expect(receiver.for('restart')[1]?.body).toEqual({ paymentId, transactionStatus: 'RJCT' });
    } finally {
      await second.close();
    }
  });
});
