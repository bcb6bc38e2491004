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

/** Greiðsla ehf.'s kennitala and the bank and branch of its claims (its deposit account's, 0159). */
const claimantId = '5501692829';

/**
 * Greiðsla ehf. issues a bill to jon, as its billing system would, with the reference's createClaimDetails
 * (IOBWS-Claims 3.1): the claim key (claimant, bank and branch + 66 + a claim number of its own, due date), the
 * payor, the template, the amount; returns the claim's id.
 */
export async function createClaim(
  request: APIRequestContext,
  claim: { amount: number; dueDate: string; reference: string; currency?: string },
): Promise<string> {
  const claimNo = String(100_000 + Math.floor(Math.random() * 800_000));
  const response = await request.post(`${sandboxUrl}/business/claims`, {
    data: {
      claimKey: { claimantId, account: `015966${claimNo}`, dueDate: claim.dueDate },
      payorId,
      templateCode: '001',
      amount: claim.amount,
      finalDueDate: claim.dueDate,
      currency: claim.currency ?? 'ISK',
      reference: claim.reference,
    },
    headers: {
      Authorization: `Bearer ${await businessToken(request)}`,
      'X-Request-ID': randomUUID(),
      'Ocp-Apim-Subscription-Key': 'demo-subscription-key',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).success.claimId as string;
}
