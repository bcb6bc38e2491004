import { z } from 'zod';
import { timedBankCall } from '@/lib/server/server-timing';
import { BankProtocolError } from './errors';
import { bankFetch } from './http';
import { currentBank } from './scope';

const tokenAnswerSchema = z.object({ access_token: z.string().min(1) });

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
 * Exchanges the code the bank sent the PSU back with for an access token (BG IG 7.6.3, 13.3): at the token
 * endpoint of the bank's OAuth server metadata, `grant_type=authorization_code` with `client_id`, `code`,
 * `redirect_uri` and `code_verifier`. BG authenticates the TPP here by its certificate (the interface's mutual TLS,
 * as every bank call), not a secret, so none is sent. Sent once: a code is good for one exchange, and a repeat
 * after a lost answer would have the bank revoke the token of the first (RFC 6749 4.1.2).
 */
export async function exchangeOAuthCode(grant: CodeGrant): Promise<string> {
  const bank = currentBank('payments');
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
      once: true,
    }),
  );
  const parsed = tokenAnswerSchema.safeParse(response.body);
  if (!parsed.success)
    throw new BankProtocolError('The token endpoint answered the code without an access token');
  return parsed.data.access_token;
}
