import { expect } from 'vitest';
import { formAction, ScaBrowser } from '@/sandbox/test/helpers';

/**
 * The PSU of the OAuth SCA approach (payment spec 2.5 `scaOAuth`) at the sandbox bank and back: Sigrún signs in
 * and approves on the bank's pages, and her browser arrives at our OAuth return address. The route handler reads
 * the signed-in PSU through `@/lib/auth/session`, which the test mocks.
 */

/** Sigrún at the bank: the authorisation request the app sent her to, her sign-in and approval; where she is sent. */
export async function approveAtBank(authorize: string): Promise<URL> {
  const browser = new ScaBrowser();
  const first = await browser.get(authorize);
  expect(first.status, first.html).toBe(302);
  const pageUrl = new URL(first.location ?? '', authorize).toString();
  const login = await browser.get(pageUrl);
  const posted = await browser.post(formAction(login.html, pageUrl), {
    username: 'sigrun',
    password: 'sandbox',
  });
  const review = await browser.get(new URL(posted.location ?? '', pageUrl).toString());
  const decided = await browser.post(formAction(review.html, pageUrl), { decision: 'approve' });
  expect(decided.status).toBe(303);
  return new URL(decided.location ?? '');
}

/** The browser arrives at our OAuth return address from `psuIp`: where we send it. */
export async function arriveAt(address: URL, paymentId: string, psuIp: string): Promise<string | null> {
  const [{ GET }, { NextRequest }] = await Promise.all([
    import('@/app/api/payments/[id]/oauth/route'),
    import('next/server'),
  ]);
  const response = await GET(new NextRequest(address, { headers: { 'x-forwarded-for': psuIp } }), {
    params: Promise.resolve({ id: paymentId }),
  });
  return response.headers.get('location');
}
