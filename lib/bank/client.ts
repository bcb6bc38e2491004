import { timedBankCall } from '@/lib/server/server-timing';
import { BankError, refusesToken } from './errors';
import type { BankRequest, BankResponse } from './http';
import { bankFetchWithRetry } from './retry';
import { currentBank } from './scope';
import { accessToken, type BankInterface, discardAccessToken, tokenIsRenewable } from './tokens';

function withBearer(api: BankInterface, request: BankRequest, token: string): BankRequest {
  return { ...request, api, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
}

/**
 * Every call to one of the bank's interfaces: with that interface's token, busy answers retried where
 * that is safe (lib/bank/retry.ts). When the bank refuses the token itself (spec part 7: 401 with a
 * token code, or with no code; expired early, revoked, the bank restarted), it is dropped and the call
 * made once more with a new one: a 401 means the bank did nothing, so even a POST is safe to repeat.
 * A 401 for another reason (certificate, subscription key) is not cured by a new token and is thrown,
 * and so is any 401 to a token we cannot renew (a sandbox token made in the bank's portal).
 * The whole call, token included, counts as the bank's time in the request's `Server-Timing`.
 */
export function callBank(api: BankInterface, request: BankRequest): Promise<BankResponse> {
  return timedBankCall(async () => {
    // The bank of the work in progress (lib/bank/scope.ts): its token and its subscription key.
    const bank = currentBank(api);
    const toBank = { ...request, subscriptionKey: bank.credentials.subscriptionKey };
    const token = await accessToken(api, bank);
    try {
      return await bankFetchWithRetry(withBearer(api, toBank, token));
    } catch (error) {
      if (!(error instanceof BankError && refusesToken(error.status, error.codes))) throw error;
      if (!tokenIsRenewable(api, bank)) throw error;
      discardAccessToken(api, token, bank);
      return bankFetchWithRetry(withBearer(api, toBank, await accessToken(api, bank)));
    }
  });
}
