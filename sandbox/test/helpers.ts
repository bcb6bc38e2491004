import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTestDatabase, type TemplateDatabase, testDatabaseUrl } from '../../tests/support/postgres.js';
import type { Bank } from '../src/bank.js';
import { DEFAULT_BANK } from '../src/banks.js';
import { DEFAULT_CLIENT, type TppClient } from '../src/config.js';
import { loadPisContract } from '../src/contract.js';
import { contractViolations } from '../src/contract-check.js';
import { type Db, openPglite, openPostgres } from '../src/db/db.js';
import { contractCheck } from '../src/http/middleware/contract-check.js';
import { SEED_PSUS } from '../src/seed/psus.js';
import {
  prepareDatabase,
  type RunningSandbox,
  type StartSandboxOptions,
  startSandbox,
} from '../src/server.js';
import { bankTemplateKey, sandboxDataDir } from '../src/testing.js';

export const OTHER_CLIENT: TppClient = {
  clientId: 'other-tpp',
  clientSecret: 'other-tpp-secret',
  subscriptionKey: 'other-subscription-key',
};

export const JON_MAIN = 'IS140159260076545510730339';
export const JON_EUR = SEED_PSUS[0]?.accounts[2]?.iban ?? '';
export const ANNA_MAIN = SEED_PSUS[1]?.accounts[0]?.iban ?? '';
export const ANNA_LOW = SEED_PSUS[1]?.accounts[1]?.iban ?? '';
/** A valid IBAN at another bank. */
export const CREDITOR = 'IS030115260123450101302989';

/** On the PostgreSQL test server: the default bank's database, migrated and seeded once, which each test's copies. */
const bankTemplate: TemplateDatabase = {
  get name() {
    return `sandbox_template_${bankTemplateKey(DEFAULT_BANK)}`;
  },
  async prepare(url) {
    const db = await openPostgres(url);
    try {
      await prepareDatabase(db);
    } finally {
      await db.close();
    }
  },
};

export async function startTestSandbox(options: Partial<StartSandboxOptions> = {}): Promise<RunningSandbox> {
  const ownDatabase = Boolean(options.dataDir || options.databaseUrl);
  // With TEST_DATABASE_URL (CI's PostgreSQL pass) each sandbox gets a new database there.
  const databaseUrl =
    !ownDatabase && testDatabaseUrl() ? await createTestDatabase('sandbox', bankTemplate) : undefined;
  return startSandbox({
    port: 0,
    databaseUrl,
    dataDir: ownDatabase || databaseUrl ? undefined : await sandboxDataDir(),
    clients: [DEFAULT_CLIENT, OTHER_CLIENT],
    // Long delays: a test decides when steps happen by advancing the clock, never by waiting.
    delays: { acsp: 60, acsc: 120 },
    schedulerIntervalMs: 50,
    log: () => {},
    ...options,
  });
}

/**
 * A bank's database without a server, for tests that drive its workers pass by pass: a copy of the PGlite
 * template, or with TEST_DATABASE_URL a copy of the template database on the PostgreSQL server.
 */
export async function openTestBankDatabase(): Promise<Db> {
  if (!testDatabaseUrl()) return openPglite({ dataDir: await sandboxDataDir() });
  return openPostgres(await createTestDatabase('sandbox', bankTemplate));
}

