import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import type { BankOutcome } from '@/lib/payments/outcome';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { renderIn } from '@/tests/support/render-intl';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

// The PSU signed in to the app, for the route handler the bank sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * What the PSU reads on coming back from the bank is what the bank says, read from it on return
 * (scaStatus and transaction status), never the address it sent them to: payment spec 4.1 says of
 * TPP-Nok-Redirect-URI "may be ignored", so a decline can arrive at the ok address; and a PSU can
 * come back without deciding at all. Against the sandbox bank through a recording proxy, with the
 * bank's SCA page driven over HTTP as a browser would.
 */

const JON_MAIN = 'IS140159260076545510730339';
const PSU_IP = '10.20.30.40';

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'bank-return-secret-bank-return-secret-0123' });
  session.psuId = app.psuId;
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** A payment of Jón's at the bank, its SCA page, and the two addresses the bank was given to return to. */
async function initiated(uiLocale: 'is' | 'en') {
  const payment = await app.pay({ debtorIban: JON_MAIN, uiLocale });
  const sent = app.proxy
    .bankCalls()
    .find((call) => call.method === 'POST' && call.path.endsWith('/credit-transfers'));
  return {
    id: payment.id,
    scaRedirect: payment.redirectTo,
    ok: new URL(String(sent?.headers['tpp-redirect-uri'])),
    nok: new URL(String(sent?.headers['tpp-nok-redirect-uri'])),
  };
}

/** The browser arrives at one of our return addresses: where we send it, and what it is then shown. */
async function arriveAt(address: URL, paymentId: string) {
  const [{ GET }, { NextRequest }] = await Promise.all([
    import('@/app/api/payments/[id]/return/route'),
    import('next/server'),
  ]);
  const response = await GET(new NextRequest(address, { headers: { 'x-forwarded-for': PSU_IP } }), {
    params: Promise.resolve({ id: paymentId }),
  });
  const row = await app.payment(paymentId);
  return { location: response.headers.get('location'), view: app.view.toPaymentView(row, []), row };
}

const shown = (outcome: BankOutcome | null, locale: 'is' | 'en') =>
  renderIn(locale, <BankOutcomeMessage outcome={outcome} service="payments" />);

