import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { timedBankCall } from '@/lib/server/server-timing';
import { BankError, BankProtocolError, BankUnavailableError } from './errors';
import { bankFetch } from './http';
import { currentBank } from './scope';

const tokenAnswerSchema = z.object({ access_token: z.string().min(1) });

// The PSU waits on the return from the bank: at most this many repeats, and no wait longer than this.
const maxRepeats = 2;
const maxWaitSeconds = 2;

/** What the token request of the OAuth SCA approach sends besides our client id (BG IG 13.3). */
export interface CodeGrant {
  tokenEndpoint: string;
  code: string;
  /** Exactly the redirect_uri of the authorisation request. */
  redirectUri: string;
  /** The PKCE verifier whose challenge the authorisation request carried (RFC 7636). */
  codeVerifier: string;
}

/**
 * How long to wait before sending the code again after `error`, where the bank provably never used it: a busy
 * answer (429, 503: the request was not acted on), or a connection refused before anything was sent; after its
 * Retry-After where that is short, else a short backoff. Undefined where the code may be spent (a 502, 504, a
 * timeout, a connection lost after sending) or the repeats ran out.
 */
function waitBeforeRepeat(error: unknown, attempt: number): number | undefined {
  if (attempt >= maxRepeats || codeMayBeSpent(error)) return undefined;
  const wait = (error instanceof BankError ? error.retryAfterSeconds : undefined) ?? 0.25 * 4 ** attempt;
  return wait <= maxWaitSeconds ? wait : undefined;
}

/**
 * Whether the bank may have used the code of an exchange that failed with `error`: false only for a busy answer
 * (429, 503: the request was not acted on) and a connection refused before anything was sent.
 */
export function codeMayBeSpent(error: unknown): boolean {
  if (error instanceof BankError) return error.status !== 429 && error.status !== 503;
  return !(error instanceof BankUnavailableError && error.refused);
}

/**
 * Exchanges the code the bank sent the PSU back with for an access token (BG IG 7.6.3, 13.3): at the token
 * endpoint of the bank's OAuth server metadata, `grant_type=authorization_code` with `client_id`, `code`,
 * `redirect_uri` and `code_verifier`. BG authenticates the TPP here by its certificate (the interface's mutual TLS,
 * as every bank call), not a secret, so none is sent. A code is good for one exchange, and a repeat after a lost
 * answer would have the bank revoke the token of the first (RFC 6749 4.1.2): it is sent again only where the bank
 * never used it (`waitBeforeRepeat`), so that a moment's outage at the bank does not cost the PSU their approval.
 */
export async function exchangeOAuthCode(grant: CodeGrant): Promise<string> {
  const bank = currentBank('payments');
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await timedBankCall(() =>
        bankFetch({
          api: 'payments',
          method: 'POST',
          url: grant.tokenEndpoint,
          form: {
            grant_type: 'authorization_code',
            client_id: bank.credentials.clientId,
            code: grant.code,
            redirect_uri: grant.redirectUri,
            code_verifier: grant.codeVerifier,
          },
          subscriptionKey: bank.credentials.subscriptionKey,
          attempt,
        }),
      );
      const parsed = tokenAnswerSchema.safeParse(response.body);
      if (!parsed.success)
        throw new BankProtocolError('The token endpoint answered the code without an access token');
      return parsed.data.access_token;
    } catch (error) {
      const wait = waitBeforeRepeat(error, attempt);
      if (wait === undefined) throw error;
      await sleep(wait * 1000);
    }
  }
}
