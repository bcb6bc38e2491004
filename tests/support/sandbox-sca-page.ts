import { expect } from 'vitest';
import { formAction, ScaBrowser } from '@/sandbox/test/helpers';

/**
 * A PSU on the sandbox bank's SCA page, driven over HTTP as their browser would: signs in and
 * decides. Returns where the bank sends them back to (its 303 Location).
 */
export async function decideAtBank(
  scaRedirect: string,
  decision: 'approve' | 'decline',
  psu = { username: 'jon', password: 'sandbox' },
): Promise<string> {
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  const signedIn = await browser.post(formAction(login.html, scaRedirect), psu);
  const review = new URL(signedIn.location ?? '', scaRedirect).toString();
  const page = await browser.get(review);
  const decided = await browser.post(formAction(page.html, review), { decision });
  expect(decided.status).toBe(303);
  return decided.location ?? '';
}
