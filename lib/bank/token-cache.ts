import { z } from 'zod';
import { settings } from '@/lib/config';
import { processGlobal } from '@/lib/server/process-global';
import { BankProtocolError } from './errors';
import { bankFetchWithRetry } from './retry';

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

export interface TokenCache {
  /** A token: cached until shortly before it expires, with one request in flight at a time. */
  get(): Promise<string>;
  /** Forgets a token the bank no longer accepts, unless a newer one has replaced it already. */
  discard(token: string): void;
}

/**
 * A client-credentials token from `{auth_url}/oauth/v2/oauth-token`, kept once per process. The
 * payment interface (`pis:`) and the business interfaces (`openid b2b`) each keep their own.
 */
export function tokenCache(name: string, credentials: () => Record<string, string>): TokenCache {
  const state = processGlobal<{ cached?: CachedToken; inFlight?: Promise<CachedToken> }>(name, () => ({}));

  async function request(): Promise<CachedToken> {
    const response = await bankFetchWithRetry({
      method: 'POST',
      url: `${settings().BANK_AUTH_URL}/oauth/v2/oauth-token`,
      form: { grant_type: 'client_credentials', ...credentials() },
    });
    const parsed = tokenResponseSchema.safeParse(response.body);
    if (!parsed.success) throw new BankProtocolError('The token endpoint answered without an access token');
    const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
    return {
      value: parsed.data.access_token,
      refreshAt: Date.now() + Math.max(lifetimeMs - refreshMarginMs, lifetimeMs / 2),
    };
  }

  return {
    async get() {
      if (state.cached && Date.now() < state.cached.refreshAt) return state.cached.value;
      state.inFlight ??= request().finally(() => {
        state.inFlight = undefined;
      });
      state.cached = await state.inFlight;
      return state.cached.value;
    },
    discard(token) {
      if (state.cached?.value === token) state.cached = undefined;
    },
  };
}
