import { settings } from '@/lib/config';
import { BankError } from './errors';
import type { BankRequest, BankResponse } from './http';
import { bankFetchWithRetry } from './retry';
import { tokenCache } from './token-cache';

/**
 * The business token (spec part 5): client credentials of an online-banking user, scope
 * `openid b2b`. It is a different token from the payment interface's (`pis:`), and the bank keeps
 * them apart: each is refused on the other's interfaces.
 */
const business = tokenCache('business-token', () => {
  const { BANK_B2B_USERNAME, BANK_B2B_PASSWORD } = settings();
  return { client_id: BANK_B2B_USERNAME, client_secret: BANK_B2B_PASSWORD, scope: 'openid b2b' };
});

export const businessAccessToken = business.get;
export const discardBusinessAccessToken = business.discard;

/**
 * A call to a business interface or the webhooks service with the business token. A 401 means the
 * bank no longer knows the token (expired early, bank restarted): it is fetched afresh once. Busy
 * answers are retried where that is safe, as on the payment interface (lib/bank/retry.ts).
 */
export async function businessFetch(request: BankRequest): Promise<BankResponse> {
  for (let attempt = 0; ; attempt++) {
    const token = await businessAccessToken();
    try {
      return await bankFetchWithRetry({
        ...request,
        headers: { ...request.headers, Authorization: `Bearer ${token}` },
      });
    } catch (error) {
      if (attempt === 0 && error instanceof BankError && error.status === 401) {
        discardBusinessAccessToken(token);
        continue;
      }
      throw error;
    }
  }
}
