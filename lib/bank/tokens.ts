import { z } from 'zod';
import { settings } from '@/lib/config';
import { processGlobal } from '@/lib/server/process-global';
import { bankDirectory, type DirectoryBank } from './directory';
import { BankError, BankProtocolError, BankTokenError } from './errors';
import { bankFetchWithRetry } from './retry';
import { currentBank } from './scope';
import type { BankInterface } from './tls';

export type { BankInterface };

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

function credentials(api: BankInterface, bank: DirectoryBank): Record<string, string> {
  const { clientId, clientSecret, businessUsername, businessPassword } = bank.credentials;
  return api === 'payments'
    ? { client_id: clientId, client_secret: clientSecret, scope: 'pis:' }
    : { client_id: businessUsername, client_secret: businessPassword, scope: 'openid b2b' };
}

interface TokenState {
  cached?: CachedToken;
  inFlight?: Promise<CachedToken>;
}

// One per bank, interface and process (not per module copy: route handlers, server actions and the
// job workers are bundled apart).
const caches = processGlobal('bank-tokens', () => new Map<string, TokenState>());

function cacheOf(api: BankInterface, bank: DirectoryBank): TokenState {
  const key = `${bank.id}\u0000${api}`;
  let state = caches.get(key);
  if (!state) {
    state = {};
    caches.set(key, state);
  }
  return state;
}

/**
 * A client-credentials token from the bank's `{auth_url}/oauth/v2/oauth-token`, over the interface's
 * own client certificate (business spec part 5: the business certificate "is required both for the
 * token request and for every service request").
 */
async function requestToken(api: BankInterface, bank: DirectoryBank): Promise<CachedToken> {
  const response = await bankFetchWithRetry({
    api,
    method: 'POST',
    url: `${bank.urls.auth}/oauth/v2/oauth-token`,
    form: { grant_type: 'client_credentials', ...credentials(api, bank) },
    subscriptionKey: bank.credentials.subscriptionKey,
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

/**
 * The sandbox token of the business interfaces, made in the bank's portal, where one is set. It is one bank's
 * token: that of the BANK_* settings, the only bank when there is no directory. With a directory of several banks
 * it is sent to none of them (each one's business token is asked of it with its own credentials), so that a
 * bearer token of one bank never reaches another.
 */
function portalToken(api: BankInterface, bank: DirectoryBank): string | undefined {
  if (api !== 'business') return undefined;
  const banks = bankDirectory();
  return banks.length === 1 && bank.id === banks[0]?.id ? settings().BANK_B2B_SANDBOX_TOKEN : undefined;
}

/** False for a token set from the portal: a new one cannot be asked for, so a refusal stands. */
export function tokenIsRenewable(api: BankInterface, bank = currentBank(api)): boolean {
  return portalToken(api, bank) === undefined;
}

/**
 * A token for the interface of `bank`: the sandbox token from the portal where one is set (business
 * spec part 5, "Sandbox": "a token generated in the portal instead of user credentials"); otherwise
 * one requested, cached until shortly before it expires, with one request in flight at a time; each
 * bank's tokens apart from every other's.
 */
export async function accessToken(api: BankInterface, bank = currentBank(api)): Promise<string> {
  const fromPortal = portalToken(api, bank);
  if (fromPortal) return fromPortal;
  const state = cacheOf(api, bank);
  if (state.cached && Date.now() < state.cached.refreshAt) return state.cached.value;
  state.inFlight ??= requestToken(api, bank).finally(() => {
    state.inFlight = undefined;
  });
  state.cached = await state.inFlight;
  return state.cached.value;
}

/** Forgets a token the bank no longer accepts, unless a newer one has replaced it already. */
export function discardAccessToken(api: BankInterface, token: string, bank = currentBank(api)): void {
  const state = cacheOf(api, bank);
  if (state.cached?.value === token) state.cached = undefined;
}
