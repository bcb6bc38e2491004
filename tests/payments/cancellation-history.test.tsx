import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { paymentHistoryLines } from '@/tests/support/history-lines';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

// The PSU signed in to the app, for the route handler the bank sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * A payment's status history tells a cancellation the PSU confirms at the bank (spec: DELETE answered 202 with a
 * startAuthorisation link to cancellation-authorisations): that they asked for it, and how its own confirmation
 * went, apart from the payment's approval. Against the sandbox bank, its pages driven over HTTP.
 */

const JON_MAIN = 'IS140159260076545510730339';
const PSU_IP = '10.20.30.40';

let app: AppAtSandbox;
let history: typeof import('@/lib/payments/history');
let cancellation: typeof import('@/lib/payments/cancellation');
let sync: typeof import('@/lib/payments/sync');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'cancellation-history-secret-cancellation-01' });
  session.psuId = app.psuId;
  [history, cancellation, sync] = await Promise.all([
    import('@/lib/payments/history'),
    import('@/lib/payments/cancellation'),
    import('@/lib/payments/sync'),
  ]);
});
afterAll(() => app?.close());
beforeEach(() => app.proxy.reset());

/** The browser arrives at the address the bank sent it back to. */
async function arriveAt(address: string, paymentId: string) {
  const [{ GET }, { NextRequest }] = await Promise.all([
    import('@/app/api/payments/[id]/return/route'),
    import('next/server'),
  ]);
  await GET(new NextRequest(address, { headers: { 'x-forwarded-for': PSU_IP } }), {
    params: Promise.resolve({ id: paymentId }),
  });
}

/**
 * A payment of Jón's for a day a month ahead, approved at the bank: the bank then cancels it only with his own
 * confirmation. The PSU asks to cancel it, and decides at the bank's page; `back`: they come back to the app from
 * it, else they close the bank's page and the app learns of it by reading the payment's status (its status job, a
 * notification, a webhook event).
 */
async function cancelledAtBank(decision: 'approve' | 'decline', { back = true } = {}): Promise<string> {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { id, redirectTo } = await app.pay({
    debtorIban: JON_MAIN,
    members: { requestedExecutionDate: `${day}T00:00:00Z` },
  });
  await arriveAt(await decideAtBank(redirectTo, 'approve'), id);
  expect(['ACTC', 'PDNG', 'ACWC']).toContain((await app.payment(id)).transactionStatus);
  const answer = await cancellation.askBankToCancel(app.db, await app.payment(id), PSU_IP);
  if (answer.kind !== 'sca') throw new Error(`no cancellation authorisation: ${JSON.stringify(answer)}`);
  const returnAddress = await decideAtBank(answer.redirectTo, decision);
  if (back) await arriveAt(returnAddress, id);
  return id;
}

describe('the status history of a payment whose cancellation the PSU confirms at the bank', () => {
  it('tells the cancellation asked for and confirmed, after the payment’s own approval and before it was cancelled', async () => {
    const id = await cancelledAtBank('approve');
    expect((await app.payment(id)).transactionStatus).toBe('CANC');
    const en = await paymentHistoryLines(app, 'en', id);
    const approved = en.findIndex((line) => line.startsWith('You confirmed the payment'));
    const asked = en.findIndex((line) => line.startsWith('You asked to cancel the payment'));
    const confirmed = en.findIndex((line) => line.startsWith('You confirmed the cancellation'));
    const cancelled = en.findIndex((line) => line.startsWith('Cancelled'));
    expect(approved).toBeGreaterThanOrEqual(0);
    expect([approved < asked, asked < confirmed, confirmed < cancelled]).toEqual([true, true, true]);
    // When it was asked, to the second.
    expect(en[asked]).toMatch(/\d{2}:\d{2}:\d{2}/);
    const is = await paymentHistoryLines(app, 'is', id);
    expect(is.some((line) => line.startsWith('Þú baðst um afturköllun greiðslunnar'))).toBe(true);
    expect(is.some((line) => line.startsWith('Þú staðfestir afturköllunina'))).toBe(true);
    expect(is.at(-1)).toMatch(/^Afturkölluð/);
  });

  it('tells a cancellation the PSU declined at the bank, and the payment goes on', async () => {
    const id = await cancelledAtBank('decline');
    expect((await app.payment(id)).transactionStatus).not.toBe('CANC');
    // The cancellation's step and the payment's own status are read at once on the return: either may be told last.
    const toldAfter = (lines: string[], asked: RegExp, step: RegExp) => {
      const at = lines.findIndex((line) => asked.test(line));
      expect(lines.filter((line) => asked.test(line))).toHaveLength(1);
      expect(
        lines.slice(at + 1).some((line) => step.test(line)),
        lines.join('\n'),
      ).toBe(true);
    };
    toldAfter(
      await paymentHistoryLines(app, 'en', id),
      /^You asked to cancel the payment/,
      /^Cancellation not confirmed/,
    );
    toldAfter(
      await paymentHistoryLines(app, 'is', id),
      /^Þú baðst um afturköllun greiðslunnar/,
      /^Afturköllun ekki staðfest/,
    );
  });

  it.each(['poll', 'notification'] as const)(
    'tells the confirmation of a cancellation the app learns of from the status alone (%s), before it was cancelled',
    async (source) => {
      const id = await cancelledAtBank('approve', { back: false });
      await sync.syncPaymentStatus(app.db, await app.payment(id), source);
      expect((await app.payment(id)).transactionStatus).toBe('CANC');
      const en = await paymentHistoryLines(app, 'en', id);
      const confirmed = en.findIndex((line) => line.startsWith('You confirmed the cancellation'));
      const cancelled = en.findIndex((line) => line.startsWith('Cancelled'));
      expect([confirmed >= 0, confirmed < cancelled], en.join('\n')).toEqual([true, true]);
      const is = await paymentHistoryLines(app, 'is', id);
      expect(is.some((line) => line.startsWith('Þú staðfestir afturköllunina'))).toBe(true);
    },
  );

  it('tells a cancellation declined at the bank that the app learns of from the status job', async () => {
    const id = await cancelledAtBank('decline', { back: false });
    await sync.syncPaymentStatus(app.db, await app.payment(id), 'poll');
    expect((await app.payment(id)).transactionStatus).not.toBe('CANC');
    const en = await paymentHistoryLines(app, 'en', id);
    expect(
      en.some((line) => line.startsWith('Cancellation not confirmed')),
      en.join('\n'),
    ).toBe(true);
  });

  it('keeps the cancellation’s steps on the timeline, marked as the cancellation’s', async () => {
    const id = await cancelledAtBank('approve');
    const marked = (await history.paymentTimeline(app.db, id))
      .filter((event) => event.detail?.cancellation)
      .map((event) => [event.detail?.cancellation, event.scaStatus]);
    expect(marked).toEqual([
      ['asked', null],
      ['confirmation', 'finalised'],
    ]);
  });
});
