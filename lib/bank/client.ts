import { BankError, refusesToken } from './errors';
import type { BankRequest, BankResponse } from './http';
import { bankFetchWithRetry } from './retry';
import { currentBank } from './scope';
import { accessToken, type BankInterface, discardAccessToken } from './tokens';

function withBearer(request: BankRequest, token: string): BankRequest {
  return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
}

/**
 * Every call to one of the bank's interfaces: with that interface's token, busy answers retried where
 * that is safe (lib/bank/retry.ts). When the bank refuses the token itself (spec part 7: 401 with a
 * token code, or with no code; expired early, revoked, the bank restarted), it is dropped and the call
 * made once more with a new one: a 401 means the bank did nothing, so even a POST is safe to repeat.
 * A 401 for another reason (certificate, subscription key) is not cured by a new token and is thrown.
 */
export async function callBank(api: BankInterface, request: BankRequest): Promise<BankResponse> {
  // The bank of the work in progress (lib/bank/scope.ts): its token and its subscription key.
  const bank = currentBank(api);
  const toBank = { ...request, subscriptionKey: bank.credentials.subscriptionKey };
  const token = await accessToken(api, bank);
  try {
    return await bankFetchWithRetry(withBearer(toBank, token));
  } catch (error) {
    if (!(error instanceof BankError && refusesToken(error.status, error.codes))) throw error;
    discardAccessToken(api, token, bank);
    return bankFetchWithRetry(withBearer(toBank, await accessToken(api, bank)));
  }
}