describe('the return page tells what the bank says (payment spec 4.1: TPP-Nok-Redirect-URI "may be ignored")', () => {
  it('a decline that lands at the ok address is shown as declined, in Icelandic and English', async () => {
    const payment = await initiated('is');
    // The sandbox honours TPP-Nok-Redirect-URI; a bank that ignores it sends the PSU to the ok address.
    expect(await decideAtBank(payment.scaRedirect, 'decline')).toBe(payment.nok.toString());
    const back = await arriveAt(payment.ok, payment.id);
    expect(back.location).toBe(`http://127.0.0.1:9/is/payments/${payment.id}`);
    expect(back.row.transactionStatus).toBe('RJCT');
    expect(back.view.scaStatus).toBe('failed');
    expect(back.view.outcome).toBe('declined');
    expect(shown(back.view.outcome, 'is')).toContain('Greiðslan var ekki staðfest í bankanum');
    expect(shown(back.view.outcome, 'en')).toContain('The payment was not confirmed at your bank');
    for (const locale of ['is', 'en'] as const) {
      expect(shown(back.view.outcome, locale)).toContain('data-outcome="declined"');
      expect(shown(back.view.outcome, locale)).not.toMatch(/You confirmed|Þú staðfestir/);
    }
  });

  it('a PSU who comes back without deciding is told the bank still waits for them', async () => {
    const payment = await initiated('en');
    const back = await arriveAt(payment.ok, payment.id);
    expect(back.location).toBe(`http://127.0.0.1:9/en/payments/${payment.id}`);
    expect(back.row.transactionStatus).toBe('RCVD');
    expect(back.view.outcome).toBe('awaitingPsu');
    expect(shown(back.view.outcome, 'en')).toContain('Your bank is still waiting for you to confirm');
    expect(shown(back.view.outcome, 'is')).toContain('Bankinn bíður enn eftir að þú staðfestir');
    // Both the scaStatus and the transaction status were read from the bank on return.
    const reads = app.proxy.bankCalls().filter((call) => call.method === 'GET');
    expect(reads.some((call) => /\/authorisations\/[^/]+$/.test(call.path))).toBe(true);
    expect(reads.some((call) => call.path.endsWith('/status'))).toBe(true);
  });

  it('reads the scaStatus and the transaction status at once: the PSU waits for one answer of the bank, not two', async () => {
    const payment = await initiated('is');
    await decideAtBank(payment.scaRedirect, 'approve');
    // The scaStatus answer waits at the proxy for the status read: an app that waited for it first never sends
    // that read while it is held, and the answer goes on after 5 s.
    const readAtOnce = app.proxy.holdAnswerNext(
      'GET',
      /\/authorisations\/[^/]+$/,
      { method: 'GET', path: /\/status$/ },
      5_000,
    );
    const back = await arriveAt(payment.ok, payment.id);
    expect(await readAtOnce).toBe(true);
    // Both readings are recorded, the authorisation's first.
    expect(back.view.scaStatus).toBe('finalised');
    expect(back.view.outcome).toBe('accepted');
    const { paymentTimeline } = await import('@/lib/payments/history');
    const events = await paymentTimeline(app.db, payment.id);
    const kinds = events.map((event) =>
      event.scaStatus ? 'sca' : event.transactionStatus ? 'status' : 'other',
    );
    expect(kinds.lastIndexOf('sca')).toBeLessThan(kinds.lastIndexOf('status'));
  });

  it('a scaStatus answer without its status is logged, and the PSU still gets the payment as the bank reports it', async () => {
    const payment = await initiated('en');
    await decideAtBank(payment.scaRedirect, 'approve');
    app.proxy.reshapeNext('GET', /\/authorisations\/[^/]+$/, () => ({}));
    const back = await arriveAt(payment.ok, payment.id);
    expect(back.location).toBe(`http://127.0.0.1:9/en/payments/${payment.id}`);
    expect(back.view.outcome).toBe('accepted');
  });

  it('an approval that lands at the nok address is shown as confirmed', async () => {
    const payment = await initiated('en');
    await decideAtBank(payment.scaRedirect, 'approve');
    const back = await arriveAt(payment.nok, payment.id);
    expect(back.view.scaStatus).toBe('finalised');
    expect(back.view.outcome).toBe('accepted');
    expect(shown(back.view.outcome, 'en')).toContain('Your bank has accepted the payment');
  });

  it('the address and anything else in the URL change nothing: the same return, hand-edited, says the same', async () => {
    const payment = await initiated('en');
    await decideAtBank(payment.scaRedirect, 'decline');
    const forged = new URL(payment.nok);
    forged.searchParams.set('outcome', 'ok');
    forged.searchParams.set('transactionStatus', 'ACCC');
    const back = await arriveAt(forged, payment.id);
    expect(back.location).toBe(`http://127.0.0.1:9/en/payments/${payment.id}`);
    expect(back.view.outcome).toBe('declined');
  });

  it('when the bank cannot be read on return, the PSU is told so, until a later reading succeeds', async () => {
    const payment = await initiated('en');
    await decideAtBank(payment.scaRedirect, 'approve');
    // Busy on the first try and both retries of the status read.
    for (let i = 0; i < 3; i++) app.proxy.answerNext('GET', /\/status$/, { status: 503 });
    const back = await arriveAt(payment.ok, payment.id);
    expect(back.row.transactionStatus).toBe('RCVD');
    expect(back.view.outcome).toBe('unreadable');
    expect(shown(back.view.outcome, 'en')).toContain('We could not read the payment');
    expect(shown(back.view.outcome, 'is')).toContain('Ekki tókst að lesa stöðu greiðslunnar');
    // The page's next ask reads the bank again, and what the bank says replaces the warning.
    await app.sync.syncPaymentStatus(app.db, back.row, 'poll');
    const row = await app.payment(payment.id);
    expect(row.statusReadFailedAt).toBeNull();
    expect(app.view.toPaymentView(row, []).outcome).toBe('accepted');
  });
});
