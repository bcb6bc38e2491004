import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CostsStopNoteText } from '@/components/payments/costs-stop-note';
import type { Money, PaymentCosts } from '@/lib/bank/costs';
import type { InitiationRequest } from '@/lib/payments/initiation';
import { advanceClock, CREDITOR, formAction, ScaBrowser } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';

/**
 * Payment spec 2.5: the initiation answer may carry transactionFees, currencyConversionFee,
 * transactionFeeIndicator, transactionFeesDetails and exchangeRateInformation. Where it carries a cost,
 * the PSU is shown it before the bank's SCA and may stop there; stopping cancels the payment at the
 * bank where the bank lets us (DELETE), and otherwise leaves it unauthorised, marked so.
 * Against the sandbox bank, which charges fees on a payment in another currency than the account.
 */

const JON = 'IS140159260076545510730339';
// Jón's account in euros: a payment from it in krónur has fees and an exchange rate; to his other account, no SCA.
const JON_EUR = 'IS770159380005550101302989';
const JON_OWN = 'IS860159260012340101302989';
const BOKHALD = 'IS950515260012346403164039';
const IP = '10.20.30.40';
const DELETE_PAYMENT = /^\/psd2\/api\/v1\/payments\/credit-transfers\/[^/]+$/;

let app: AppAtSandbox;
let costsStep: typeof import('@/lib/payments/costs-step');
let decision: typeof import('@/lib/payments/costs-decision');

beforeAll(async () => {
  // The bank exempts a transfer between one owner's accounts only for the owner it knows is asking: the app
  // names its PSU by the kennitala their electronic ID proved (PSU-ID), where the operator turned it on.
  app = await startAppAtSandbox({
    AUTH_SECRET: 'costs-step-secret-costs-step-secret-0001',
    BANK_SEND_PSU_ID: 'true',
  });
  [costsStep, decision] = await Promise.all([
    import('@/lib/payments/costs-step'),
    import('@/lib/payments/costs-decision'),
  ]);
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

function single(
  currency: string,
  submissionId = randomUUID(),
  { from = JON, to = CREDITOR } = {},
): InitiationRequest {
  return {
    psuId: app.psuId,
    submissionId,
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: from },
      creditorAccount: { iban: to },
      instructedAmount: { currency, amount: '100' },
    },
    scaLanguage: 'en',
    uiLocale: 'en',
    summary: { amount: '100', currency, creditorAccount: to },
    psuIpAddress: IP,
  };
}

describe('what counts as a cost to show first (payment spec 2.5)', () => {
  const money = (amount: string): Money => ({ currency: 'ISK', amount });

  it('no answer member, a zero fee or transactionFeeIndicator false alone: none, straight to the bank', () => {
    for (const costs of [null, {}, { transactionFeeIndicator: false }, { transactionFees: money('0') }]) {
      expect(costsStep.hasCostsToShow(costs as PaymentCosts | null), JSON.stringify(costs)).toBe(false);
    }
  });

  it('any fee above zero, an exchange rate, an estimated total, or "specific costs apply": shown first', () => {
    const positive = fc.stringMatching(/^[1-9][0-9]{0,5}(\.[0-9]{1,2})?$/);
    fc.assert(
      fc.property(
        positive,
        fc.constantFrom<keyof PaymentCosts>(
          'transactionFees',
          'currencyConversionFee',
          'estimatedTotalAmount',
          'transactionFeesDetails',
        ),
        (amount, member) => {
          const costs: PaymentCosts =
            member === 'transactionFeesDetails'
              ? { transactionFeesDetails: [{ feeType: 'TRANSFER', value: money(amount) }] }
              : { [member]: money(amount) };
          expect(costsStep.hasCostsToShow(costs)).toBe(true);
        },
      ),
    );
    expect(costsStep.hasCostsToShow({ exchangeRateInformation: { exchangeRate: '149.5' } })).toBe(true);
    expect(costsStep.hasCostsToShow({ transactionFeeIndicator: true })).toBe(true);
  });
});

