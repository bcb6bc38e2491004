import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { approveAtBank, arriveAt } from '@/tests/support/oauth-return';

// The PSU signed in to the app, for the route handler the bank's OAuth server sends the PSU back to.
const session = vi.hoisted(() => ({ psuId: null as string | null }));
vi.mock('@/lib/auth/session', () => ({ currentPsuId: async () => session.psuId }));

/**
 * The token endpoint fails as the PSU comes back from the OAuth SCA approach (payment spec 2.5 `scaOAuth`; BG IG
 * 7.6.3, 13.3) with the code of their approval, against the sandbox bank through a recording proxy that answers
 * in the bank's place. Where the bank provably never used the code (429, 503, the connection refused), the same
 * code is sent again, a bounded number of times; where it may have (502 after the bank had it), never.
 */

const SIGRUN = 'IS250515260012340303904239';
const PSU_IP = '10.20.30.41';
const TOKEN = /^\/oauth\/v2\/oauth-token$/;

let app: AppAtSandbox;

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'oauth-faults-secret-oauth-faults-0123456' });
  session.psuId = app.psuId;
});

afterAll(() => app?.close());

beforeEach(() => app.proxy.reset());

/** The code exchanges the app sent, whether the bank or the proxy answered them. */
const exchanges = () =>
  app.proxy
    .bankCalls()
    .filter((call) => call.method === 'POST' && TOKEN.test(call.path) && call.body.includes('code='));

/** A payment of Sigrún's approved at the bank: the address her browser is sent back to. */
async function approved(): Promise<{ id: string; back: URL }> {
  const payment = await app.pay({ debtorIban: SIGRUN });
  const back = await approveAtBank(payment.redirectTo);
  // Only what follows her return is looked at.
  app.proxy.reset();
  return { id: payment.id, back };
}

async function expectConfirmed(id: string) {
  const row = await app.payment(id);
  expect(row.sca?.scaStatus).toBe('finalised');
  expect(['ACTC', 'ACSP', 'ACSC']).toContain(row.transactionStatus);
}