/** Part 7 of the specification, copied from its table: the codes allowed for each error status. */
export const SPEC_ALLOWED_CODES: Record<number, readonly string[]> = {
  400: [
    'FORMAT_ERROR',
    'PARAMETER_NOT_CONSISTENT',
    'PARAMETER_NOT_SUPPORTED',
    'SERVICE_INVALID',
    'RESOURCE_UNKNOWN',
    'RESOURCE_EXPIRED',
    'RESOURCE_BLOCKED',
    'TIMESTAMP_INVALID',
    'PERIOD_INVALID',
    'SCA_METHOD_UNKNOWN',
    'SCA_INVALID',
    'CONSENT_UNKNOWN',
    'PAYMENT_FAILED',
    'EXECUTION_DATE_INVALID',
    'DEBTOR_ACCOUNT_NOT_FOUND',
    'CREDITOR_ACCOUNT_NOT_FOUND',
    'CLAIM_NOT_FOUND',
    'CLAIM_ALREADY_PAID',
    'INSUFFICIENT_FUNDS',
    'CARD_NOT_FOUND',
    'RECIPIENT_INFO_INSUFFICIENT',
    'MARKETS_CLOSED',
    'RECIPIENT_COUNTRY_IS_IBAN_ONLY',
  ],
  401: [
    'CERTIFICATE_INVALID',
    'ROLE_INVALID',
    'CERTIFICATE_EXPIRED',
    'CERTIFICATE_BLOCKED',
    'CERTIFICATE_REVOKE',
    'CERTIFICATE_MISSING',
    'SIGNATURE_INVALID',
    'SIGNATURE_MISSING',
    'CORPORATE_ID_INVALID',
    'PSU_CREDENTIALS_INVALID',
    'CONSENT_INVALID',
    'CONSENT_EXPIRED',
    'TOKEN_UNKNOWN',
    'TOKEN_INVALID',
    'TOKEN_EXPIRED',
    'REQUIRED_KID_MISSING',
  ],
  403: [
    'CONSENT_UNKNOWN',
    'SERVICE_BLOCKED',
    'RESOURCE_UNKNOWN',
    'RESOURCE_EXPIRED',
    'PRODUCT_INVALID',
    'ACCOUNT_INVALID_FOR_CONSENT',
  ],
  404: ['RESOURCE_UNKNOWN', 'PRODUCT_UNKNOWN'],
  405: ['SERVICE_INVALID'],
  409: ['STATUS_INVALID'],
};

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The body as received (JSON bodies are also parsed into `json`). */
  text?: string;
  json: Record<string, unknown> & {
    tppMessages?: Array<{ category: string; code: string; path: string | null; text: string | null }>;
  };
}

/** Every error response the suite sees under /psd2 is checked against ErrorBody and the table above. */
export function checkErrorResponse(status: number, body: unknown) {
  const validate = loadPisContract().validator('ErrorBody');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  const messages = (body as ApiResponse['json']).tppMessages ?? [];
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message.category).toBe('ERROR');
    expect(SPEC_ALLOWED_CODES[status], `code ${message.code} is not allowed for ${status}`).toContain(
      message.code,
    );
  }
}

/**
 * A response of `/psd2` checked against contract/pis.yaml by the same rules the sandbox checks every answer with
 * (src/contract-check.ts): status declared, body valid for the status and content type, XML read as the same
 * fields, part 7 codes per status. Here a disagreement fails the test that asked at once; an initiation's 201
 * also carries Location and an ASPSP-SCA-Approach the contract names.
 */
export function checkContractResponse(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  text: string,
) {
  const pathname = new URL(path, 'http://x').pathname;
  const problems = contractViolations({
    method,
    path: pathname,
    status,
    header: (name) => headers.get(name),
    text,
  });
  expect(problems).toEqual([]);
  if (method === 'POST' && status === 201) {
    const where = `${method} ${pathname} ${status}`;
    expect(headers.get('Location'), `${where}: Location`).toBeTruthy();
    const approach = headers.get('ASPSP-SCA-Approach');
    expect(['EMBEDDED', 'DECOUPLED', 'REDIRECT', 'IOWBS'], `${where}: ASPSP-SCA-Approach`).toContain(
      approach,
    );
  }
}

export class TestTpp {
  constructor(
    readonly base: string,
    readonly client: TppClient = DEFAULT_CLIENT,
  ) {}

