import { z } from 'zod';

// Settings are read once, validated, and frozen. Every default points at the sandbox bank that
// `npm start` runs, so a machine with no `.env` works out of the box; a real bank is a change of
// these values only.
const url = z.url({ protocol: /^https?$/ });

/** The name of the sandbox bank `npm start` runs, which a live app's only bank never is. */
const SANDBOX_BANK_NAME = 'Sandkassabankinn';

const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_BASE_URL: url.default('http://localhost:3000'),
  APP_DATA_DIR: z.string().min(1).default('.data/app'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters; generate one with `openssl rand -base64 33`'),
  /** A JSON file listing every bank the app talks to (lib/bank/directory.ts); unset: the one bank below. */
  BANK_DIRECTORY: z.string().min(1).optional(),
  /** The name the PSU sees of the one bank of the settings below, when there is no BANK_DIRECTORY. */
  BANK_NAME: z.string().trim().min(1).max(80).default(SANDBOX_BANK_NAME),
  BANK_BASE_URL: url.default('http://127.0.0.1:4010/psd2'),
  /**
   * The interface the bank of these settings speaks (lib/bank/dialects): `spec`, our bank's, or `iobws-3.2`, the
   * Icelandic standard's, whose BANK_BASE_URL is its server (`https://psd2.bank.is`, paths /v1/…) and whose
   * BANK_BUSINESS_BASE_URL serves /v1/claims. A BANK_DIRECTORY entry names its own.
   */
  BANK_DIALECT: z.enum(['spec', 'iobws-3.2']).default('spec'),
  BANK_AUTH_URL: url.default('http://127.0.0.1:4010'),
  BANK_EVENTS_BASE_URL: url.default('http://127.0.0.1:4010/events'),
  BANK_BUSINESS_BASE_URL: url.default('http://127.0.0.1:4010/business'),
  BANK_CLIENT_ID: z.string().min(1).default('demo-tpp'),
  BANK_CLIENT_SECRET: z.string().min(1).default('demo-tpp-secret'),
  BANK_SUBSCRIPTION_KEY: z.string().min(1).default('demo-subscription-key'),
  SEED_DEMO_PSU: z.stringbool().default(true),
  /**
   * bcrypt's cost for every password hash (2^cost rounds): 12, about 0.4 s of a core per hash. Test runs set 4
   * (vitest.config.ts, playwright.config.ts), whose sign-ups and sign-ins would otherwise cost minutes of CPU;
   * below 10 is refused for an app in production at a bank not on this machine.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(15).default(12),
  BANK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long a payment whose bank's answer was lost (a timeout, a 5xx, 429, 408) waits before its job sends it
   * again, with its own Idempotency-Key (lib/payments/status-checks.ts afterUnknownOutcome); a longer Retry-After
   * from the bank wins. Long enough for a bank's moment of trouble to pass, short enough that the PSU sees the
   * outcome while still looking. The tests of the resend job set 1.
   */
  RESEND_AFTER_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /**
   * How many status checks, and how many resends, one process that takes jobs runs at once (lib/jobs/
   * status-reconciliation.ts): after a bank's outage, a backlog drains this many times faster, for as many
   * calls at once at the bank. A payment is never read or sent by two of them at once (its job's stately
   * queue, and a resend's claim of its payment). Unset: 4 on PostgreSQL; 1 on the embedded database, where each
   * of them looks for work on the thread that answers the PSU (`bankJobConcurrency`).
   */
  BANK_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  /**
   * Our own public IPv4 address toward the bank: sent as `PSU-IP-Address` when the PSU's IPv4 is not
   * known (an IPv6 client, a resend of a payment saved before its PSU's address was kept), as spec 4.1
   * asks. Loopback is right only for a bank on this machine.
   */
  TPP_PUBLIC_IP: z
    .ipv4('must be an IPv4 address: our own public address toward the bank, e.g. 203.0.113.10')
    .default('127.0.0.1'),
  // --- PSU accounts and hardening ---
  /** Send the PSU's kennitala to the bank as `PSU-ID` (see lib/auth/psu-id.ts). */
  BANK_SEND_PSU_ID: z.stringbool().default(false),
  /** An OpenID Connect provider (an electronic-ID service) offered beside the password on sign-in. */
  OIDC_ISSUER: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default('Rafræn skilríki'),
  /**
   * OIDC_NAME as Icelandic puts it after "með" (dative): "Skrá inn með Rafrænum skilríkjum". Without it, a name
   * that begins "Rafræn skilríki" is declined so, and any other stays as it is written (lib/auth/oidc.ts).
   */
  OIDC_NAME_DATIVE: z.string().min(1).max(60).optional(),
  /**
   * OIDC_NAME as English pages give it. Without it, a name that begins "Rafræn skilríki" reads "Icelandic
   * electronic ID" with whatever follows it, and any other stays as it is written (lib/auth/oidc.ts).
   */
  OIDC_NAME_EN: z.string().min(1).max(60).optional(),
  /** The scopes asked of the provider; the kennitala claim must come in the ID token with these. */
  OIDC_SCOPE: z.string().min(6).max(500).default('openid profile'),
  /** The ID-token or userinfo claim that carries the kennitala, e.g. `nationalRegisterId`. */
  OIDC_KENNITALA_CLAIM: z.string().min(1).max(100).default('nationalRegisterId'),
  /**
   * Failed sign-ins per e-mail address from one client address, and per client address, within the
   * window before throttling (a stranger at another address cannot lock a PSU out).
   */
  RATE_LIMIT_SIGN_IN_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
  RATE_LIMIT_SIGN_IN_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
  RATE_LIMIT_SIGN_IN_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  RATE_LIMIT_SIGN_UP_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Payment actions (initiate, cancel) per PSU per minute. */
  RATE_LIMIT_ACTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Requests per client address per minute to the bank's public callbacks (notifications, webhooks). */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * How many proxies in front of the app append to `X-Forwarded-For`; the client address is read that
   * many entries from the right (0 and 1 both mean the last entry).
   */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  /** A session ends after this many minutes without a request, and this many hours after sign-in. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(8),
  /** Verification links sent per PSU per hour. */
  RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  // --- E-mail and logs ---
  /** SMTP server for e-mail, e.g. smtps://user:pass@smtp.example.is:465; unset: the local mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Greiðsla <no-reply@greidsla.is>'),
  /** Without SMTP_URL, each message is written here as an .eml file, and nothing leaves the machine. */
  MAILBOX_DIR: z.string().min(1).default('.data/mailbox'),
  /** Every log line to this file too (lib/log.ts reads it at start), as well as to stdout. */
  LOG_FILE: z.string().min(1).optional(),
  // --- Operations (docs/operations.md) ---
  /** How long the audit trail of bank calls is kept; a daily job deletes older rows. */
  BANK_CALL_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /**
   * Where traces go over OTLP/HTTP (JSON), e.g. http://otel-collector:4318 (`/v1/traces` is added);
   * unset: no tracing SDK is started. The exporter reads its other OTEL_EXPORTER_OTLP_* settings
   * (headers, timeout) from the environment itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, ".", "_" and "-", at most 64')
    .default('greidsla'),
  /**
   * A bearer token for GET /api/metrics from other machines (a Prometheus server elsewhere); unset, the
   * metrics are served to loopback clients only.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters; generate one with `openssl rand -base64 33`')
    .optional(),
  /** On SIGTERM: how long in-flight requests and jobs may take to finish before the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * Where the job queue's workers run (status checks, resends, the bank's notifications, webhook events, audit
   * retention): `app`, in each app instance beside the PSU's requests; `separate`, in processes of their own
   * (`npm run worker`), the app instances only sending jobs. `separate` needs PostgreSQL: the embedded database
   * admits one process.
   */
  JOB_WORKERS: z.enum(['app', 'separate']).default('app'),
  // --- Going live (docs/going-live.md) ---
  /**
   * The TLS client certificate of the payment interface's token request and of every call to it (and
   * of the business interfaces too, unless BANK_B2B_CLIENT_CERT is set): a PEM or `.cer` (DER or
   * base64) file, PEM text, or the raw base64 DER the portal takes.
   */
  BANK_CLIENT_CERT: z.string().min(1).optional(),
  /** Its private key: a PEM or DER file, or PEM text. */
  BANK_CLIENT_KEY: z.string().min(1).optional(),
  BANK_CLIENT_KEY_PASSPHRASE: z.string().min(1).optional(),
  /** An extra CA (file or PEM text) trusted for the bank's server certificate, e.g. the sandbox's own. */
  BANK_CA_CERT: z.string().min(1).optional(),
  /** Sign service requests (Digest, Signature, TPP-Signature-Certificate) as the Berlin Group describes. */
  BANK_SIGN_REQUESTS: z.stringbool().default(false),
  /** Signing certificate and key, in the same forms; default: BANK_CLIENT_CERT and BANK_CLIENT_KEY. */
  BANK_SIGNING_CERT: z.string().min(1).optional(),
  BANK_SIGNING_KEY: z.string().min(1).optional(),
  BANK_SIGNING_KEY_PASSPHRASE: z.string().min(1).optional(),
  // --- Business interfaces, webhooks and bills ---
  /** The online-banking user whose business token reads claims and manages webhook subscriptions. */
  BANK_B2B_USERNAME: z.string().min(1).default('greidsla-ehf'),
  BANK_B2B_PASSWORD: z.string().min(1).default('sandbox-b2b'),
  /**
   * A sandbox token made in the bank's portal (business spec part 5, "Sandbox": "a token generated in
   * the portal instead of user credentials"): sent as the business token, and no token is requested. It is
   * the token of one bank: with a BANK_DIRECTORY of several banks it is sent to none (lib/bank/tokens.ts).
   */
  BANK_B2B_SANDBOX_TOKEN: z.string().min(1).optional(),
  /**
   * The business certificate of the business interfaces and the webhooks service (business spec
   * part 5), for their token request and every call, in the forms BANK_CLIENT_CERT takes; unset: the
   * BANK_CLIENT_* certificate serves these interfaces too.
   */
  BANK_B2B_CLIENT_CERT: z.string().min(1).optional(),
  BANK_B2B_CLIENT_KEY: z.string().min(1).optional(),
  BANK_B2B_CLIENT_KEY_PASSPHRASE: z.string().min(1).optional(),
  /** Comma-separated e-mail addresses of the PSUs who may manage webhook subscriptions (the events page). */
  OPERATOR_EMAILS: z.string().default('demo@greidsla.is'),
});

