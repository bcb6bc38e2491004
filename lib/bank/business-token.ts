import { z } from 'zod';
import { settings } from '@/lib/config';
import { processGlobal } from '@/lib/server/process-global';
import { BankError, BankProtocolError } from './errors';
import { type BankRequest, type BankResponse, bankFetch } from './http';

/**
 * The business token (spec part 5): client credentials of an online-banking user, scope
 * `openid b2b`. It is a different token from the payment interface's (`pis:`), and the bank keeps
 * them apart: each is refused on the other's interfaces.
 */
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

interface CachedToken {
  value: string;
  refreshAt: number;
}

const refreshMarginMs = 60_000;

const state = processGlobal<{ cached?: CachedToken; inFlight?: Promise<CachedToken> }>(
  'business-token',
  () => ({}),
);

async function requestToken(): Promise<CachedToken> {
  const { BANK_AUTH_URL, BANK_B2B_USERNAME, BANK_B2B_PASSWORD } = settings();
  const response = await bankFetch({
    method: 'POST',
    url: `${BANK_AUTH_URL}/oauth/v2/oauth-token`,
    form: {
      grant_type: 'client_credentials',
      client_id: BANK_B2B_USERNAME,
      client_secret: BANK_B2B_PASSWORD,
      scope: 'openid b2b',
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

/** A business access token: cached until a minute before expiry, one refresh in flight at a time. */
export async function businessAccessToken(): Promise<string> {
  if (state.cached && Date.now() < state.cached.refreshAt) return state.cached.value;
  state.inFlight ??= requestToken().finally(() => {
    state.inFlight = undefined;
  });
  state.cached = await state.inFlight;
  return state.cached.value;
}

export function discardBusinessAccessToken(token: string): void {
  if (state.cached?.value === token) state.cached = undefined;
}

/**
 * A call to a business interface or the webhooks service with the business token. A 401 means the
 * bank no longer knows the token (expired early, bank restarted): it is fetched afresh once.
 */
export async function businessFetch(request: BankRequest): Promise<BankResponse> {
  for (let attempt = 0; ; attempt++) {
    const token = await businessAccessToken();
    try {
      return await bankFetch({
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
