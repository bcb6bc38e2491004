import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentStatusView } from '@/components/payments/payment-status-view';
import { ScaCannotTake } from '@/components/payments/sca-cannot-take';
import { scaStepRefusal } from '@/lib/payments/sca-step-refusal';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { paymentRow } from '@/tests/support/payment-row';
import { renderIn } from '@/tests/support/render-intl';

/**
 * A bank may answer a payment's initiation with no SCA link this app can follow and no scaStatus link (spec 2.5,
 * Berlin Group: EMBEDDED or DECOUPLED with an encrypted start, or no links at all). The PSU is told so, in both
 * languages: that the bank asks for a way of confirming this app does not offer, that nothing is paid unless they
 * confirm it, where they can cancel it, and what to do; "continue" says the same, and the payment's status is
 * still read, so a decoupled approval in the bank's app moves the page on. Against the sandbox's fault rule
 * `scaLinks` (an extra: a real bank answers so of itself).
 */
const HELGA = 'IS950515260012341505852289';
const IP = '10.20.30.40';

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'no-usable-sca-step-secret-no-usable-sca-01' });
});
afterAll(() => app?.close());
beforeEach(async () => {
  await fetch(`${app.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

async function paidAsHelgaWith(scaLinks: 'none' | 'encrypted') {
  const rule = await fetch(`${app.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ psu: 'helga', method: 'POST', scaLinks, count: 1 }),
  });
  expect(rule.status).toBe(201);
  const { id } = await app.pay({ debtorIban: HELGA });
  return app.payment(id);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a payment the bank answers with no SCA step this app can take', () => {
  it.each([
    ['none', []],
    ['encrypted', ['startAuthorisationWithEncryptedPsuAuthentication']],
  ] as const)('is one whose step is “cannot take” (%s), and continue says so', async (scaLinks, links) => {
    const payment = await paidAsHelgaWith(scaLinks);
    expect(payment.transactionStatus).toBe('RCVD');
    const step = app.sca.nextScaStep(payment);
    expect(step).toEqual({ kind: 'cannot-take', links });
    expect(scaStepRefusal(step)).toBe('sca.cannotTake.continue');
    expect(en.sca.cannotTake.continue).toMatch(/way this app does not offer.*nothing is paid until then/);
    expect(is.sca.cannotTake.continue).toMatch(
      /aðferð sem þetta forrit býður ekki upp á.*fyrr verður ekkert greitt/,
    );
  });

  it('says on its page, in both languages, what happened, what it means for the money and what to do', async () => {
    const payment = await paidAsHelgaWith('none');
    const view = { ...app.view.toPaymentView(payment, []), cancellable: false };
    expect(view.scaStep.kind).toBe('cannot-take');
    expect(view.refreshEveryMs).toBeGreaterThan(0);
    const english = text(renderIn('en', <PaymentStatusView payment={view} />));
    expect(english).toContain('Your bank asks you to confirm this payment in a way this app does not offer');
    expect(english).toContain(
      'confirm it in your online banking or your bank’s app; nothing is paid until then.',
    );
    expect(english).toContain('cancel it in your online banking');
    const icelandic = text(renderIn('is', <PaymentStatusView payment={view} />));
    expect(icelandic).toContain('Bankinn þinn vill að þú staðfestir greiðsluna með aðferð sem þetta forrit');
    expect(icelandic).toContain(
      'Staðfestu hana í netbankanum eða appi bankans ef þú vilt greiða hana; fyrr verður ekkert greitt.',
    );
    expect(icelandic).toContain('afturkallað hana í netbankanum');
    // Where the PSU can cancel it here, the page says so.
    expect(text(renderIn('en', <ScaCannotTake cancellable />))).toContain('cancel it on this page');
    expect(text(renderIn('is', <ScaCannotTake cancellable />))).toContain('afturkallað hana hér.');
  });

  it('with only an authorisation to read (its scaStatus not yet read), waits for the PSU at the bank', () => {
    const waiting = (unusableLinks?: string[]) =>
      app.sca.nextScaStep(
        paymentRow({
          transactionStatus: 'RCVD',
          sca: {
            links: { scaStatus: 'https://bank.example/a/1', self: 'https://bank.example/p/1' },
            initiationLinks: {},
            unusableLinks,
          },
        }),
      );
    expect(waiting()).toEqual({ kind: 'decoupled' });
    // A step sent from a page drawn before (a code typed, a method chosen) is answered with what to do now.
    expect(scaStepRefusal({ kind: 'decoupled' })).toBe('sca.decoupled');
    expect(waiting(['startAuthorisationWithEncryptedPsuAuthentication'])).toEqual({
      kind: 'cannot-take',
      links: ['startAuthorisationWithEncryptedPsuAuthentication'],
    });
  });

  it('is still followed: approved in the bank’s app, its next status read moves the page on', async () => {
    const payment = await paidAsHelgaWith('none');
    const listed = (await (
      await fetch(`${app.sandbox.url}/sandbox/authorisations?paymentId=${payment.bankPaymentId}`)
    ).json()) as { authorisations: Array<{ authorisationId: string }> };
    const approval = listed.authorisations[0]?.authorisationId;
    const approved = await fetch(`${app.sandbox.url}/sandbox/decoupled/${approval}/approve`, {
      method: 'POST',
    });
    expect(approved.status).toBe(200);
    await app.sync.refreshFromBank(app.db, payment, 'poll', IP);
    const read = await app.payment(payment.id);
    expect(read.transactionStatus).not.toBe('RCVD');
    expect(app.sca.nextScaStep(read)).toEqual({ kind: 'none' });
    const view = app.view.toPaymentView(read, []);
    expect(view.outcome).not.toBe('awaitingPsu');
    // Its scaStatus never read (no link to it), the bank's "approve in the bank's app" is not shown once paid.
    expect(payment.sca?.psuMessage).toBeTruthy();
    expect(view.psuMessage).toBeNull();
  });
});
