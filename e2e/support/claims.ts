import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { sandboxUrl } from './bank';

/** The demo PSU jon's kennitala: the payor of the claims below, whose bills the demo PSU sees. */
export const payorId = '0101302989';

/**
 * A sandbox bank of our spec, where Greiðsla ehf. issues a bill: the default one at the root (bank and branch
 * 0159), or another under `/banks/{id}` with its own business password and API key (sandbox/README.md).
 */
export interface ClaimsBank {
  base: string;
  branch: string;
  businessPassword: string;
  subscriptionKey: string;
}

const DEFAULT_CLAIMS_BANK: ClaimsBank = {
  base: sandboxUrl,
  branch: '0159',
  businessPassword: 'sandbox-b2b',
  subscriptionKey: 'demo-subscription-key',
};

/** Norðurbankinn-style banks of the sandbox: `{bank}11` branch, `sandbox-b2b-{id}`, `demo-subscription-key-{id}`. */
export function otherClaimsBank(id: string, bankNumber: string): ClaimsBank {
  return {
    base: `${sandboxUrl}/banks/${id}`,
    branch: `${bankNumber}11`,
    businessPassword: `sandbox-b2b-${id}`,
    subscriptionKey: `demo-subscription-key-${id}`,
  };
}

async function businessToken(request: APIRequestContext, bank: ClaimsBank): Promise<string> {
  const response = await request.post(`${bank.base}/oauth/v2/oauth-token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'greidsla-ehf',
      client_secret: bank.businessPassword,
      scope: 'openid b2b',
    },
    headers: { 'X-Request-ID': randomUUID(), 'Ocp-Apim-Subscription-Key': bank.subscriptionKey },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).access_token as string;
}

/** Greiðsla ehf.'s kennitala and the bank and branch of its claims (its deposit account's, 0159). */
const claimantId = '5501692829';

/**
 * Greiðsla ehf. issues a bill to jon, as its billing system would, with the reference's createClaimDetails
 * (IOBWS-Claims 3.1): the claim key (claimant, bank and branch + 66 + a claim number of its own, due date), the
 * payor, the template, the amount, and whether it may be paid in part (isPartialPaymentAllowed: a part payment,
 * `partialPayment: true`, leaves the rest due); returns the claim's id.
 */
export async function createClaim(
  request: APIRequestContext,
  claim: { amount: number; dueDate: string; reference: string; currency?: string; partPayment?: boolean },
  bank: ClaimsBank = DEFAULT_CLAIMS_BANK,
): Promise<string> {
  const claimNo = String(100_000 + Math.floor(Math.random() * 800_000));
  const response = await request.post(`${bank.base}/business/claims`, {
    data: {
      claimKey: { claimantId, account: `${bank.branch}66${claimNo}`, dueDate: claim.dueDate },
      payorId,
      templateCode: '001',
      amount: claim.amount,
      finalDueDate: claim.dueDate,
      currency: claim.currency ?? 'ISK',
      reference: claim.reference,
      isPartialPaymentAllowed: claim.partPayment ?? false,
    },
    headers: {
      Authorization: `Bearer ${await businessToken(request, bank)}`,
      'X-Request-ID': randomUUID(),
      'Ocp-Apim-Subscription-Key': bank.subscriptionKey,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).success.claimId as string;
}
