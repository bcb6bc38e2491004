import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { sandboxUrl } from './bank';

/** The demo PSU jon's kennitala: the payor of the claims below, whose bills the demo PSU sees. */
export const payorId = '0101302989';

async function businessToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${sandboxUrl}/oauth/v2/oauth-token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'greidsla-ehf',
      client_secret: 'sandbox-b2b',
      scope: 'openid b2b',
    },
    headers: { 'X-Request-ID': randomUUID(), 'Ocp-Apim-Subscription-Key': 'demo-subscription-key' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).access_token as string;
}

/** Greiðsla ehf. issues a bill to jon, as its billing system would; returns the claim's id. */
export async function createClaim(
  request: APIRequestContext,
  claim: { amount: number; dueDate: string; reference: string },
): Promise<string> {
  const response = await request.post(`${sandboxUrl}/business/claims`, {
    data: { payorId, currency: 'ISK', ...claim },
    headers: {
      Authorization: `Bearer ${await businessToken(request)}`,
      'X-Request-ID': randomUUID(),
      'Ocp-Apim-Subscription-Key': 'demo-subscription-key',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).claimId as string;
}
