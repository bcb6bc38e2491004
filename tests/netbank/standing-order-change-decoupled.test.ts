import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangedOrder } from '@/lib/db/change-schema';
import en from '@/messages/netbank/en.json';
import is from '@/messages/netbank/is.json';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { stopInOnlineBank } from '@/tests/support/sandbox-admin';

const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * Changing a standing order at a bank that asks the PSU to approve the old order's cancellation in its own app
 * (decoupled): the change waits while that authorisation is open, and never leaves the PSU with neither order.
 * Helga approves in the bank's app; the sandbox's "bank's app" (/sandbox/decoupled/{id}) decides for her.
 */

const HELGA = 'IS950515260012341505852289';
const PSU_IP = '10.20.30.40';
const NEW_ORDER = /\/periodic-payments\/credit-transfers$/;

let app: AppAtSandbox;
let change: typeof import('@/lib/payments/standing-order-change');
let queries: typeof import('@/lib/db/queries/standing-order-changes');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'order-change-decoupled-secret-000000001' });
  session.psuId = app.psuId;
  [change, queries] = await Promise.all([
    import('@/lib/payments/standing-order-change'),
    import('@/lib/db/queries/standing-order-changes'),
  ]);
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

const orderBody = (amount: string) => ({
  debtorAccount: { iban: HELGA },
  creditorAccount: { iban: CREDITOR },
  instructedAmount: { currency: 'ISK', amount },
  remittanceInformationUnstructured: 'Leiga',
  frequency: 'Monthly',
  dayOfExecution: '1',
  startDate: `${new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
});

const changed = (amount: string): ChangedOrder => ({
  submissionId: randomUUID(),
  scaLanguage: 'is',
  uiLocale: 'is',
  payment: orderBody(amount),
  label: 'Leiga 2027',
  creditorName: 'Þórður Ólafsson',
});

/** Helga's decision in the bank's app on the one open authorisation of this kind of the bank's payment. */
async function inBankApp(
  paymentId: string,
  kind: 'payment' | 'cancellation',
  decision: 'approve' | 'decline',
) {
  const bankPaymentId = (await app.payment(paymentId)).bankPaymentId ?? '';
  const response = await fetch(`${app.sandbox.url}/sandbox/authorisations?paymentId=${bankPaymentId}`);
  const { authorisations } = (await response.json()) as {
    authorisations: { authorisationId: string; kind: string; scaStatus: string }[];
  };
  const open = authorisations.filter((a) => a.kind === kind && a.scaStatus === 'started');
  expect(open).toHaveLength(1);
  const decided = await fetch(
    `${app.sandbox.url}/sandbox/decoupled/${open[0]?.authorisationId}/${decision}`,
    {
      method: 'POST',
    },
  );
  expect(decided.ok).toBe(true);
}

/** A standing order of Helga's, approved in the bank's app: ACTC, live. */
async function liveOrder(): Promise<string> {
  const outcome = await app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId: randomUUID(),
    service: 'periodic-payments',
    product: 'credit-transfers',
    body: orderBody('90000'),
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: { amount: '90000', currency: 'ISK', creditorAccount: CREDITOR, label: 'Leiga' },
    psuIpAddress: PSU_IP,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  await inBankApp(outcome.paymentId, 'payment', 'approve');
  await app.sync.syncPaymentStatus(app.db, await app.payment(outcome.paymentId), 'poll');
  expect((await app.payment(outcome.paymentId)).transactionStatus).toBe('ACTC');
  app.proxy.reset();
  return outcome.paymentId;
}

const ask = (oldPaymentId: string, order: ChangedOrder) =>
  change.changeStandingOrder(app.db, {
    psuId: app.psuId,
    oldPaymentId,
    changed: order,
    psuIpAddress: PSU_IP,
  });

const newOrdersSent = () =>
  app.proxy.bankCalls().filter((call) => call.method === 'POST' && NEW_ORDER.test(call.path));

/** The PSU comes back to the change's page, which reads the old order from the bank and settles what it can. */
const backOnPage = (oldId: string) =>
  change.followWaitingChange(app.db, { psuId: app.psuId, oldPaymentId: oldId, psuIpAddress: PSU_IP });

describe('a change whose cancellation the PSU approves in the bank`s app', () => {
  it('waits while the approval is open; approved there, the old order ends and the new one is made, once', async () => {
    const oldId = await liveOrder();
    const order = changed('95000');
    expect(await ask(oldId, order)).toEqual({ ok: false, messageKey: 'standingOrderChange.approveInApp' });
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');
    expect(await queries.findChangeOf(app.db, app.psuId, oldId)).toMatchObject({
      state: 'cancelling',
      messageKey: 'standingOrderChange.approveInApp',
    });
    // Still open at the bank: the page read settles nothing, and the form sent again asks the bank nothing more.
    expect(await backOnPage(oldId)).toMatchObject({ state: 'cancelling' });
    expect(await ask(oldId, order)).toEqual({ ok: false, messageKey: 'standingOrderChange.approveInApp' });
    expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(newOrdersSent()).toHaveLength(0);

    await inBankApp(oldId, 'cancellation', 'approve');
    const settled = await backOnPage(oldId);
    expect(settled).toMatchObject({ state: 'sent' });
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(1);
    expect((await app.payment(settled?.newPaymentId ?? '')).amount).toBe('95000');
    // Neither another read nor the form sent again makes a second one.
    await backOnPage(oldId);
    expect(await ask(oldId, order)).toMatchObject({ messageKey: 'standingOrderChange.alreadyChanged' });
    expect(newOrdersSent()).toHaveLength(1);
  });

  it('approved there and the form sent again: the new order is made', async () => {
    const oldId = await liveOrder();
    const order = changed('96000');
    expect(await ask(oldId, order)).toMatchObject({ messageKey: 'standingOrderChange.approveInApp' });
    await inBankApp(oldId, 'cancellation', 'approve');
    expect(await ask(oldId, order)).toMatchObject({ ok: true });
    expect(newOrdersSent()).toHaveLength(1);
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('sent');
  });

  it('declined there: the change is given up in words, the old order stands, nothing new is made', async () => {
    const oldId = await liveOrder();
    expect(await ask(oldId, changed('97000'))).toMatchObject({
      messageKey: 'standingOrderChange.approveInApp',
    });
    await inBankApp(oldId, 'cancellation', 'decline');
    expect(await backOnPage(oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.declinedInApp',
    });
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('stopped in the online bank while the approval is open: the change is given up, nothing new is made', async () => {
    const oldId = await liveOrder();
    expect(await ask(oldId, changed('98000'))).toMatchObject({
      messageKey: 'standingOrderChange.approveInApp',
    });
    await stopInOnlineBank(app.sandbox.url, (await app.payment(oldId)).bankPaymentId ?? '');
    expect(await backOnPage(oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.stoppedAtBank',
    });
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('an approval the bank gave no scaStatus link of: the order ended is not taken for the change`s, nothing new is made', async () => {
    const oldId = await liveOrder();
    // The bank's answer to the start of the change's cancellation authorisation names no scaStatus to read it by,
    // and our bank's spec gives no path to read a cancellation's authorisation by its id.
    app.proxy.reshapeNext('POST', /\/cancellation-authorisations$/, (body) => {
      const { _links, ...rest } = body as { _links: Record<string, unknown> };
      const { scaStatus: _, ...links } = _links;
      return { ...rest, _links: links };
    });
    expect(await ask(oldId, changed('99000'))).toMatchObject({
      messageKey: 'standingOrderChange.approveInApp',
    });
    // Approved in the app, or stopped in the online bank: the order ends either way, and nothing tells which.
    await inBankApp(oldId, 'cancellation', 'approve');
    expect(await backOnPage(oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.cannotTell',
    });
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(await ask(oldId, changed('99000'))).toEqual({
      ok: false,
      messageKey: 'standingOrderChange.ended',
    });
    expect(newOrdersSent()).toHaveLength(0);
  });
});

// What the PSU reads in each state, short enough for a phone: what to do first, then what it means for the orders.
describe('the words of a change waiting in the bank’s app, or given up', () => {
  const { approveInApp, stoppedAtBank, cannotTell } = is.standingOrderChange;
  it('ask the PSU to approve in the app and come back, in the imperative (“þú”)', () => {
    expect(approveInApp).toMatch(
      /^Samþykktu afturköllun .* og komdu svo aftur á þessa síðu: þá er nýja greiðslan send\./,
    );
    expect(en.standingOrderChange.approveInApp).toMatch(
      /^Approve the cancellation .*, then come back to this page/,
    );
  });
  // The page shows an ended order's own words and link under the notice (“Stofnaðu nýja eftir henni ef þú vilt.”): the
  // notice says what happened and that no new order was made, and does not say the link's words again.
  it('say that no new order was made, and leave starting one to the ended order’s link', () => {
    for (const text of [stoppedAtBank, cannotTell]) {
      expect(text).toContain('Því var engin ný greiðsla stofnuð');
      expect(text).not.toMatch(/eftir þessari|stofna hana/);
    }
    expect(cannotTell).toContain('sést ekki hvort breytingin þín hafi stöðvað hana');
    expect(en.standingOrderChange.cannotTell).toContain('does not say whether your change ended it');
    expect(en.standingOrderChange.stoppedAtBank).not.toMatch(/start it from this one/);
  });
});