describe('the costs step between the bank’s answer and its SCA', () => {
  it('a payment with fees goes to the costs page, also when sent again; one without goes to the bank', async () => {
    const submissionId = randomUUID();
    const withFees = await app.initiation.initiateOnce(single('EUR', submissionId));
    if (!withFees.ok) throw new Error(JSON.stringify(withFees));
    expect(withFees.redirectTo).toBe(`/payments/${withFees.paymentId}/costs`);
    const payment = await app.payment(withFees.paymentId);
    expect(payment.costs?.transactionFees?.currency).toBe('ISK');
    expect(costsStep.costsStepOf(payment)).toBe('pending');
    // The same form sent again (a double click) does not skip the costs.
    const again = await app.initiation.initiateOnce(single('EUR', submissionId));
    expect(again).toEqual(withFees);

    const withoutFees = await app.initiation.initiateOnce(single('ISK'));
    if (!withoutFees.ok) throw new Error(JSON.stringify(withoutFees));
    expect(withoutFees.redirectTo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(costsStep.costsStepOf(await app.payment(withoutFees.paymentId))).toBeNull();
  });

  it('a payment the bank accepted in its first answer (no SCA needed) shows its costs on its page, not a choice', async () => {
    // Jón himself (the demo PSU, whose kennitala is linked), between his own accounts.
    const [jon] = await app.db
      .select()
      .from(app.schema.psus)
      .where(eq(app.schema.psus.email, 'demo@greidsla.is'));
    const outcome = await app.initiation.initiateOnce({
      ...single('ISK', randomUUID(), { from: JON_EUR, to: JON_OWN }),
      psuId: jon?.id ?? '',
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const payment = await app.payment(outcome.paymentId);
    expect(payment.transactionStatus).toBe('ACTC');
    expect(costsStep.hasCostsToShow(payment.costs)).toBe(true);
    // "Stop payment" would stop nothing: the bank is already carrying it out.
    expect(costsStep.costsStepOf(payment)).toBeNull();
    expect(outcome.redirectTo).toBe(`/payments/${outcome.paymentId}`);
    expect(app.view.toPaymentView(payment, [])).toMatchObject({ costsStep: null, costsStopNote: null });
    await decision.stopAtCosts(app.db, payment, IP);
    expect((await app.payment(outcome.paymentId)).costsDecision).toBeNull();
    expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('the straight-through confirmation is not given before the PSU continues past the costs, nor after they stop', async () => {
    // The company's account at the bank that takes our confirmation as the authorisation; this PSU may act for it.
    const { holderMandates } = await import('@/lib/db/holder-schema');
    await app.db
      .insert(holderMandates)
      .values({ psuId: app.psuId, holderKennitala: '6403164039', grantedBy: 'command' })
      .onConflictDoNothing();
    const outcome = await app.initiation.initiateOnce(single('EUR', randomUUID(), { from: BOKHALD }));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.redirectTo).toBe(`/payments/${outcome.paymentId}/costs`);
    const confirm = (payment: Awaited<ReturnType<typeof app.payment>>) =>
      app.sca.advanceSca(app.db, payment, { kind: 'confirm' }, app.sca.authorisationContext(payment, IP));
    await expect(confirm(await app.payment(outcome.paymentId))).rejects.toBeInstanceOf(
      app.sca.CostsUndecidedError,
    );
    app.proxy.answerNext('DELETE', DELETE_PAYMENT, {
      status: 405,
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID' }] },
    });
    // "Continue" read in another tab before the stop: it is recorded after it, and leads to no SCA.
    const readBeforeStop = await app.payment(outcome.paymentId);
    expect(await decision.stopAtCosts(app.db, await app.payment(outcome.paymentId), IP)).toBe('stopped');
    expect(await decision.continueAfterCosts(app.db, readBeforeStop, IP)).toBe(
      `/payments/${outcome.paymentId}`,
    );
    await expect(confirm(await app.payment(outcome.paymentId))).rejects.toBeInstanceOf(
      app.sca.CostsUndecidedError,
    );
    expect(app.proxy.bankCalls().filter((call) => /authorisations/.test(call.path))).toHaveLength(0);
    expect((await app.payment(outcome.paymentId)).transactionStatus).toBe('RCVD');
  });

  it('continuing goes to the bank’s SCA page, and the choice is kept', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const payment = await app.payment(outcome.paymentId);
    const destination = await decision.continueAfterCosts(app.db, payment, IP);
    expect(destination).toBe(payment.scaRedirect);
    const after = await app.payment(outcome.paymentId);
    expect(after.costsDecision).toBe('continued');
    expect(app.view.toPaymentView(after, []).scaRedirect).toBe(payment.scaRedirect);
    // Stop after continuing changes nothing, and asks the bank nothing.
    expect(await decision.stopAtCosts(app.db, after, IP)).toBe('continued');
    expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('stopping cancels the payment at the bank (DELETE before SCA); its page offers no SCA', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const payment = await app.payment(outcome.paymentId);
    expect(await decision.stopAtCosts(app.db, payment, IP)).toBe('cancelled');
    const deletes = app.proxy.bankCalls().filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.path)).toEqual([expect.stringMatching(DELETE_PAYMENT)]);
    const after = await app.payment(outcome.paymentId);
    expect(after).toMatchObject({ costsDecision: 'cancelled', transactionStatus: 'CANC' });
    const view = app.view.toPaymentView(after, []);
    expect(view).toMatchObject({ costsStep: 'cancelled', scaRedirect: null, scaStep: { kind: 'none' } });
    // The costs the bank quoted are still shown, but nothing leaves the account: no total of it.
    expect(view.costs).not.toBeNull();
    expect(view.costsTotal).toBeNull();
  });

  it('a bank that does not cancel it (405): the payment is left unauthorised and marked stopped', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    app.proxy.answerNext('DELETE', DELETE_PAYMENT, {
      status: 405,
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID' }] },
    });
    const payment = await app.payment(outcome.paymentId);
    expect(await decision.stopAtCosts(app.db, payment, IP)).toBe('stopped');
    // "Continue" read in another tab before the stop: it comes after it, and leads to the payment's page, not the bank.
    expect(await decision.continueAfterCosts(app.db, payment, IP)).toBe(`/payments/${outcome.paymentId}`);
    const after = await app.payment(outcome.paymentId);
    expect(after.costsDecision).toBe('stopped');
    expect(after.transactionStatus).toBe('RCVD');
    const view = app.view.toPaymentView(after, []);
    expect(view).toMatchObject({ costsStep: 'stopped', scaRedirect: null, scaStep: { kind: 'none' } });
    // And going on after stopping is not offered: the choice stands.
    expect(costsStep.costsStepOf(after)).toBe('stopped');
  });

  it('"Continue" pressed in another tab while the bank is still answering the stop leads to no SCA', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const readBeforeStop = await app.payment(outcome.paymentId);
    // The bank does not cancel it (405), and its answer to the stop is held until the other tab has pressed.
    app.proxy.answerNext('DELETE', DELETE_PAYMENT, {
      status: 405,
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID' }] },
    });
    const released = { method: 'GET', path: /^\/continue-pressed$/ };
    const held = app.proxy.holdAnswerNext('DELETE', DELETE_PAYMENT, released, 30_000);
    const stopping = decision.stopAtCosts(app.db, readBeforeStop, IP);
    await vi.waitFor(
      () => expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(1),
      { timeout: 10_000 },
    );
    const continued = await decision.continueAfterCosts(app.db, readBeforeStop, IP);
    await fetch(`${app.proxy.url}/continue-pressed`);
    expect(await held).toBe(true);
    expect(continued).toBe(`/payments/${outcome.paymentId}`);
    expect(await stopping).toBe('stopped');
    const after = await app.payment(outcome.paymentId);
    expect(after.costsDecision).toBe('stopped');
    expect(app.view.toPaymentView(after, [])).toMatchObject({ scaRedirect: null, scaStep: { kind: 'none' } });
  });

  it('a stop pressed after "Continue" in another tab is answered as continued, asking the bank nothing', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const readBeforeContinue = await app.payment(outcome.paymentId);
    await decision.continueAfterCosts(app.db, readBeforeContinue, IP);
    expect(await decision.stopAtCosts(app.db, readBeforeContinue, IP)).toBe('continued');
    expect(app.proxy.bankCalls().filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect((await app.payment(outcome.paymentId)).costsDecision).toBe('continued');
  });

  it('where the bank does not cancel, the page says the payment may still be confirmed at the bank; once the bank has carried it out, it says that, and nothing of a stop', async () => {
    const outcome = await app.initiation.initiateOnce(single('EUR'));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    app.proxy.answerNext('DELETE', DELETE_PAYMENT, {
      status: 405,
      body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID' }] },
    });
    expect(await decision.stopAtCosts(app.db, await app.payment(outcome.paymentId), IP)).toBe('stopped');
    const stopped = app.view.toPaymentView(await app.payment(outcome.paymentId), []);
    expect(stopped).toMatchObject({ costsStopNote: 'stopped', cancellable: true });
    const warning = {
      en: renderIn('en', <CostsStopNoteText note={stopped.costsStopNote} />),
      is: renderIn('is', <CostsStopNoteText note={stopped.costsStopNote} />),
    };
    expect(warning.en).toContain('did not cancel this payment');
    expect(warning.en).toContain('do not confirm it');
    expect(warning.is).toContain('afturkallaði ekki þessa greiðslu');
    for (const html of Object.values(warning)) expect(html).toContain('role="alert"');

    // The PSU (or someone with their bank app) confirms it at the bank after all; the bank carries it out.
    const { scaRedirect } = await app.payment(outcome.paymentId);
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect ?? '');
    const signedIn = await browser.post(formAction(login.html, scaRedirect ?? ''), {
      username: 'jon',
      password: 'sandbox',
    });
    const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect ?? '').toString());
    await browser.post(formAction(review.html, scaRedirect ?? ''), { decision: 'approve' });
    await advanceClock(app.sandbox.url, 60);
    await advanceClock(app.sandbox.url, 60);
    await app.sync.syncPaymentStatus(app.db, await app.payment(outcome.paymentId), 'poll', IP);
    const paid = app.view.toPaymentView(await app.payment(outcome.paymentId), []);
    expect(paid.statusClass).toMatch(/^(debited|completed)$/);
    expect(paid.costsStopNote).toBe('confirmedAfterStop');
    for (const locale of ['en', 'is'] as const) {
      const html = renderIn(locale, <CostsStopNoteText note={paid.costsStopNote} />);
      expect(html).not.toContain('role="alert"');
      expect(html).not.toMatch(/will not pay it|greiðir hana því ekki|nothing is paid|ekkert er greitt/);
    }
  });
});
