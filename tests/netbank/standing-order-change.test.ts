import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangedOrder } from '@/lib/db/change-schema';
import { CREDITOR } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { paymentHistoryLines } from '@/tests/support/history-lines';
import { addFault, clearFaults, stopInOnlineBank } from '@/tests/support/sandbox-admin';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

// The PSU signed in to the app, for the route handler the bank sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * Changing a standing order (the spec has no amend): the old order is cancelled at the bank, and the
 * new one is sent only once the bank reports the old one cancelled; never two orders live at once.
 * Against the sandbox bank through a recording proxy, the bank's SCA pages driven over HTTP.
 */

const JON_MAIN = 'IS140159260076545510730339';
const PSU_IP = '10.20.30.40';
const NEW_ORDER = /\/periodic-payments\/credit-transfers$/;

let app: AppAtSandbox;
let change: typeof import('@/lib/payments/standing-order-change');
let queries: typeof import('@/lib/db/queries/standing-order-changes');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'order-change-secret-order-change-secret-01' });
  session.psuId = app.psuId;
  [change, queries] = await Promise.all([
    import('@/lib/payments/standing-order-change'),
    import('@/lib/db/queries/standing-order-changes'),
  ]);
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

const inDays = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;

const orderBody = (amount: string) => ({
  debtorAccount: { iban: JON_MAIN },
  creditorAccount: { iban: CREDITOR },
  instructedAmount: { currency: 'ISK', amount },
  remittanceInformationUnstructured: 'Húsaleiga',
  frequency: 'Monthly',
  dayOfExecution: '1',
  startDate: inDays(20),
});

