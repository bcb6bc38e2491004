import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@/lib/bank/claims';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import {
  advanceClock,
  decideOnScaPages,
  formAction,
  JON_MAIN,
  ScaBrowser,
  TestTpp,
} from '@/sandbox/test/helpers';
import type { AppAtSandbox } from '@/tests/support/app-at-sandbox';
import { type BillsAtSandbox, startBillsAtSandbox } from './support';

// One bill, at most one payment that can still succeed: while a payment of a bill is saved and not
// refused, at the bank, or carried out, another payment of it is refused before it reaches the bank,
// in words; concurrent attempts end in one (the unique payments_bill_in_flight_idx, on PGlite and
// PostgreSQL alike). A payment the bank rejected or cancelled leaves room for the next. The bank
// answers a payment of a claim it has paid with 400 CLAIM_ALREADY_PAID (payment spec part 7), shown in words.

let bills: BillsAtSandbox;
let app: AppAtSandbox;
let saveClaim: typeof import('@/lib/db/queries/bills').saveClaim;
let getClaim: typeof import('@/lib/bank/claims').getClaim;
let readOwnPaymentFromBank: typeof import('@/lib/payments/sync').readOwnPaymentFromBank;
/** The demo PSU, whose verified kennitala is jon's: the payor of the bills, whose payments are the bills'. */
let payor: string;

beforeAll(async () => {
  bills = await startBillsAtSandbox('one-payment-per-bill-secret-0123456789abcd');
  ({ app, payor } = bills);
  ({ saveClaim } = await import('@/lib/db/queries/bills'));
  ({ getClaim } = await import('@/lib/bank/claims'));
  ({ readOwnPaymentFromBank } = await import('@/lib/payments/sync'));
});

afterAll(async () => {
  await app?.close();
});

/** A new claim of Greiðsla ehf. on jon at the sandbox bank, not yet read by the app. */
const newClaim = (amount = 3700, options: { partial?: boolean } = {}) => bills.newClaim(amount, options);

/** A new claim, known to the app as a bill (as the bills page reads it). */
const newBill = (amount = 3700, options: { partial?: boolean } = {}) => bills.newBill(amount, options);

/**
 * What the bill's pay form sends (app/[locale]/bills/[claimId]/pay): one form, one submission id; by the payor,
 * or the same payment to the claim's account with its id as `psuId` would send it, of `amount` (none: null).
 */
function payBill(
  claim: Claim,
  submissionId = randomUUID(),
  options: { psuId?: string; amount?: string | null; partialPayment?: boolean } = {},
) {
  return app.initiation.initiateOnce(bills.billForm(claim, { submissionId, ...options }));
}

/** Payment initiations that reached the bank with this claim id as their reference. */
function initiationsAtBank(claimId: string) {
  return app.proxy.calls.filter(
    (call) =>
      call.method === 'POST' &&
      /\/payments\/credit-transfers$/.test(call.path) &&
      call.body.includes(claimId),
  );
}

const billRows = (claimId: string) => bills.billPayments(claimId);

function words(key: string) {
  const at = (messages: unknown) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return { en: at(en), is: at(is) };
}

