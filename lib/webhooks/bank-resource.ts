import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { businessAccessToken, discardBusinessAccessToken } from '@/lib/bank/business-token';
import { parseTppMessages, refusesToken } from '@/lib/bank/errors';
import { bankTlsFetch } from '@/lib/bank/tls';
import { settings } from '@/lib/config';

/**
 * Reads a resource a webhook `self` link points to, in the bank's business interfaces (claims for
 * now). A small client of its own because those interfaces take a business token (scope
 * `openid b2b`), not the payment interface's; `fetch` and the token source are injectable until the
 * claims side of lib/bank exists.
 */
export type ResourceRead =
  | { ok: true; status: number; body: unknown }
  | { ok: false; kind: 'gone'; status: number }
  | { ok: false; kind: 'refused'; status: number }
  | { ok: false; kind: 'unavailable'; status?: number }
  | { ok: false; kind: 'outside_business_interface' };

export interface BankResourceClient {
  read(href: string): Promise<ResourceRead>;
}

export interface BankResourceOptions {
  fetch?: typeof fetch;
  accessToken?: () => Promise<string>;
  /**
   * Forgets a token the bank refused, so that `accessToken` brings a new one. Without it, an injected
   * `accessToken` is not renewed on a 401.
   */
  discardAccessToken?: (token: string) => void;
  baseUrl?: string;
  subscriptionKey?: string;
  timeoutMs?: number;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

interface TokenSource {
  get: () => Promise<string>;
  discard: (token: string) => void;
}

/** A business token from `{auth_url}/oauth/v2/oauth-token`, cached until a minute before it expires. */
function businessTokenSource(fetchImpl: typeof fetch): TokenSource {
  let cached: { value: string; refreshAt: number } | undefined;
  let inFlight: Promise<{ value: string; refreshAt: number }> | undefined;
  const request = async () => {
    const { BANK_AUTH_URL, BANK_CLIENT_ID, BANK_CLIENT_SECRET, BANK_SUBSCRIPTION_KEY, BANK_TIMEOUT_MS } =
      settings();
    const response = await fetchImpl(`${BANK_AUTH_URL}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'Ocp-Apim-Subscription-Key': BANK_SUBSCRIPTION_KEY,
        'X-Request-ID': randomUUID(),
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: BANK_CLIENT_ID,
        client_secret: BANK_CLIENT_SECRET,
        scope: 'openid b2b',
      }).toString(),
      signal: AbortSignal.timeout(BANK_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
    const parsed = tokenSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('The token endpoint answered without an access token');
    const lifetimeMs = (parsed.data.expires_in ?? 300) * 1000;
    return {
      value: parsed.data.access_token,
      refreshAt: Date.now() + Math.max(lifetimeMs - 60_000, lifetimeMs / 2),
    };
  };
  return {
    async get() {
      if (cached && Date.now() < cached.refreshAt) return cached.value;
      inFlight ??= request().finally(() => {
        inFlight = undefined;
      });
      cached = await inFlight;
      return cached.value;
    },
    discard(token) {
      if (cached?.value === token) cached = undefined;
    },
  };
}

/**
 * Whether a 401 from a business interface refuses the token itself (spec part 7 codes, or no code),
 * so a new token may cure it. The sandbox answers problem details with one `code`; a bank may send
 * Berlin Group `tppMessages`.
 */
function refusesBusinessToken(status: number, text: string): boolean {
  if (status !== 401) return false;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const problemCode = (body as { code?: unknown } | null)?.code;
  const codes = [
    ...(typeof problemCode === 'string' ? [problemCode] : []),
    ...parseTppMessages(body).map((message) => message.code),
  ];
  return refusesToken(status, codes);
}

/**
 * Our bearer token goes only to the business interface we are configured for: a link is followed
 * only if it lies under BANK_BUSINESS_BASE_URL.
 */
export function resolveBusinessLink(href: string, baseUrl: string): URL | undefined {
  let base: URL;
  let url: URL;
  try {
    base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
  return url;
}

export function createBankResourceClient(options: BankResourceOptions = {}): BankResourceClient {
  // By default: the bank's TLS settings, and the business token of BANK_B2B_USERNAME (lib/bank), the
  // claimant's, since a claim is visible to its claimant and payor only. A token source built on
  // BANK_CLIENT_ID is kept for a caller that injects its own fetch.
  const fetchImpl = options.fetch ?? bankTlsFetch;
  const tokens: TokenSource = options.accessToken
    ? { get: options.accessToken, discard: options.discardAccessToken ?? (() => {}) }
    : options.fetch
      ? businessTokenSource(fetchImpl)
      : { get: businessAccessToken, discard: discardBusinessAccessToken };
  const renewable = !options.accessToken || options.discardAccessToken !== undefined;
  return {
    async read(href) {
      const { BANK_BUSINESS_BASE_URL, BANK_SUBSCRIPTION_KEY, BANK_TIMEOUT_MS } = settings();
      const url = resolveBusinessLink(href, options.baseUrl ?? BANK_BUSINESS_BASE_URL);
      if (!url) return { ok: false, kind: 'outside_business_interface' };
      for (let attempt = 0; ; attempt++) {
        let response: Response;
        let token: string;
        try {
          token = await tokens.get();
          response = await fetchImpl(url, {
            method: 'GET',
            headers: {
              Accept: 'application/json',
              Authorization: `Bearer ${token}`,
              'Ocp-Apim-Subscription-Key': options.subscriptionKey ?? BANK_SUBSCRIPTION_KEY,
              'X-Request-ID': randomUUID(),
            },
            redirect: 'manual',
            signal: AbortSignal.timeout(options.timeoutMs ?? BANK_TIMEOUT_MS),
          });
        } catch {
          return { ok: false, kind: 'unavailable' };
        }
        const text = await response.text();
        // The bank no longer takes our token (expired early, revoked, the bank restarted): a cached
        // one would be refused on every retry of the event, so it is dropped and the read made once
        // more with a new one, as lib/bank does on the payment interface.
        if (attempt === 0 && renewable && refusesBusinessToken(response.status, text)) {
          tokens.discard(token);
          continue;
        }
        if (response.status === 404 || response.status === 410)
          return { ok: false, kind: 'gone', status: response.status };
        if (response.status === 401 || response.status === 429 || response.status >= 500) {
          return { ok: false, kind: 'unavailable', status: response.status };
        }
        if (!response.ok) return { ok: false, kind: 'refused', status: response.status };
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        return { ok: true, status: response.status, body };
      }
    },
  };
}
