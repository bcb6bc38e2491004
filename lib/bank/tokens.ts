import { z } from 'zod';
import { settings } from '@/lib/config';
import { processGlobal } from '@/lib/server/process-global';
import { BankError, BankProtocolError, BankTokenError } from './errors';
import { bankFetchWithRetry } from './retry';

/**
 * The bank's interfaces by the token they take. `payments`: the payment interface, with the TPP's
 * client credentials and scope `pis:`. `business`: the claims and other business interfaces and the
 * webhooks service (spec part 5), with an online-banking user's credentials and scope `openid b2b`.
 * The bank keeps the two apart: each token is refused on the other's interfaces.
 */
export type BankInterface = 'payments' | 'business';

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

interface CachedToken {
  value: string;
  refreshAt: number;
}

// Refresh a minute before expiry, so that a token never expires on its way to the bank.
const refreshMarginMs = 60_000;

function credentials(api: BankInterface): Record<string, string> {
  const current = settings();
  return api === 'payments'
    ? { client_id: current.BANK_CLIENT_ID, client_secret: current.BANK_CLIENT_SECRET, scope: 'pis:' }
    : { client_id: current.BANK_B2B_USERNAME, client_secret: current.BANK_B2B_PASSWORD, scope: 'openid b2b' };
}

// One per interface and per process (not per module copy: route handlers, server actions and the
// job workers are bundled apart).
const caches = {
  payments: processGlobal<{ cached?: CachedToken; inFlight?: Promise<CachedToken> }>('tpp-token', () => ({})),
  business: processGlobal<{ cached?: CachedToken; inFlight?: Promise<CachedToken> }>(
    'business-token',
    () => ({}),
  ),
};

/** A client-credentials token from `{auth_url}/oauth/v2/oauth-token`. */
async function requestToken(api: BankInterface): Promise<CachedToken> {
  const response = await bankFetchWithRetry({
    method: 'POST',
    url: `${settings().BANK_AUTH_URL}/oauth/v2/oauth-token`,
    form: { grant_type: 'client_credentials', ...credentials(api) },
  }).catch((error: unknown) => {
    throw error instanceof BankError ? BankTokenError.from(error) : error;
  });
  const parsed = tokenResponseSchema.safeParse(response.body);
  if (!parsed.success) throw new BankProtocolError('The token endpoint answered without an access token');
  const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
  return {
    value: parsed.data.access_token,
    refreshAt: Date.now() + Math.max(lifetimeMs - refreshMarginMs, lifetimeMs / 2),
  };
}

/** A token for the interface: cached until shortly before it expires, with one request in flight at a time. */
export async function accessToken(api: BankInterface): Promise<string> {
  const state = caches[api];
  if (state.cached && Date.now() < state.cached.refreshAt) return state.cached.value;
  state.inFlight ??= requestToken(api).finally(() => {
    state.inFlight = undefined;
  });
  state.cached = await state.inFlight;
  return state.cached.value;
}

/** Forgets a token the bank no longer accepts, unless a newer one has replaced it already. */
export function discardAccessToken(api: BankInterface, token: string): void {
  const state = caches[api];
  if (state.cached?.value === token) state.cached = undefined;
}
