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

const state = processGlobal<{ cached?: CachedToken; inFlight?: Promise<CachedToken> }>(
  'tpp-token',
  () => ({}),
);

async function requestToken(): Promise<CachedToken> {
  const { BANK_AUTH_URL, BANK_CLIENT_ID, BANK_CLIENT_SECRET } = settings();
  const response = await bankFetchWithRetry({
    method: 'POST',
    url: `${BANK_AUTH_URL}/oauth/v2/oauth-token`,
    form: {
      grant_type: 'client_credentials',
      client_id: BANK_CLIENT_ID,
      client_secret: BANK_CLIENT_SECRET,
      scope: 'pis:',
    },
  });
  const parsed = tokenResponseSchema.safeParse(response.body);
  if (!parsed.success) throw new BankProtocolError('The token endpoint answered without an access token');
  const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
  return {
    value: parsed.data.access_token,
    refreshAt: Date.now() + Math.max(lifetimeMs - refreshMarginMs, lifetimeMs / 2),
  };
}

/** A TPP access token for the payment interface: cached, and one refresh in flight at a time. */
export async function tppAccessToken(): Promise<string> {
  if (state.cached && Date.now() < state.cached.refreshAt) return state.cached.value;
  state.inFlight ??= requestToken().finally(() => {
    state.inFlight = undefined;
  });
  state.cached = await state.inFlight;
  return state.cached.value;
}

/** Forgets a token the bank no longer accepts, unless a newer one has replaced it already. */
export function discardTppAccessToken(token: string): void {
  if (state.cached?.value === token) state.cached = undefined;
}