  async token(scope = 'pis:'): Promise<string> {
    const response = await fetch(`${this.base}/oauth/v2/oauth-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.client.clientId,
        client_secret: this.client.clientSecret,
        scope,
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** Headers a well-behaved TPP sends; `overrides` with `undefined` remove one. */
  headers(token: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
    const headers: Record<string, string | undefined> = {
      'Ocp-Apim-Subscription-Key': this.client.subscriptionKey,
      Authorization: `Bearer ${token}`,
      'X-Request-ID': randomUUID(),
      'PSU-IP-Address': '192.0.2.10',
      'TPP-Redirect-URI': 'http://localhost:3000/en/payments/p1/return?result=ok',
      'TPP-Nok-Redirect-URI': 'http://localhost:3000/en/payments/p1/return?result=nok',
      'Content-Type': 'application/json',
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined),
    );
  }

  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<ApiResponse> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
    const json = text && isJson ? (JSON.parse(text) as ApiResponse['json']) : {};
    if (path.startsWith('/psd2'))
      checkContractResponse(method, path, response.status, response.headers, text);
    return { status: response.status, headers: response.headers, text, json };
  }

  initiate(
    token: string,
    body: unknown,
    options: { service?: string; product?: string; headers?: Record<string, string | undefined> } = {},
  ) {
    const path = `/psd2/api/v1/${options.service ?? 'payments'}/${options.product ?? 'credit-transfers'}`;
    return this.request('POST', path, this.headers(token, options.headers), body);
  }

  get(token: string, path: string, headers: Record<string, string | undefined> = {}) {
    return this.request('GET', path, this.headers(token, { 'Content-Type': undefined, ...headers }));
  }

  /** The transactionStatus of each single payment of `ids`, in their order. */
  statusesOf(token: string, ids: readonly string[]): Promise<string[]> {
    return Promise.all(
      ids.map(
        async (id) =>
          (await this.get(token, `/psd2/api/v1/payments/credit-transfers/${id}/status`)).json
            .transactionStatus as string,
      ),
    );
  }
}

export function expectError(response: ApiResponse, status: number, code: string, path?: string | null) {
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  const message = response.json.tppMessages?.[0];
  expect(message?.code).toBe(code);
  if (path !== undefined) expect(message?.path).toBe(path);
}

export function singlePayment(overrides: Record<string, unknown> = {}) {
  return {
    debtorAccount: { iban: JON_MAIN },
    creditorAccount: { iban: CREDITOR },
    creditorName: 'Guðrún Helgadóttir',
    instructedAmount: { currency: 'ISK', amount: '15000' },
    remittanceInformationUnstructured: 'Leiga',
    ...overrides,
  };
}

export async function advanceClock(base: string, seconds: number) {
  const response = await fetch(`${base}/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

/** Moves the sandbox clock to `iso` (UTC), applying every step due by then. */
export async function advanceClockTo(base: string, iso: string) {
  const clock = (await fetch(`${base}/sandbox/clock`).then((r) => r.json())) as { now: string };
  const seconds = Math.ceil((Date.parse(iso) - Date.parse(clock.now)) / 1000);
  expect(seconds).toBeGreaterThan(0);
  await advanceClock(base, seconds);
}

/**
 * A payment of `service` initiated by `tpp` from an account the bank authorises IOBWS straight-through
 * (Bókhaldskerfi ehf.'s) and authorised by the one PUT that takes: its payment id.
 */
export async function initiateStraightThrough(
  tpp: TestTpp,
  service: string,
  body: Record<string, unknown>,
): Promise<string> {
  const token = await tpp.token();
  const created = await tpp.initiate(token, body, {
    service,
    headers: { 'TPP-Redirect-URI': undefined, 'TPP-Nok-Redirect-URI': undefined },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const confirm = (created.json._links as Record<string, { href: string }>)
    .confirmIobwsStraightThroughProcessingAuthorisation?.href;
  const confirmed = await tpp.request('PUT', (confirm ?? '').replace(tpp.base, ''), tpp.headers(token), {});
  expect(confirmed.json.scaStatus).toBe('finalised');
  return created.json.paymentId as string;
}

/** The CSRF token a page's form carries as its hidden field `csrf` (none on a page without one). */
export function csrfField(html: string): { csrf?: string } {
  const value = /<input type="hidden" name="csrf" value="([^"]+)">/.exec(html)?.[1];
  return value === undefined ? {} : { csrf: value };
}

/** The `name=value` pair of the cookie `name` that `response` sets, as a browser sends it back ('' if none). */
export function cookiePair(response: Response, name: string): string {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return set?.split(';')[0] ?? '';
}

/** A cookie the bank set: its value, and the path it is sent under (RFC 6265 5.1.4). */
interface HeldCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A browser on the bank's pages (the SCA pages, the electronic-ID sign-in): follows nothing by itself, keeps the
 * bank's cookies by name and path and sends each under its path, and sends the CSRF token of the last page it
 * read with the next form, as that page's form would.
 */
export class ScaBrowser {
  private cookies: HeldCookie[] = [];
  private pageFields: { csrf?: string } = {};

  async get(url: string): Promise<{ status: number; html: string; location: string | null }> {
    const response = await fetch(url, { redirect: 'manual', headers: this.cookieHeader(url) });
    this.keepCookies(response);
    const html = await response.text();
    this.pageFields = csrfField(html);
    return { status: response.status, html, location: response.headers.get('Location') };
  }

  async post(
    url: string,
    form: Record<string, string>,
  ): Promise<{ status: number; html: string; location: string | null }> {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...this.cookieHeader(url) },
      body: new URLSearchParams({ ...this.pageFields, ...form }),
    });
    this.keepCookies(response);
    const html = await response.text();
    // A page answered to the form (the same form again, in the other language) carries the fields to send next.
    if (html) this.pageFields = csrfField(html);
    return { status: response.status, html, location: response.headers.get('Location') };
  }

