import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { formAction, OTHER_CLIENT, ScaBrowser, singlePayment, startTestSandbox, TestTpp } from './helpers.js';

// A TPP-Notification-URI may be http on loopback (a sandbox extra), where the sandbox's own admin surface
// answers too: a TPP must not make the bank's notification worker call it on its behalf.
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const status = async (tpp: TestTpp, token: string, id: string) =>
  (await tpp.get(token, `/psd2/api/v1/payments/credit-transfers/${id}/status`)).json.transactionStatus;

it("a notification sent to the sandbox's own admin surface does nothing there: another TPP's payment is not stopped", async () => {
  const victim = new TestTpp(sandbox.url);
  const victimToken = await victim.token();
  const created = await victim.initiate(victimToken, singlePayment());
  expect(created.status).toBe(201);
  const victimId = String(created.json.paymentId);

  const attacker = new TestTpp(sandbox.url, OTHER_CLIENT);
  const attackerToken = await attacker.token();
  const own = await attacker.initiate(attackerToken, singlePayment(), {
    headers: {
      'TPP-Notification-URI': `${sandbox.url}/sandbox/payments/${victimId}/stop`,
      'TPP-Notification-Content-Preferred': 'status=SCA',
    },
  });
  expect(own.status).toBe(201);
  const scaRedirect = (own.json._links as Record<string, { href: string }>).scaRedirect?.href ?? '';
  // The PSU signs in on the attacker's payment: its scaStatus changes, and a notification goes out.
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  await browser.post(formAction(login.html, scaRedirect), { username: 'jon', password: 'sandbox' });

  const until = Date.now() + 10_000;
  let attempts: Array<{ statusCode: number | null }> = [];
  while (attempts.length === 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outbox = (await (
      await fetch(`${sandbox.url}/sandbox/notifications?paymentId=${own.json.paymentId}`)
    ).json()) as { notifications: Array<{ attempts: Array<{ statusCode: number | null }> }> };
    attempts = outbox.notifications.flatMap((n) => n.attempts);
  }
  expect(attempts.length).toBeGreaterThan(0);
  expect(attempts[0]?.statusCode).toBe(403);
  expect(await status(victim, victimToken, victimId)).toBe('RCVD');
});
