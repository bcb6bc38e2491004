import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankOutcomeMessage } from '@/components/payments/bank-outcome-message';
import type { BankOutcome } from '@/lib/payments/outcome';
import en from '@/messages/en.json';
import is from '@/messages/is.json';
import type { RunningSandbox } from '@/sandbox/src/server';
import { CREDITOR, formAction, ScaBrowser, startTestSandbox } from '@/sandbox/test/helpers';
import { RecordingProxy } from '@/tests/bank/recording-proxy';
import { freshAppDatabase } from '@/tests/support/app-database';

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

const JON = { kennitala: '0101302989', iban: 'IS140159260076545510730339' };
const PSU_IP = '10.20.30.40';

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let psuId: string;
let app: {
  db: import('@/lib/db').Db;
  closeDatabase: () => Promise<void>;
  schema: typeof import('@/lib/db/schema');
  initiation: typeof import('@/lib/payments/initiation');
  view: typeof import('@/lib/payments/view');
  sync: typeof import('@/lib/payments/sync');
};

beforeAll(async () => {
  proxy = new RecordingProxy();
  const proxyUrl = await proxy.start();
  sandbox = await startTestSandbox({ publicUrl: proxyUrl });
  proxy.forwardTo(sandbox.url);
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'bank-return-secret-bank-return-secret-0123',
    APP_BASE_URL: 'http://127.0.0.1:9',
    BANK_BASE_URL: `${proxyUrl}/psd2`,
    BANK_AUTH_URL: proxyUrl,
    BANK_TIMEOUT_MS: '3000',
  });
  const [initiation, dbModule, schema, view, sync] = await Promise.all([
    import('@/lib/payments/initiation'),
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('@/lib/payments/view'),
    import('@/lib/payments/sync'),
  ]);
  const db = await dbModule.getDb();
  app = { db, closeDatabase: dbModule.closeDatabase, schema, initiation, view, sync };
  const [psu] = await db
    .insert(schema.psus)
    .values({ email: 'jon@return.test', passwordHash: 'x', displayName: 'Jón', kennitala: JON.kennitala })
    .returning();
  psuId = psu?.id ?? '';
  session.psuId = psuId;
}, 120_000);

afterAll(async () => {
  await app?.closeDatabase();
  await proxy?.stop();
  await sandbox?.close();
}, 60_000);

beforeEach(() => proxy.reset());

/** A payment of Jón's at the bank, its SCA page, and the two addresses the bank was given to return to. */
async function initiated(uiLocale: 'is' | 'en') {
  const outcome = await app.initiation.initiateOnce({
    psuId,
    submissionId: randomUUID(),
    service: 'payments',
    product: 'credit-transfers',
    body: {
      debtorAccount: { iban: JON.iban },
      creditorAccount: { iban: CREDITOR },
      instructedAmount: { currency: 'ISK', amount: '2500' },
      remittanceInformationUnstructured: `return ${randomUUID().slice(0, 8)}`,
    },
    scaLanguage: uiLocale,
    uiLocale,
    summary: { amount: '2500', currency: 'ISK', creditorAccount: CREDITOR },
    psuIpAddress: PSU_IP,
  });
  if (!outcome.ok) throw new Error(`initiation failed: ${JSON.stringify(outcome)}`);
  const sent = proxy
    .bankCalls()
    .find((call) => call.method === 'POST' && call.path.endsWith('/credit-transfers'));
  return {
    id: outcome.paymentId,
    scaRedirect: outcome.redirectTo,
    ok: new URL(String(sent?.headers['tpp-redirect-uri'])),
    nok: new URL(String(sent?.headers['tpp-nok-redirect-uri'])),
  };
}

/** Jón signs in on the bank's SCA page and decides; where the bank sends him, as it says. */
async function decideAtBank(scaRedirect: string, decision: 'approve' | 'decline'): Promise<string> {
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  const signedIn = await browser.post(formAction(login.html, scaRedirect), {
    username: 'jon',
    password: 'sandbox',
  });
  const review = new URL(signedIn.location ?? '', scaRedirect).toString();
  const page = await browser.get(review);
  const decided = await browser.post(formAction(page.html, review), { decision });
  expect(decided.status).toBe(303);
  return decided.location ?? '';
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
  const [row] = await app.db.select().from(app.schema.payments).where(eq(app.schema.payments.id, paymentId));
  if (!row) throw new Error('payment gone');
  return { location: response.headers.get('location'), view: app.view.toPaymentView(row, []), row };
}

function shown(outcome: BankOutcome | null, locale: 'is' | 'en'): string {
  const messages = { payment: (locale === 'is' ? is : en).payment };
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Atlantic/Reykjavik">
      <BankOutcomeMessage outcome={outcome} />
    </NextIntlClientProvider>,
  );
}

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
    const reads = proxy.bankCalls().filter((call) => call.method === 'GET');
    expect(reads.some((call) => /\/authorisations\/[^/]+$/.test(call.path))).toBe(true);
    expect(reads.some((call) => call.path.endsWith('/status'))).toBe(true);
  });

  it('an approval that lands at the nok address is shown as confirmed', async () => {
    const payment = await initiated('en');
    await decideAtBank(payment.scaRedirect, 'approve');
    const back = await arriveAt(payment.nok, payment.id);
    expect(back.view.scaStatus).toBe('finalised');
    expect(back.view.outcome).toBe('accepted');
    expect(shown(back.view.outcome, 'en')).toContain('You confirmed the payment at your bank');
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
    for (let i = 0; i < 3; i++) proxy.answerNext('GET', /\/status$/, { status: 503 });
    const back = await arriveAt(payment.ok, payment.id);
    expect(back.row.transactionStatus).toBe('RCVD');
    expect(back.view.outcome).toBe('unreadable');
    expect(shown(back.view.outcome, 'en')).toContain('We could not read the payment');
    expect(shown(back.view.outcome, 'is')).toContain('Ekki tókst að lesa stöðu greiðslunnar');
    // The page's next ask reads the bank again, and what the bank says replaces the warning.
    await app.sync.syncPaymentStatus(app.db, back.row, 'poll');
    const [row] = await app.db
      .select()
      .from(app.schema.payments)
      .where(eq(app.schema.payments.id, payment.id));
    expect(row?.statusReadFailedAt).toBeNull();
    expect(row && app.view.toPaymentView(row, []).outcome).toBe('accepted');
  });
});