describe('the code exchange where the bank never used the code: sent again with the same code', () => {
  it('a 503 from the token endpoint: the same code is sent again and the payment confirmed', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 503 });
    await arriveAt(back, id, PSU_IP);
    const sent = exchanges();
    expect(sent).toHaveLength(2);
    expect(new URLSearchParams(sent[1]?.body).get('code')).toBe(back.searchParams.get('code'));
    await expectConfirmed(id);
  });

  it('a 429 with a short Retry-After: sent again no sooner than it says', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 429, headers: { 'Retry-After': '1' } });
    const started = Date.now();
    await arriveAt(back, id, PSU_IP);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(exchanges()).toHaveLength(2);
    await expectConfirmed(id);
  });

  it('the token endpoint refusing the connection for a moment: sent again once it takes it', async () => {
    const { id, back } = await approved();
    // A port no one listens on yet; the bank's metadata names it as its token endpoint.
    const port = await freePort();
    let server: Server | undefined;
    let opened: Promise<void> = Promise.resolve();
    app.proxy.reshapeNext('GET', /oauth-authorization-server/, (body) => {
      // It listens a moment after the app has the metadata: the app's first attempt met a closed port.
      opened = new Promise<void>((resolve) =>
        setTimeout(() => {
          server = forwarder(app.proxy.url).listen(port, '127.0.0.1', resolve);
        }, 100),
      );
      return { ...(body as object), token_endpoint: `http://127.0.0.1:${port}/oauth/v2/oauth-token` };
    });
    try {
      await arriveAt(back, id, PSU_IP);
      await opened;
      expect(exchanges()).toHaveLength(1);
      await expectConfirmed(id);
    } finally {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('busy every time: sent at most three times, then left', async () => {
    const { id, back } = await approved();
    for (let i = 0; i < 4; i++) app.proxy.answerNext('POST', TOKEN, { status: 503 });
    await arriveAt(back, id, PSU_IP);
    expect(exchanges()).toHaveLength(3);
    expect((await app.payment(id)).transactionStatus).toBe('RCVD');
  });

  it('a 502 after the bank had the code: never sent again', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 502, afterBank: true });
    await arriveAt(back, id, PSU_IP);
    expect(exchanges()).toHaveLength(1);
    expect((await app.payment(id)).transactionStatus).toBe('RCVD');
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A plain HTTP forwarder to `target`: the token endpoint, once it listens. */
function forwarder(target: string): Server {
  return createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
}

describe('the code may be spent: the PSU approves again, in a new authorisation of the same payment', () => {
  it('after a 502 from the token endpoint, the step offered starts a new authorisation the bank lets the PSU approve', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 502, afterBank: true });
    await arriveAt(back, id, PSU_IP);
    const stuck = await app.payment(id);
    expect(stuck.transactionStatus).toBe('RCVD');
    expect(stuck.sca?.scaStatus).toBe('unconfirmed');
    expect(app.sca.nextScaStep(stuck).kind).toBe('oauth');

    // The PSU presses the step again: a new authorisation sub-resource (BG IG 7.1), and its authorisation request.
    const { authorize, started } = await pressAgain(stuck);
    expect(started).toHaveLength(1);
    expect(new URL(authorize).searchParams.get('code_challenge')).not.toBe(
      new URL(back).searchParams.get('code_challenge'),
    );
    const again = await approveAtBank(authorize);
    expect(await arriveAt(again, id, PSU_IP)).toBe(`http://127.0.0.1:9/en/payments/${id}`);
    await expectConfirmed(id);
    // One payment: nothing initiated again, and the first authorisation can no longer make it twice.
    expect(app.proxy.bankCalls().filter((call) => /\/credit-transfers$/.test(call.path))).toHaveLength(0);
  });

  it('a 502 and the scaStatus unread on return: the next press still starts a new authorisation', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 502, afterBank: true });
    app.proxy.answerNext('GET', /\/authorisations\/[^/]+$/, { status: 500 });
    await arriveAt(back, id, PSU_IP);
    const stuck = await app.payment(id);
    expect(stuck.transactionStatus).toBe('RCVD');
    // What we last read of the authorisation is from before the PSU approved it.
    expect(stuck.sca?.scaStatus).not.toBe('unconfirmed');

    const { authorize, started } = await pressAgain(stuck);
    expect(started).toHaveLength(1);
    const again = await approveAtBank(authorize);
    await arriveAt(again, id, PSU_IP);
    await expectConfirmed(id);
  });
  it('a claim on the code left without an outcome for minutes (its request ended mid-exchange): taken as lost', async () => {
    const { id, back } = await approved();
    const [{ oauthCodeExchanges }, { authorisationOf }] = await Promise.all([
      import('@/lib/db/oauth-code-schema'),
      import('@/lib/payments/oauth-request'),
    ]);
    const row = await app.payment(id);
    await app.db.insert(oauthCodeExchanges).values({
      paymentId: id,
      codeHash: createHash('sha256')
        .update(back.searchParams.get('code') ?? '')
        .digest('hex'),
      authorisation: authorisationOf(row.sca ?? raise()),
      claimedAt: new Date(Date.now() - 10 * 60_000),
    });
    expect((await pressAgain(row)).started).toHaveLength(1);
  });
});

describe('what the PSU reads of a payment whose confirmation could not be finished', () => {
  it('says in both languages that they confirmed, nothing was paid, and to confirm again', async () => {
    const { id, back } = await approved();
    app.proxy.answerNext('POST', TOKEN, { status: 504, afterBank: true });
    await arriveAt(back, id, PSU_IP);
    const row = await app.payment(id);
    expect(row.sca?.scaStatus).toBe('unconfirmed');
    expect(app.view.paymentOutcome(row)).toBe('unfinished');
    const [en, is] = await Promise.all([import('@/messages/en.json'), import('@/messages/is.json')]);
    expect(en.payment.outcome.unfinished).toMatch(/nothing has been paid.*confirm it again/);
    expect(is.payment.outcome.unfinished).toMatch(/ekkert hefur enn verið greitt.*staðfestu hana aftur/);
    expect(en.scaStatus.unconfirmed).not.toBe('Awaiting confirmation');
  });
});

/**
 * The PSU's next press of the OAuth step on `payment`: the authorisation request it sends them to, and the new
 * authorisation sub-resources (BG IG 7.1) started at the bank so far.
 */
async function pressAgain(payment: Awaited<ReturnType<AppAtSandbox['payment']>>) {
  const { oauthRedirect } = await import('@/lib/payments/oauth-step');
  const authorize = await oauthRedirect(app.db, payment, PSU_IP);
  const started = app.proxy
    .bankCalls()
    .filter((call) => call.method === 'POST' && /\/payments\/[^/]+\/[^/]+\/authorisations$/.test(call.path));
  return { authorize, started };
}

function raise(): never {
  throw new Error('The payment has no SCA');
}