/** A standing order of Jón's at the bank, not yet confirmed by him: its id and the bank's page for him. */
async function sentOrder() {
  const outcome = await app.initiation.initiateOnce({
    psuId: app.psuId,
    submissionId: randomUUID(),
    service: 'periodic-payments',
    product: 'credit-transfers',
    body: orderBody('150000'),
    scaLanguage: 'is',
    uiLocale: 'is',
    summary: { amount: '150000', currency: 'ISK', creditorAccount: CREDITOR, label: 'Húsaleiga' },
    psuIpAddress: PSU_IP,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome;
}

/** A standing order of Jón's that he confirmed at the bank: ACTC, live. */
async function liveOrder(): Promise<string> {
  const { paymentId, redirectTo } = await sentOrder();
  await decideAtBank(redirectTo, 'approve');
  await app.sync.syncPaymentStatus(app.db, await app.payment(paymentId), 'redirect');
  expect((await app.payment(paymentId)).transactionStatus).toBe('ACTC');
  return paymentId;
}

const changed = (amount = '165000', submissionId = randomUUID()): ChangedOrder => ({
  submissionId,
  scaLanguage: 'en',
  uiLocale: 'en',
  payment: orderBody(amount),
  label: 'Húsaleiga 2027',
  creditorName: 'Þórður Ólafsson',
});

const ask = (oldPaymentId: string, order: ChangedOrder) =>
  change.changeStandingOrder(app.db, {
    psuId: app.psuId,
    oldPaymentId,
    changed: order,
    psuIpAddress: PSU_IP,
  });

/** The browser comes back from the bank to the address it was given for the old order's cancellation. */
async function back(address: string, paymentId: string) {
  const [{ GET }, { NextRequest }] = await Promise.all([
    import('@/app/api/payments/[id]/return/route'),
    import('next/server'),
  ]);
  const response = await GET(new NextRequest(address, { headers: { 'x-forwarded-for': PSU_IP } }), {
    params: Promise.resolve({ id: paymentId }),
  });
  return response.headers.get('location') ?? '';
}

/** "Cancel payment" on the order (not a change): the bank's page where the PSU confirms the stop. */
async function stopAtBank(oldId: string): Promise<string> {
  const cancel = await import('@/lib/payments/cancellation');
  const stop = await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP);
  if (stop.kind !== 'sca') throw new Error(JSON.stringify(stop));
  return stop.redirectTo;
}

/** The bank refuses the next cancellation of a standing order: 405, as no longer cancellable. */
const refuseNextCancellation = () =>
  app.proxy.answerNext('DELETE', /\/periodic-payments\/credit-transfers\/[^/]+$/, {
    status: 405,
    headers: { Allow: 'GET' },
    body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID', text: 'Not cancellable now.' }] },
  });

const newOrdersSent = () =>
  app.proxy.bankCalls().filter((call) => call.method === 'POST' && NEW_ORDER.test(call.path));

/** A change whose cancellation the PSU confirms at the bank: the old order cancelled, one new order sent. */
async function confirmedChange(oldId: string, order: ChangedOrder): Promise<string> {
  const changing = await ask(oldId, order);
  if (!changing.ok) throw new Error(JSON.stringify(changing));
  const next = await back(await decideAtBank(changing.redirectTo, 'approve'), oldId);
  expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
  expect(newOrdersSent()).toHaveLength(1);
  return next;
}

describe('changing a standing order: cancel the old one, then make the new one', () => {
  it('the PSU confirms the cancellation at the bank; on return the new order is sent and awaits them', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const order = changed();
    const outcome = await ask(oldId, order);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    // Off to the bank to confirm the cancellation; nothing new has been sent yet.
    expect(newOrdersSent()).toHaveLength(0);
    expect(app.proxy.bankCalls().some((call) => call.method === 'DELETE')).toBe(true);
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');

    const returnAddress = await decideAtBank(outcome.redirectTo, 'approve');
    const next = await back(returnAddress, oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(1);
    // The old order's history tells its cancellation as the change's first step, not as a stop of the order.
    const told = await paymentHistoryLines(app, 'en', oldId);
    expect(told.filter((line) => line.startsWith('You asked to change the standing order'))).toHaveLength(1);
    expect(
      told.some((line) => line.startsWith('You asked to cancel')),
      told.join('\n'),
    ).toBe(false);
    const toldIs = await paymentHistoryLines(app, 'is', oldId);
    expect(toldIs.some((line) => line.startsWith('Þú baðst um breytingu á föstu greiðslunni'))).toBe(true);
    const row = await queries.findChangeOf(app.db, app.psuId, oldId);
    expect(row?.state).toBe('sent');
    const created = await app.payment(row?.newPaymentId ?? '');
    expect(created).toMatchObject({
      service: 'periodic-payments',
      amount: '165000',
      label: 'Húsaleiga 2027',
      creditorName: 'Þórður Ólafsson',
      uiLocale: 'en',
    });
    // The PSU is shown the new order, which waits for them, and goes on from there to confirm it at the bank.
    expect(new URL(next).pathname).toBe(`/en/payments/${created.id}`);
    expect(created.transactionStatus).toBe('RCVD');
    expect(created.scaRedirect).toBeTruthy();
    await decideAtBank(created.scaRedirect ?? '', 'approve');
    await app.sync.syncPaymentStatus(app.db, created, 'redirect');
    expect((await app.payment(created.id)).transactionStatus).toBe('ACTC');

    // The same form sent again, or another form for the old order, makes no second new order.
    app.proxy.reset();
    expect(await ask(oldId, order)).toMatchObject({
      ok: false,
      messageKey: 'standingOrderChange.alreadyChanged',
    });
    expect(await ask(oldId, changed('170000'))).toMatchObject({
      ok: false,
      messageKey: 'standingOrderChange.alreadyChanged',
    });
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('the bank refuses the cancellation: nothing new is sent, and the old order stays live', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    refuseNextCancellation();
    const outcome = await ask(oldId, changed());
    expect(outcome).toEqual({
      ok: false,
      messageKey: 'standingOrderChange.cancelRefused',
      reasonKey: 'payment.notCancellable',
    });
    expect(newOrdersSent()).toHaveLength(0);
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('cancelRefused');
  });

  it('the PSU declines the cancellation at the bank: back on the change form, nothing new sent', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const outcome = await ask(oldId, changed());
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const next = await back(await decideAtBank(outcome.redirectTo, 'decline'), oldId);
    expect(next).toBe(`http://127.0.0.1:9/en/payments/standing-orders/${oldId}/change`);
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(await queries.findChangeOf(app.db, app.psuId, oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.notCancelled',
    });
    // The PSU thinks again and sends the change once more: cancelled this time, and the new order follows.
    await confirmedChange(oldId, changed());
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('sent');
  });

  it('the bank does not take the new order: the PSU is told, and sends it again from the same form', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const order = changed('180000');
    const outcome = await ask(oldId, order);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    app.proxy.answerNext('POST', NEW_ORDER, {
      status: 400,
      body: {
        tppMessages: [
          { category: 'ERROR', code: 'FORMAT_ERROR', path: 'instructedAmount.amount', text: 'Too much.' },
        ],
      },
    });
    const next = await back(await decideAtBank(outcome.redirectTo, 'approve'), oldId);
    expect(next).toBe(`http://127.0.0.1:9/en/payments/standing-orders/${oldId}/change`);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    const failed = await queries.findChangeOf(app.db, app.psuId, oldId);
    expect(failed).toMatchObject({
      state: 'newFailed',
      fieldErrors: { 'payment.instructedAmount.amount': expect.any(Array) },
    });

    // The same form, corrected: the old order is already cancelled, so the new one goes at once.
    const again = await ask(oldId, { ...order, payment: orderBody('175000') });
    if (!again.ok) throw new Error(JSON.stringify(again));
    const row = await queries.findChangeOf(app.db, app.psuId, oldId);
    expect(row?.state).toBe('sent');
    expect((await app.payment(row?.newPaymentId ?? '')).amount).toBe('175000');
    expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('an order the PSU stopped is not brought back by a change form still open in another tab', async () => {
    const oldId = await liveOrder();
    const cancel = await import('@/lib/payments/cancellation');
    const stop = await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP);
    if (stop.kind === 'sca') await decideAtBank(stop.redirectTo, 'approve');
    await app.sync.syncPaymentStatus(app.db, await app.payment(oldId), 'cancellation', PSU_IP);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    app.proxy.reset();
    expect(await ask(oldId, changed())).toEqual({ ok: false, messageKey: 'standingOrderChange.ended' });
    expect(newOrdersSent()).toHaveLength(0);
    expect(await queries.findChangeOf(app.db, app.psuId, oldId)).toBeUndefined();
  });

  it('a change left at the bank, then the order stopped with "Cancel payment": no new order, on return or from the form', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const order = changed('171000');
    const left = await ask(oldId, order);
    if (!left.ok) throw new Error(JSON.stringify(left));
    // The PSU closes the bank's page, and later stops the order itself.
    const stop = await stopAtBank(oldId);
    const next = await back(await decideAtBank(stop, 'approve'), oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(next).not.toMatch(/127\.0\.0\.1:\d+\/sca/);
    expect(await ask(oldId, order)).toEqual({ ok: false, messageKey: 'standingOrderChange.ended' });
    expect(newOrdersSent()).toHaveLength(0);
    expect(await queries.findChangeOf(app.db, app.psuId, oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.stoppedInstead',
    });
    // Its history tells both: the change asked for, then the stop.
    const told = (await paymentHistoryLines(app, 'en', oldId)).filter((line) =>
      line.startsWith('You asked to'),
    );
    expect(told.map((line) => line.replace(/ \d.*$/, ''))).toEqual([
      'You asked to change the standing order: this one is cancelled first',
      'You asked to cancel the standing order',
    ]);
  });

  it('"Cancel payment" left at the bank, a change in another tab, then the stop confirmed: no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const stop = await stopAtBank(oldId);
    // Another tab: a change of the same order, also off to the bank to cancel it first.
    const changing = await ask(oldId, changed('172000'));
    if (!changing.ok) throw new Error(JSON.stringify(changing));
    // The PSU confirms the stop: the order ends, and its return sends nothing.
    const next = await back(await decideAtBank(stop, 'approve'), oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(next).not.toMatch(/127\.0\.0\.1:\d+\/sca/);
    // Nor does the change's form, sent again from the other tab.
    expect(await ask(oldId, changed('172000'))).toEqual({
      ok: false,
      messageKey: 'standingOrderChange.ended',
    });
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('"Cancel payment" left at the bank, a change in another tab, the stop confirmed there and the tab closed: no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const stop = await stopAtBank(oldId);
    const changing = await ask(oldId, changed('174000'));
    if (!changing.ok) throw new Error(JSON.stringify(changing));
    // The PSU confirms the stop at the bank and closes the tab: nothing comes back through our return.
    await decideAtBank(stop, 'approve');
    // The change's form, sent again from the other tab, finds the order ended by the stop, not by the change.
    expect(await ask(oldId, changed('174000'))).toEqual({
      ok: false,
      messageKey: 'standingOrderChange.stoppedInstead',
    });
    expect(newOrdersSent()).toHaveLength(0);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
  });

  it('a stop pressed on the English page of an order made in Icelandic: the bank`s page and the way back in English', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const cancel = await import('@/lib/payments/cancellation');
    const stop = await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP, {
      scaLanguage: 'en',
      uiLocale: 'en',
    });
    if (stop.kind !== 'sca') throw new Error(JSON.stringify(stop));
    const asked = app.proxy.bankCalls().find((call) => call.method === 'DELETE');
    expect(asked?.headers['psu-accept-language']).toBe('en');
    expect(await back(await decideAtBank(stop.redirectTo, 'approve'), oldId)).toMatch(
      new RegExp(`/en/payments/${oldId}$`),
    );
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
  });

  it('a change of an order made in Icelandic, its form sent for an English bank page: the cancellation`s page too', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    await confirmedChange(oldId, changed('176000'));
    const asked = app.proxy.bankCalls().find((call) => call.method === 'DELETE');
    expect(asked?.headers['psu-accept-language']).toBe('en');
  });

  it('"Cancel payment" left at the bank unconfirmed, then a change confirmed there: the change makes its new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    await stopAtBank(oldId);
    const next = await confirmedChange(oldId, changed('175000'));
    // On to the new order's page, which waits for the PSU's confirmation of it.
    expect(next).toMatch(/\/en\/payments\/[0-9a-f-]{36}$/);
    expect(next).not.toContain(oldId);
  });

  it('"Cancel payment" pressed while a change\u2019s cancellation is at the bank: the order it ends is not replaced', async () => {
    // An order the PSU has not yet confirmed at the bank: the bank cancels it at once, without asking the PSU.
    const { paymentId: oldId } = await sentOrder();
    app.proxy.reset();
    // The change's DELETE is at the bank; its answer comes after the PSU, in another tab, stopped the order.
    const deleted = /\/periodic-payments\/credit-transfers\/[^/]+$/;
    void app.proxy.holdAnswerNext('DELETE', deleted, { method: 'GET', path: /^\/never$/ }, 1500);
    const changing = ask(oldId, changed('173000'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cancel = await import('@/lib/payments/cancellation');
    expect(await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP)).toEqual({ kind: 'asked' });
    const answered = await changing;
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedInstead' });
  });

  it('"Cancel payment" pressed while a change is read, and heard at the bank after the change cancelled: no new order', async () => {
    // An order the PSU has not yet confirmed at the bank: the bank cancels it at once, without asking the PSU.
    const { paymentId: oldId } = await sentOrder();
    app.proxy.reset();
    const deleted = /\/periodic-payments\/credit-transfers\/[^/]+$/;
    // The stop's DELETE (the first) waits at the bank; the change's read of the order goes on once it has left.
    await addFault(app.sandbox.url, {
      method: 'DELETE',
      pathRegex: '/periodic-payments/credit-transfers/[^/]+$',
      count: 1,
      latencyMs: 1500,
    });
    void app.proxy.holdAnswerNext('GET', /\/status$/, { method: 'DELETE', path: deleted }, 3000);
    try {
      const changing = ask(oldId, changed('176000'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // "Cancel payment" in another tab, as its action does it.
      const cancel = await import('@/lib/payments/cancellation');
      const stop = await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP);
      const answered = await changing;
      expect(stop).toEqual({ kind: 'asked' });
      expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
      expect(newOrdersSent()).toHaveLength(0);
      expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedInstead' });
    } finally {
      await clearFaults(app.sandbox.url);
    }
  });

  it('two stops at once, the second refused: the first stop stays kept, with its authorisation', async () => {
    const oldId = await liveOrder();
    // Both tabs' actions read the order before either stop was asked.
    const before = await app.payment(oldId);
    const cancel = await import('@/lib/payments/cancellation');
    const first = await cancel.askBankToCancel(app.db, before, PSU_IP);
    if (first.kind !== 'sca') throw new Error(JSON.stringify(first));
    const kept = (await app.payment(oldId)).stopAsked;
    expect(kept?.scaStatusUrl).toBe(first.authorisation.scaStatusUrl);
    app.proxy.reset();
    refuseNextCancellation();
    expect(await cancel.askBankToCancel(app.db, before, PSU_IP)).toEqual({
      kind: 'refused',
      messageKey: 'payment.notCancellable',
    });
    expect((await app.payment(oldId)).stopAsked).toEqual(kept);
  });

  it('"Cancel payment" the bank refused, then a change: the change makes its new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    refuseNextCancellation();
    const cancel = await import('@/lib/payments/cancellation');
    expect(await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP)).toEqual({
      kind: 'refused',
      messageKey: 'payment.notCancellable',
    });
    expect((await app.payment(oldId)).stopAsked).toBeNull();
    await confirmedChange(oldId, changed('177000'));
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('sent');
  });

  it('a change left at the bank, then "Cancel payment" the bank refused, then the change confirmed: the new order is made', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const order = changed('178000');
    const left = await ask(oldId, order);
    if (!left.ok) throw new Error(JSON.stringify(left));
    // "Cancel payment" in another tab, which the bank refuses: the order stands, and so does the change.
    refuseNextCancellation();
    const cancel = await import('@/lib/payments/cancellation');
    expect(await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP)).toEqual({
      kind: 'refused',
      messageKey: 'payment.notCancellable',
    });
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('cancelling');
    // The PSU confirms the change's cancellation at the bank: the old order ends, and its new order is made.
    const next = await back(await decideAtBank(left.redirectTo, 'approve'), oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(1);
    expect(next).toMatch(/\/en\/payments\/[0-9a-f-]{36}$/);
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('sent');
  });

  it('"Cancel payment" heard at the bank first, a change that read the order before it: no new order', async () => {
    const { paymentId: oldId } = await sentOrder();
    app.proxy.reset();
    const deleted = /\/periodic-payments\/credit-transfers\/[^/]+$/;
    // The change's read of the order comes back only once the stop's DELETE has left for the bank.
    void app.proxy.holdAnswerNext('GET', /\/status$/, { method: 'DELETE', path: deleted }, 3000);
    const changing = ask(oldId, changed('181000'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancel = await import('@/lib/payments/cancellation');
    expect(await cancel.askBankToCancel(app.db, await app.payment(oldId), PSU_IP)).toEqual({ kind: 'asked' });
    expect(await changing).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedInstead' });
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('an order stopped at its costs while a change read it: the change`s cancellation, refused as too late, makes no new order', async () => {
    // An order in euros from Jón's krónur account: the bank gives its costs, which the PSU is shown before the bank.
    const outcome = await app.initiation.initiateOnce({
      psuId: app.psuId,
      submissionId: randomUUID(),
      service: 'periodic-payments',
      product: 'credit-transfers',
      body: { ...orderBody('250'), instructedAmount: { currency: 'EUR', amount: '250' } },
      scaLanguage: 'is',
      uiLocale: 'is',
      summary: { amount: '250', currency: 'EUR', creditorAccount: CREDITOR, label: 'Leiga' },
      psuIpAddress: PSU_IP,
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const oldId = outcome.paymentId;
    const { costsStepOf } = await import('@/lib/payments/costs-step');
    expect(costsStepOf(await app.payment(oldId))).toBe('pending');
    app.proxy.reset();
    const deleted = /\/periodic-payments\/credit-transfers\/[^/]+$/;
    // The change's read of the order comes back only once the costs page's "Stop" has reached the bank.
    void app.proxy.holdAnswerNext('GET', /\/status$/, { method: 'DELETE', path: deleted }, 3000);
    const changing = ask(oldId, changed('182000'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { stopAtCosts } = await import('@/lib/payments/costs-decision');
    expect(await stopAtCosts(app.db, await app.payment(oldId), PSU_IP)).toBe('cancelled');
    const answered = await changing;
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedInstead' });
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('cancelRefused');
  });

  it('an order the bank rejected while a change read it: the change`s cancellation, refused as too late, makes no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    // The order stands when the change reads it; the bank then ends it (rejected on its side), so that it refuses
    // the change's cancellation as too late and reports the order rejected.
    app.proxy.reshapeNext('GET', /\/status$/, (body) => body);
    refuseNextCancellation();
    app.proxy.reshapeNext('GET', /\/status$/, (body) => ({ ...(body as object), transactionStatus: 'RJCT' }));
    const answered = await ask(oldId, changed('183000'));
    expect((await app.payment(oldId)).transactionStatus).toBe('RJCT');
    expect(newOrdersSent()).toHaveLength(0);
    expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.ended' });
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('cancelRefused');
  });

  it('an order the PSU stopped in their own online bank while a change read it: no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    // The order stands when the change reads it; the PSU then stops it at their bank, outside the app, so that the
    // bank refuses the change's cancellation as too late and reports the order cancelled.
    app.proxy.reshapeNext('GET', /\/status$/, (body) => body);
    refuseNextCancellation();
    app.proxy.reshapeNext('GET', /\/status$/, (body) => ({ ...(body as object), transactionStatus: 'CANC' }));
    const answered = await ask(oldId, changed('184000'));
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedAtBank' });
    expect(await ask(oldId, changed('184000'))).toEqual({
      ok: false,
      messageKey: 'standingOrderChange.ended',
    });
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('a change left at the bank, then the order stopped in the PSU`s own online bank: its return makes no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const order = changed('185000');
    const left = await ask(oldId, order);
    if (!left.ok) throw new Error(JSON.stringify(left));
    await stopInOnlineBank(app.sandbox.url, (await app.payment(oldId)).bankPaymentId ?? '');
    // The PSU comes back through the change's own return, its cancellation never confirmed at the bank.
    const { returnUris } = await import('@/lib/payments/return-state');
    const changeId = (await queries.findChangeOf(app.db, app.psuId, oldId))?.id;
    const next = await back(returnUris(oldId, app.psuId, changeId).ok, oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(next).toBe(`http://127.0.0.1:9/en/payments/standing-orders/${oldId}/change`);
    expect(await queries.findChangeOf(app.db, app.psuId, oldId)).toMatchObject({
      state: 'cancelRefused',
      messageKey: 'standingOrderChange.stoppedAtBank',
    });
    expect(await ask(oldId, order)).toEqual({ ok: false, messageKey: 'standingOrderChange.ended' });
    expect(newOrdersSent()).toHaveLength(0);
  });

  it('a change left at the bank, the order stopped in the PSU`s own online bank, the form sent again: no new order', async () => {
    const oldId = await liveOrder();
    app.proxy.reset();
    const left = await ask(oldId, changed('186000'));
    if (!left.ok) throw new Error(JSON.stringify(left));
    await stopInOnlineBank(app.sandbox.url, (await app.payment(oldId)).bankPaymentId ?? '');
    // Sent again, the change reads the order as it stood just before the stop; the bank then refuses its second
    // ask as too late, the order cancelled by the stop and not by the change's first ask, still open at the bank.
    app.proxy.reshapeNext('GET', /\/status$/, (body) => ({ ...(body as object), transactionStatus: 'ACTC' }));
    const answered = await ask(oldId, changed('186000'));
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(0);
    expect(answered).toEqual({ ok: false, messageKey: 'standingOrderChange.stoppedAtBank' });
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('cancelRefused');
  });

  it('two change forms sent at once, the order cancelled at once by the bank: one new order, none lost', async () => {
    const { paymentId: oldId } = await sentOrder();
    app.proxy.reset();
    const answers = await Promise.all([ask(oldId, changed('178000')), ask(oldId, changed('179000'))]);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
    expect(newOrdersSent()).toHaveLength(1);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect((await queries.findChangeOf(app.db, app.psuId, oldId))?.state).toBe('sent');
  });

  it('an order the bank reports paid (ACSC, ACCC: one execution settled) still stands, and a stop stops it', async () => {
    const oldId = await liveOrder();
    for (const reported of ['ACSC', 'ACCC']) {
      app.proxy.reshapeNext('GET', /\/status$/, (body) => ({
        ...(body as object),
        transactionStatus: reported,
      }));
      await app.sync.syncPaymentStatus(app.db, await app.payment(oldId), 'poll');
      const view = app.view.toPaymentView(await app.payment(oldId), []);
      expect(view.transactionStatus).toBe(reported);
      expect(view).toMatchObject({ statusClass: 'standing', outcome: 'standing', cancellable: true });
    }
    const stop = await stopAtBank(oldId);
    await back(await decideAtBank(stop, 'approve'), oldId);
    expect((await app.payment(oldId)).transactionStatus).toBe('CANC');
  });

  it('another PSU cannot change the order: it is as absent as one that does not exist', async () => {
    const oldId = await liveOrder();
    const stranger = await app.db
      .insert(app.schema.psus)
      .values({ email: `${randomUUID()}@sandbox.test`, passwordHash: 'x', displayName: 'Other' })
      .returning();
    const outcome = await change.changeStandingOrder(app.db, {
      psuId: stranger[0]?.id ?? '',
      oldPaymentId: oldId,
      changed: changed(),
      psuIpAddress: PSU_IP,
    });
    expect(outcome).toEqual({ ok: false, messageKey: 'standingOrderChange.notFound' });
    expect((await app.payment(oldId)).transactionStatus).toBe('ACTC');
  });
});