const loopbackHosts = new Set(['localhost', '[::1]']);

function isLoopback(host: string): boolean {
  return loopbackHosts.has(host) || /^127\./.test(host);
}

/**
 * Whether an address may carry secrets (an identity provider's issuer and key set in any mode; a live app's bank):
 * https, or plain http to this machine only (the sandbox bank and its provider under `npm start` and the tests).
 * Anything else could be read or changed on the way.
 */
export function secureUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/** Settings that only make sense together, with a message that says which one is missing. */
function checkTogether(value: z.infer<typeof settingsSchema>, ctx: z.RefinementCtx): void {
  // A live app: in production, at a bank not on this machine.
  const live = value.NODE_ENV === 'production' && !isLoopback(new URL(value.BANK_BASE_URL).hostname);
  // A real bank must never be told that a PSU sits at our loopback address.
  if (live && isLoopback(value.TPP_PUBLIC_IP)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TPP_PUBLIC_IP'],
      message:
        'must be our own public IPv4 address when BANK_BASE_URL is a bank not on this machine: it is sent as PSU-IP-Address when the PSU\u2019s IPv4 is not known',
    });
  }
  // A real bank's pages must name it, never the sandbox; a directory names each of its banks.
  if (live && value.BANK_DIRECTORY === undefined && value.BANK_NAME === SANDBOX_BANK_NAME) {
    ctx.addIssue({
      code: 'custom',
      path: ['BANK_NAME'],
      message: `must be the bank's own name for an app in production at a bank not on this machine (it is shown on every payment and receipt), not the sandbox's "${SANDBOX_BANK_NAME}"`,
    });
  }
  // The demo accounts' password is on the sign-in page, and the demo PSU is an operator by default.
  if (live && value.SEED_DEMO_PSU) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO_PSU'],
      message:
        'must be false for an app in production at a bank not on this machine: the demo accounts\u2019 password is shown on the sign-in page, and the demo PSU is an operator',
    });
  }
  // The client secret, tokens, the PSUs' data and their payments travel to the bank: never in the clear.
  for (const name of [
    'BANK_BASE_URL',
    'BANK_AUTH_URL',
    'BANK_EVENTS_BASE_URL',
    'BANK_BUSINESS_BASE_URL',
  ] as const) {
    if (live && !secureUrl(value[name])) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          'must be https:// for an app in production at a bank not on this machine: the client secret, tokens and payments travel over it',
      });
    }
  }
  if (live && value.PASSWORD_HASH_COST < 10) {
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: 'must be at least 10 for an app in production: a cheaper hash is for test runs only',
    });
  }
  if (value.JOB_WORKERS === 'separate' && value.DATABASE_URL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['JOB_WORKERS'],
      message:
        'can be `separate` only with DATABASE_URL (PostgreSQL): the embedded database admits one process, so its job workers run in the app',
    });
  }
  if (value.OIDC_ISSUER !== undefined && !secureUrl(value.OIDC_ISSUER)) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message:
        'must be an https address; plain http is taken only for a provider on this machine (localhost, 127.x, [::1])',
    });
  }
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const set = oidc.filter((key) => value[key] !== undefined);
  if (set.length > 0 && set.length < oidc.length) {
    for (const key of oidc.filter((k) => value[k] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `is required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set; set all three or none`,
      });
    }
  }
}

export type Settings = Readonly<z.infer<typeof settingsSchema>>;

let cached: Settings | undefined;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

export function parseSettings(env: Record<string, string | undefined>): Settings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = settingsSchema.superRefine(checkTogether).safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid settings; fix these in the environment or .env:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** BANK_JOB_CONCURRENCY as set, else 4 on PostgreSQL and 1 on the embedded database. */
export function bankJobConcurrency(value: Settings = settings()): number {
  return value.BANK_JOB_CONCURRENCY ?? (value.DATABASE_URL ? 4 : 1);
}

export function settings(): Settings {
  if (!cached) {
    cached = parseSettings(process.env);
    deriveAuthUrl(cached);
  }
  return cached;
}

/**
 * Auth.js builds its own links (the electronic-ID provider's redirect URI, its callbacks) from
 * `AUTH_URL`, else from the request's Host: behind a proxy on another host or port, the wrong one.
 * APP_BASE_URL names the public address already, so it is Auth.js's too, unless AUTH_URL is set.
 */
function deriveAuthUrl(config: Settings): void {
  if (!process.env.AUTH_URL) process.env.AUTH_URL = new URL(config.APP_BASE_URL).origin;
}