describe('one bill, at most one payment that can still succeed', () => {
  it('refuses a second payment of a bill while the first awaits the PSU at the bank, in words; the first form again is its payment', async () => {
    const claim = await newBill();
    const submissionId = randomUUID();
    const first = await payBill(claim, submissionId);
    expect(first).toMatchObject({ ok: true });
    const second = await payBill(claim);
    expect(second).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    const { en: english, is: icelandic } = words('payment.bill.beingPaid');
    expect(english).toMatch(/paying it twice/);
    expect(icelandic).toMatch(/ekki greidd tvisvar/);
    // A double click on the first form is that payment, not a refusal.
    const again = await payBill(claim, submissionId);
    expect(again).toMatchObject({ ok: true, paymentId: first.ok ? first.paymentId : '' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
    expect(await billRows(claim.claimId)).toHaveLength(1);
  });

  it('concurrent attempts from different forms end in one payment at the bank', async () => {
    const claim = await newBill();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => payBill(claim)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => !o.ok))
      expect(outcome).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(await billRows(claim.claimId)).toHaveLength(1);
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
  });

  it('concurrent submissions of one form (a double click, sent again) are that form’s one payment, never refused', async () => {
    const claim = await newBill();
    const submissionId = randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => payBill(claim, submissionId)));
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.paymentId : outcome.messageKey)));
    expect(ids.size).toBe(1);
    expect(outcomes[0]?.ok).toBe(true);
    expect(await billRows(claim.claimId)).toHaveLength(1);
  });

  it('counts a payment saved but not yet answered by the bank: its outcome is unknown, and it may be made', async () => {
    const claim = await newBill();
    // The bank busy at the first call and both retries (lib/bank/retry.ts): the app cannot know whether it was made.
    for (let answer = 0; answer < 3; answer++)
      app.proxy.answerNext('POST', /\/payments\/credit-transfers$/, {
        status: 503,
        body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE' }] },
      });
    const first = await payBill(claim);
    expect(first.ok).toBe(false);
    const [saved] = await billRows(claim.claimId);
    expect(saved?.phase).toBe('new');
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
  });

  it('leaves room for a new payment once the bank rejected the last one (the PSU declined it at the bank)', async () => {
    const claim = await newBill();
    const first = await payBill(claim);
    if (!first.ok) throw new Error(JSON.stringify(first));
    const { scaRedirect } = await app.payment(first.paymentId);
    const browser = new ScaBrowser();
    const login = await browser.get(scaRedirect ?? '');
    const signedIn = await browser.post(formAction(login.html, scaRedirect ?? ''), {
      username: 'jon',
      password: 'sandbox',
    });
    const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect ?? '').toString());
    await browser.post(formAction(review.html, scaRedirect ?? ''), { decision: 'decline' });
    await readOwnPaymentFromBank(app.db, payor, first.paymentId, '10.20.30.40');
    expect((await app.payment(first.paymentId)).transactionStatus).toBe('RJCT');
    expect(await payBill(claim)).toMatchObject({ ok: true });
  });

  it('refuses a bill the bank says is paid, in words, before anything is sent', async () => {
    const claim = await newBill();
    await saveClaim(app.db, 'default', { ...claim, claimStatus: 'Paid', totalAmountDue: '0' });
    const before = initiationsAtBank(claim.claimId).length;
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.alreadyPaid' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(before);
    expect(words('payment.bill.alreadyPaid').is).toMatch(/þegar greidd/);
  });

  it('shows the bank’s CLAIM_ALREADY_PAID in words when the claim was paid elsewhere and the bill not yet read again', async () => {
    const claim = await newBill(2900);
    // Paid at the bank by another payment (jon's online bank, say); the app still holds the bill as open.
    const tpp = new TestTpp(app.sandbox.url);
    const token = await tpp.token();
    const paid = await tpp.initiate(token, {
      debtorAccount: { iban: JON_MAIN },
      creditorAccount: { iban: claim.depositAccount.iban },
      instructedAmount: { currency: 'ISK', amount: '2900' },
      remittanceInformationUnstructured: claim.claimId,
    });
    expect(paid.status).toBe(201);
    const scaRedirect = (paid.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
    await decideOnScaPages(scaRedirect);
    await advanceClock(app.sandbox.url, 60);
    await advanceClock(app.sandbox.url, 60);
    expect(await getClaim(claim.claimId)).toMatchObject({ claimStatus: 'Paid' });

    const outcome = await payBill(claim);
    expect(outcome).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
      fieldErrors: { 'payment.remittanceInformationUnstructured': ['forms.bankRefusal.CLAIM_ALREADY_PAID'] },
    });
    const [refused] = await billRows(claim.claimId);
    expect(refused).toMatchObject({ phase: 'refused', failureCode: 'CLAIM_ALREADY_PAID' });
  });
});