  /** The `sandbox_sca=…` pair of the session on the SCA pages, as a `Cookie` header; undefined when signed out. */
  get sessionCookie() {
    const session = this.cookies.find((cookie) => cookie.name === 'sandbox_sca');
    return session && `${session.name}=${session.value}`;
  }

  private cookieHeader(url: string): Record<string, string> {
    const { pathname } = new URL(url);
    const sent = this.cookies.filter(
      ({ path }) => path === '/' || pathname === path || pathname.startsWith(`${path}/`),
    );
    return sent.length ? { Cookie: sent.map(({ name, value }) => `${name}=${value}`).join('; ') } : {};
  }

  private keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const removed = value === '' || attributes.some((a) => /^max-age=(0|-)/i.test(a));
      this.cookies = this.cookies.filter((held) => held.name !== name || held.path !== path);
      if (!removed) this.cookies.push({ name, value, path });
    }
  }
}

/**
 * Signs in on the bank's SCA pages at `scaRedirect` as a seeded PSU (jon by default) and gives `decision` on the
 * review page: the decision's answer (a 303 to the TPP's return address).
 */
export async function decideOnScaPages(
  scaRedirect: string,
  decision: 'approve' | 'decline' = 'approve',
  psu = { username: 'jon', password: 'sandbox' },
): Promise<{ status: number; location: string | null }> {
  const browser = new ScaBrowser();
  const login = await browser.get(scaRedirect);
  const signedIn = await browser.post(formAction(login.html, scaRedirect), psu);
  const review = await browser.get(new URL(signedIn.location ?? '', scaRedirect).toString());
  return browser.post(formAction(review.html, scaRedirect), { decision });
}

