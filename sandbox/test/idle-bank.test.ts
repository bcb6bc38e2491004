import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { decideOnScaPages, Receiver, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// The bank's workers look for work when it falls due and when a request may have added some (due-timer.ts),
// and otherwise once every 5 s. These tests send no request after the approval: a step or a notification that
// waited for the next idle look would come 5 s after the approval, past each test's bound.
const ACSP_AFTER_S = 1;
const ACSC_AFTER_S = 2;
/** Well before the idle look (5 s after the approval), well after the last step is due. */
const LOOK_AFTER_MS = 3_500;

let sandbox: RunningSandbox;
let tpp: TestTpp;
let token: string;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  sandbox = await startTestSandbox({ delays: { acsp: ACSP_AFTER_S, acsc: ACSC_AFTER_S } });
  tpp = new TestTpp(sandbox.url);
  token = await tpp.token();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.stop();
});

/** A payment initiated with a notification URI and approved at the bank's SCA page; when it was approved. */
async function approvedPayment(): Promise<{ paymentId: string; statusPath: string; approvedAt: number }> {
  const initiated = await tpp.initiate(token, singlePayment(), {
    headers: {
      'TPP-Redirect-URI': 'http://localhost:3000/return?ok',
      'TPP-Nok-Redirect-URI': 'http://localhost:3000/return?nok',
      'TPP-Notification-URI': `${receiver.url}/notify`,
    },
  });
  expect(initiated.status).toBe(201);
  const links = initiated.json._links as Record<string, { href: string }>;
  const decided = await decideOnScaPages(links.scaRedirect?.href ?? '');
  expect(decided.status).toBe(303);
  return {
    paymentId: initiated.json.paymentId as string,
    statusPath: links.status?.href.replace(sandbox.url, '') ?? '',
    approvedAt: Date.now(),
  };
}

describe('an idle bank', () => {
  it('takes each payment step when it falls due, with no request to prompt it', async () => {
    const { statusPath, approvedAt } = await approvedPayment();
    await new Promise((resolve) => setTimeout(resolve, approvedAt + LOOK_AFTER_MS - Date.now()));
    expect((await tpp.get(token, statusPath)).json.transactionStatus).toBe('ACSC');
  });

  it('sends the notifications of the steps it took by itself, before its next idle look', async () => {
    const { paymentId, approvedAt } = await approvedPayment();
    await new Promise((resolve) => setTimeout(resolve, approvedAt + LOOK_AFTER_MS - Date.now()));
    const statuses = receiver.received
      .filter((notification) => notification.body.paymentId === paymentId)
      .map((notification) => notification.body.transactionStatus)
      .filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining(['ACSP', 'ACSC']));
  });
});