describe('a bill is paid with a single payment of its own, and only its payor’s payments are the bill’s', () => {
  type Transfer = {
    creditorAccount: { iban: string };
    creditorName: string;
    instructedAmount: { currency: string; amount: string };
    remittanceInformationUnstructured: string;
  };

  /** `transfers` sent from Jón's account as the form of `service` sends them: a bulk of them all, or the first alone. */
  function sendAs(
    service: 'payments' | 'bulk-payments' | 'periodic-payments',
    transfers: [Transfer, ...Transfer[]],
    submissionId: string,
  ) {
    const [first] = transfers;
    const debtorAccount = { iban: JON_MAIN };
    const body =
      service === 'bulk-payments'
        ? { paymentInformationId: randomUUID().slice(0, 35), debtorAccount, payments: transfers }
        : service === 'periodic-payments'
          ? { ...first, debtorAccount, frequency: 'Monthly', startDate: '2026-12-15' }
          : { ...first, debtorAccount };
    return app.initiation.initiateOnce({
      psuId: payor,
      submissionId,
      service,
      product: 'credit-transfers',
      body,
      scaLanguage: 'en',
      uiLocale: 'en',
      summary: {
        amount: first.instructedAmount.amount,
        currency: first.instructedAmount.currency,
        creditorAccount: first.creditorAccount.iban,
      },
      psuIpAddress: '10.20.30.40',
    });
  }

  /** A bulk payment (or a standing order) whose one payment is the bill's, as the PSU could type it in that form. */
  function inSeveral(
    service: 'bulk-payments' | 'periodic-payments',
    claim: Claim,
    submissionId = randomUUID(),
  ) {
    const transfer = {
      creditorAccount: { iban: claim.depositAccount.iban },
      creditorName: claim.claimantName,
      instructedAmount: { currency: claim.currency, amount: claim.totalAmountDue ?? claim.amount },
      remittanceInformationUnstructured: claim.claimId,
    };
    const rent = { ...transfer, remittanceInformationUnstructured: 'Rent', creditorName: 'Landlord' };
    return sendAs(service, service === 'bulk-payments' ? [rent, transfer] : [transfer], submissionId);
  }

  it.each(['bulk-payments', 'periodic-payments'] as const)(
    'refuses %s that would pay an open bill, in words, before anything is sent; the bill is then paid on its own once',
    async (service) => {
      const claim = await newBill();
      const before = initiationsAtBank(claim.claimId).length;
      expect(await inSeveral(service, claim)).toEqual({
        ok: false,
        messageKey: 'payment.bill.singleOnly',
        // The bulk's second row pays the bill; the standing order is the bill's payment itself.
        fieldErrors: {
          [service === 'bulk-payments'
            ? 'payment.payments.1.remittanceInformationUnstructured'
            : 'payment.remittanceInformationUnstructured']: ['forms.common.paysABill'],
        },
      });
      expect(initiationsAtBank(claim.claimId)).toHaveLength(before);
      const { en: english, is: icelandic } = words('payment.bill.singleOnly');
      expect(english).toMatch(/never paid twice/);
      expect(icelandic).toMatch(/aldrei greidd tvisvar/);
      expect(await payBill(claim)).toMatchObject({ ok: true });
      expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    },
  );

  it('refuses a bulk payment with a row of a bill that is being paid (the bill’s page first, the bulk after)', async () => {
    const claim = await newBill();
    expect(await payBill(claim)).toMatchObject({ ok: true });
    expect(await inSeveral('bulk-payments', claim)).toMatchObject({
      ok: false,
      messageKey: 'payment.bill.singleOnly',
    });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
  });

  /** A form of `service` the bank refuses (a recipient's name too long for it), sent as `submissionId`. */
  async function refusedAtBank(
    service: 'payments' | 'bulk-payments' | 'periodic-payments',
    submissionId: string,
  ) {
    const transfer = {
      creditorAccount: { iban: JON_MAIN.replace(/\d{4}$/, '0000') },
      creditorName: 'X'.repeat(141),
      instructedAmount: { currency: 'ISK', amount: '5' },
      remittanceInformationUnstructured: 'Rent',
    };
    expect(await sendAs(service, [transfer], submissionId)).toMatchObject({
      ok: false,
      messageKey: 'bank.refusedFields',
    });
  }

  it.each(['bulk-payments', 'periodic-payments'] as const)(
    'refuses %s paying a bill from a form the bank refused before: a correction is new content, and checked as such',
    async (service) => {
      const claim = await newBill();
      expect(await payBill(claim)).toMatchObject({ ok: true });
      const form = randomUUID();
      await refusedAtBank(service, form);
      expect(await inSeveral(service, claim, form)).toMatchObject({
        ok: false,
        messageKey: 'payment.bill.singleOnly',
      });
      expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
    },
  );

  it('refuses a bill the bank says is paid from a form the bank refused before', async () => {
    const claim = await newBill();
    await saveClaim(app.db, 'default', { ...claim, claimStatus: 'Paid', totalAmountDue: '0' });
    const form = randomUUID();
    await refusedAtBank('payments', form);
    expect(await payBill(claim, form)).toEqual({ ok: false, messageKey: 'payment.bill.alreadyPaid' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(0);
  });

  it('another PSU’s payment to the claim’s account with its id is not the bill’s: it neither blocks the payor nor tells them anything', async () => {
    const claim = await newBill();
    const [anna] = await app.db
      .select()
      .from(app.schema.psus)
      .where(eq(app.schema.psus.email, 'anna@greidsla.is'));
    const stranger = await payBill(claim, randomUUID(), { psuId: anna?.id ?? '', amount: '1' });
    expect(stranger).toMatchObject({ ok: true });
    const [theirs] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, stranger.ok ? stranger.paymentId : ''));
    expect(theirs?.billClaimId).toBeNull();
    expect(await payBill(claim)).toMatchObject({ ok: true });
    expect(await billRows(claim.claimId)).toHaveLength(1);
  });

  it('reads a claim the app has not read yet when a payment names it, and pays it once whatever form comes next', async () => {
    // Made after the PSU last opened their bills: the app has no bill of it.
    const claim = await newClaim();
    expect(await payBill(claim)).toMatchObject({ ok: true });
    expect(await billRows(claim.claimId)).toHaveLength(1);
    expect(await inSeveral('bulk-payments', claim)).toMatchObject({
      ok: false,
      messageKey: 'payment.bill.singleOnly',
    });
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
  });

  it('does not send a payment naming a claim it could not check in time: told to try again, nothing sent, paid once after', async () => {
    const claim = await newClaim();
    // The claims list answers after 8 s (sooner than the app's bank timeout here, 15 s): past the 3 s a payment
    // waits for it, the app cannot tell whether the payment pays a bill that another payment pays already.
    app.proxy.holdAnswerNext('GET', /^\/business\/claims/, { method: 'GET', path: /^\/never$/ }, 8_000);
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.notChecked' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(0);
    // A claims bank that fails, for a standing order and a bulk payment as for a single one. The refusals left over
    // stay until the end: a read that the payment stopped waiting for may still be asking again (on a loaded
    // machine), and must meet a refusal, not the bank, which would list the next form's claim as a known bill.
    for (const service of ['payments', 'bulk-payments', 'periodic-payments'] as const) {
      const next = await newClaim();
      // Refused every time it is asked (the bank client asks again after a 503, three times in all).
      for (let tries = 0; tries < 5; tries++)
        app.proxy.answerNext('GET', /^\/business\/claims/, { status: 503, body: {} });
      const outcome = service === 'payments' ? await payBill(next) : await inSeveral(service, next);
      expect(outcome, service).toEqual({ ok: false, messageKey: 'payment.bill.notChecked' });
      expect(initiationsAtBank(next.claimId), service).toHaveLength(0);
    }
    expect(words('payment.bill.notChecked').is).toMatch(/Reyndu aftur/);
    // A known bill's id as the message of a transfer to someone else is not its payment: sent while the claims
    // bank fails, without asking it.
    const known = await newBill();
    for (let tries = 0; tries < 5; tries++)
      app.proxy.answerNext('GET', /^\/business\/claims/, { status: 503, body: {} });
    const toFriend = await app.initiation.initiateOnce({
      psuId: payor,
      submissionId: randomUUID(),
      service: 'payments',
      product: 'credit-transfers',
      body: {
        debtorAccount: { iban: JON_MAIN },
        creditorAccount: { iban: 'IS870301260012345101696399' },
        creditorName: 'Vinur',
        instructedAmount: { currency: 'ISK', amount: '5000' },
        remittanceInformationUnstructured: known.claimId,
      },
      scaLanguage: 'en',
      uiLocale: 'en',
      summary: { amount: '5000', currency: 'ISK', creditorAccount: 'IS870301260012345101696399' },
      psuIpAddress: '10.20.30.40',
    });
    app.proxy.dropUnusedAnswers();
    expect(toFriend).toMatchObject({ ok: true });
    // Once the claims are read, the bill is paid once, as any other.
    expect(await payBill(claim)).toMatchObject({ ok: true });
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
  });

  it('counts a payment of the bill saved before payments named their bill', async () => {
    const claim = await newBill();
    const first = await payBill(claim);
    if (!first.ok) throw new Error(JSON.stringify(first));
    await app.db
      .update(app.schema.payments)
      .set({ billBankId: null, billClaimId: null })
      .where(eq(app.schema.payments.id, first.paymentId));
    expect(await payBill(claim)).toEqual({ ok: false, messageKey: 'payment.bill.beingPaid' });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(1);
  });

  it('refuses less than is due on a claim that may not be paid in part, and another currency, in words', async () => {
    const claim = await newBill(3500);
    expect(await payBill(claim, randomUUID(), { amount: '3499' })).toEqual({
      ok: false,
      messageKey: 'payment.bill.belowDue',
    });
    expect(await payBill({ ...claim, currency: 'EUR' }, randomUUID(), { amount: '3500' })).toEqual({
      ok: false,
      messageKey: 'payment.bill.otherCurrency',
    });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(0);
    expect(words('payment.bill.belowDue').is).toMatch(/að hluta/);
    expect(words('payment.bill.otherCurrency').en).toMatch(/currency/);
    // Neither holds the bill: the whole amount is paid after them.
    expect(await payBill(claim)).toMatchObject({ ok: true });

    const inPart = await newBill(3500, { partial: true });
    expect(await payBill(inPart, randomUUID(), { amount: '1000', partialPayment: true })).toMatchObject({
      ok: true,
    });
  });

  it('refuses more than is due (a slip of the keys: 4,000,000 for a bill of 48,900), in words, after reading the claim again', async () => {
    const claim = await newBill(48_900, { partial: true });
    expect(await payBill(claim, randomUUID(), { amount: '4000000' })).toEqual({
      ok: false,
      messageKey: 'payment.bill.aboveDue',
    });
    expect(initiationsAtBank(claim.claimId)).toHaveLength(0);
    expect(words('payment.bill.aboveDue').en).toMatch(/more than/);
    // The bank says more is due now than the app read before (costs added since): that much is paid.
    const since = await newBill(3500);
    await saveClaim(app.db, 'default', { ...since, totalAmountDue: '3000' });
    expect(await payBill(since, randomUUID(), { amount: '3500' })).toMatchObject({ ok: true });
  });

  it('takes a bill’s payment without an amount (spec 2.1: optional), which pays what the bank says is due', async () => {
    const claim = await newBill(2600);
    const outcome = await payBill(claim, randomUUID(), { amount: null });
    expect(outcome).toMatchObject({ ok: true });
    expect(await billRows(claim.claimId)).toHaveLength(1);
  });
});
