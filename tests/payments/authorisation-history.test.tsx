import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppAtSandbox, startAppAtSandbox } from '@/tests/support/app-at-sandbox';
import { paymentHistoryLines } from '@/tests/support/history-lines';
import { decideAtBank } from '@/tests/support/sandbox-sca-page';

// A payment's status history tells each authorisation as its own: the first steps of a new one (the next signer's
// of a multilevel payment, or the PSU's again) say so, and do not read as the payment's authorisation going back.

const PSU_IP = '10.20.30.40';
/** Sandkassi ehf.: each payment is signed by Gunnar and Kristín, each in an authorisation of their own. */
const SANDKASSI = 'IS780515260012345102993029';
const GUNNAR = { username: 'gunnar', password: 'sandbox' };

let app: AppAtSandbox;
let history: typeof import('@/lib/payments/history');

beforeAll(async () => {
  app = await startAppAtSandbox({ AUTH_SECRET: 'authorisation-history-secret-authorisation-01' });
  history = await import('@/lib/payments/history');
});
afterAll(() => app?.close());
beforeEach(() => app.proxy.reset());

/** The first signer approves at the bank; the next starts their own authorisation on our page. */
async function secondSignerStarts(): Promise<string> {
  return secondSignerStartsWith(() => {});
}

async function secondSignerStartsWith(beforeStart: () => void): Promise<string> {
  const { id, redirectTo } = await app.pay({ debtorIban: SANDKASSI });
  await decideAtBank(redirectTo, 'approve', GUNNAR);
  await app.sync.refreshFromBank(app.db, await app.payment(id), 'redirect', PSU_IP);
  const signed = await app.payment(id);
  expect(signed.transactionStatus).toBe('PATC');
  expect(app.sca.nextScaStep(signed).kind).toBe('another-signer');
  const context = app.sca.authorisationContext(signed, PSU_IP);
  beforeStart();
  await app.sca.advanceSca(app.db, signed, { kind: 'start' }, context);
  return id;
}

describe('the status history of a payment with a second authorisation', () => {
  it('says the next signer\u2019s confirmation began, after the first signer\u2019s was finished', async () => {
    const id = await secondSignerStarts();
    const en = await paymentHistoryLines(app, 'en', id);
    const finished = en.findIndex((line) => line.startsWith('You confirmed the payment'));
    expect(finished).toBeGreaterThanOrEqual(0);
    const after = en.slice(finished + 1);
    expect(after.some((line) => line.startsWith('Awaiting another signer'))).toBe(true);
    expect(after.at(-1)).toMatch(/^Next signer\u2019s confirmation started Confirmation started /);
    expect((await paymentHistoryLines(app, 'is', id)).at(-1)).toMatch(
      /^Staðfesting næsta undirritara hafin Staðfesting hafin /,
    );
  });

  it('keeps the new authorisation\u2019s status on the timeline, marked as its own', async () => {
    const id = await secondSignerStarts();
    const sca = (await history.paymentTimeline(app.db, id)).filter((event) => event.scaStatus);
    expect(sca.map((event) => [event.scaStatus, event.detail?.newAuthorisation ?? null])).toEqual([
      ['received', null],
      ['finalised', null],
      ['received', 'signer'],
    ]);
  });

  it('marks the first status read of the new authorisation where the bank’s answer to its start gave none', async () => {
    const id = await secondSignerStartsWith(() =>
      app.proxy.reshapeNext('POST', /\/authorisations$/, (body) => ({
        ...(body as object),
        scaStatus: undefined,
      })),
    );
    expect((await app.payment(id)).sca?.scaStatus).toBeUndefined();
    await app.sca.syncScaStatus(app.db, await app.payment(id), 'poll', PSU_IP);
    const sca = (await history.paymentTimeline(app.db, id)).filter((event) => event.scaStatus);
    expect(sca.map((event) => event.detail?.newAuthorisation ?? null)).toEqual([null, null, 'signer']);
    expect((await app.payment(id)).sca?.newAuthorisation).toBeUndefined();
  });
});
