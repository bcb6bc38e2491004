import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formAction, JON_MAIN, ScaBrowser } from '@/sandbox/test/helpers';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';

// Two readings of one authorisation cross on the way back from the bank: the one the bank answered first (an
// earlier state) arrives after the one that says the authorisation has ended. A final scaStatus is the
// authorisation's last word: it stays, and the payment's history never shows it going back.

const PSU_IP = '10.20.30.40';
const OLAFUR_MAIN = 'IS830515260012342207793199';
const RELEASE = /^\/release-held-answer$/;

let app: AppAtSandbox;
let history: typeof import('@/lib/payments/history');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'sca-status-race-secret-sca-status-race-01' });
  history = await import('@/lib/payments/history');
});
afterAll(() => app?.close());
beforeEach(() => app.proxy.reset());

const scaStatuses = async (id: string) =>
  (await history.paymentTimeline(app.db, id)).flatMap((event) => (event.scaStatus ? [event.scaStatus] : []));

/** Holds the bank's answer to the next call to `link` until the test lets it go; resolves once the bank answered. */
async function holdAnswerOf(method: string, link: string | undefined, call: () => Promise<unknown>) {
  const path = new URL(link ?? '').pathname;
  const matches = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  void app.proxy.holdAnswerNext(method, matches, { method: 'GET', path: RELEASE }, 20_000);
  const pending = call();
  await expect
    .poll(() => app.proxy.calls.some((c) => c.method === method && matches.test(c.path) && c.status), {
      timeout: 10_000,
    })
    .toBe(true);
  return async () => {
    await fetch(`${app.proxy.url}/release-held-answer`);
    return pending;
  };
}

describe('a late reading of an authorisation that has ended', () => {
  it('leaves its finalised status, and the history, as they are', async () => {
    const { id, redirectTo } = await app.pay({ debtorIban: JON_MAIN });
    const browser = new ScaBrowser();
    const login = await browser.get(redirectTo);
    const signedIn = await browser.post(formAction(login.html, redirectTo), {
      username: 'jon',
      password: 'sandbox',
    });
    const review = new URL(signedIn.location ?? '', redirectTo).toString();
    const stale = await app.payment(id);
    // A poll reads the authorisation while the PSU is signed in at the bank; its answer is slow to come.
    const release = await holdAnswerOf('GET', stale.sca?.links.scaStatus, () =>
      app.sca.syncScaStatus(app.db, stale, 'poll', PSU_IP),
    );
    const page = await browser.get(review);
    await browser.post(formAction(page.html, review), { decision: 'approve' });
    await app.sca.syncScaStatus(app.db, await app.payment(id), 'redirect', PSU_IP);
    expect((await app.payment(id)).sca?.scaStatus).toBe('finalised');
    await release();
    expect((await app.payment(id)).sca?.scaStatus).toBe('finalised');
    expect(await scaStatuses(id)).toEqual(['finalised']);
  });

  it('leaves it as it is when a step of it is answered after a poll read it finalised', async () => {
    const { id } = await app.pay({ debtorIban: OLAFUR_MAIN });
    const payment = await app.payment(id);
    const context = app.sca.authorisationContext(payment, PSU_IP);
    const chosen = await app.sca.advanceSca(app.db, payment, { kind: 'method', methodId: 'sms' }, context);
    expect(chosen.payment.sca?.scaStatus).toBe('scaMethodSelected');
    // The PSU's code reaches the bank, which ends the authorisation; its answer is slow to come back.
    const release = await holdAnswerOf('PUT', chosen.payment.sca?.links.authoriseTransaction, () =>
      app.sca.advanceSca(app.db, chosen.payment, { kind: 'otp', otp: '123456' }, context),
    );
    await app.sca.syncScaStatus(app.db, chosen.payment, 'poll', PSU_IP);
    expect((await app.payment(id)).sca?.scaStatus).toBe('finalised');
    await release();
    expect((await app.payment(id)).sca?.scaStatus).toBe('finalised');
    expect(await scaStatuses(id)).toEqual(['scaMethodSelected', 'finalised']);
  });
});