/** Reads the `action` of the first form on a page, resolved against the page URL. */
export function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no form on the page');
  return new URL(match[1].replace(/&#38;/g, '&'), pageUrl).toString();
}

/** The TPP's notification endpoint: records every POST and answers from a script (default 200). */
export class Receiver {
  readonly received: Array<{ path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }> =
    [];
  /** Answers for the next requests, in order: a status, or 'hang' (never answer). */
  script: Array<number | 'hang'> = [];
  private server: Server | undefined;
  url = '';

  async start(port = 0) {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      request.on('end', () => {
        this.received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(raw) });
        const next = this.script.shift() ?? 200;
        if (next === 'hang') return;
        response.writeHead(next, { 'X-Request-ID': String(request.headers['x-request-id'] ?? '') }).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  reset() {
    this.received.length = 0;
    this.script = [];
  }

  /** Notifications for one payment (the URI carries the payment's own path). */
  for(tag: string) {
    return this.received.filter((r) => r.path === `/notify/${tag}`);
  }
}

/**
 * An answer made by a route behind the contract check (http/middleware/contract-check.ts) of `bank`, with what Hono
 * hands the middleware: the bank, the request, and the answer the routes made once `next` returns. The answer the
 * client gets.
 */
export async function throughContractCheck(
  bank: Bank,
  method: string,
  path: string,
  body: unknown,
  status = 200,
): Promise<Response> {
  const context = {
    get: (name: string) => (name === 'bank' ? bank : undefined),
    req: { method, path },
    res: new Response(null, { status: 404 }),
  };
  await contractCheck(context as unknown as Parameters<typeof contractCheck>[0], async () => {
    context.res = Response.json(body, { status });
  });
  return context.res;
}

/**
 * A sign-in page fetched as a browser would: its form's action, its anti-CSRF cookie (checked to be HttpOnly,
 * SameSite=Strict and scoped to the page's path) and the form's field, which gives nothing of the cookie away.
 */
export async function signInPageWithToken(pageUrl: string, cookieName: string) {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const setCookie = page.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`)) ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Strict/i);
  expect(setCookie).toContain(`Path=${new URL(pageUrl).pathname};`);
  const cookie = cookiePair(page, cookieName);
  const csrf = csrfField(html).csrf ?? '';
  expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookie).not.toContain(csrf);
  return { html, action: formAction(html, pageUrl), cookie, csrf };
}

/** A post of a form: its Cookie header ('' for none), its fields, and any other headers a browser sends. */
export type FormPost = [string, Record<string, string>, Record<string, string>?];

/**
 * The posts a page of another site could make of a sign-in form with its anti-CSRF cookie `cookieName`, given the
 * form's own pair and another sign-in's (each good for its own only): each a Cookie header ('' for none) and the
 * `csrf` field sent, none of them a matching pair of the form's own; or the form's own pair, posted by a page of
 * another origin as the browser says (Fetch Metadata): another port of the same host (the same site, whose server
 * could have set the cookie itself), or another site.
 */
export function forgedTokenPairs(
  cookieName: string,
  own: { cookie: string; csrf: string },
  other: { cookie: string; csrf: string },
): FormPost[] {
  return [
    ['', { csrf: own.csrf }],
    [own.cookie, {}],
    [own.cookie, { csrf: '' }],
    [own.cookie, { csrf: `${own.csrf.slice(0, -2)}AA` }],
    [own.cookie, { csrf: other.csrf }],
    [other.cookie, { csrf: own.csrf }],
    [other.cookie, { csrf: other.csrf }],
    [`${cookieName}=${own.csrf}`, { csrf: own.csrf }],
    [own.cookie, { csrf: own.csrf }, { 'Sec-Fetch-Site': 'same-site' }],
    [own.cookie, { csrf: own.csrf }, { 'Sec-Fetch-Site': 'cross-site' }],
  ];
}

/**
 * Posts a form's `fields` to `action` with the Cookie header given ('' for none) and any other `headers` (a browser's
 * Sec-Fetch-Site), not following a redirect.
 */
export function postForm(
  action: string,
  cookieHeader: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookieHeader ? { Cookie: cookieHeader } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}
