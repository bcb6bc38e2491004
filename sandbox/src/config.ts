import { z } from 'zod';

export interface TppClient {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** Going live (src/security): a TLS client certificate on the token request and every PIS request. */
  requireClientCertificate?: boolean;
  /** Digest, Signature and TPP-Signature-Certificate on every PIS request, verified (src/security). */
  requireSignature?: boolean;
  /**
   * SHA-256 fingerprints (hex, colons allowed) of the certificates this client may present, on TLS or for
   * signing. Empty or unset: any certificate issued by a trusted CA.
   */
  certificateFingerprints?: string[];
}

/** The HTTPS listener with client-certificate requests. PEM text or file paths. */
export interface TlsListenerConfig {
  /** 0 picks a free port. */
  port: number;
  cert: string;
  key: string;
  /** The CA (or CAs, concatenated PEM) that issues TPP client certificates; trusted for signatures too. */
  ca?: string | undefined;
}

/** Which TPP certificates the sandbox trusts, and which it refuses (src/security). */
export interface CertificatePolicy {
  /** Extra CAs (PEM text or paths) trusted for client and signing certificates, besides `tls.ca`. */
  trustedCas?: string[];
  /** Serials (hex) the bank has blocked: 401 CERTIFICATE_BLOCKED. */
  blockedSerials?: string[];
  /** Serials (hex) their CA has revoked: 401 CERTIFICATE_REVOKE. */
  revokedSerials?: string[];
}

/**
 * The business interfaces and the webhooks service in production (business spec part 5): "a business certificate
 * (client certificate on the TLS connection) ... required both for the token request and for every service
 * request", the one uploaded to the developer portal. Off by default, as at the bank's sandbox.
 */
export interface BusinessCertificateSettings {
  required: boolean;
  /** SHA-256 fingerprints of the certificates uploaded to the portal; empty: any from a trusted CA. */
  fingerprints?: string[];
}

/** A client of the bank's electronic-ID provider (src/identity): an app that signs people in with it. */
export interface IdpClient {
  clientId: string;
  clientSecret: string;
  /** Compared with `redirect_uri` exactly, character for character. */
  redirectUris: string[];
}

/** Delays, in sandbox-clock seconds, between the steps of an approved payment. */
export interface ExecutionDelays {
  /** Approval (ACTC) to accepted for execution (ACSP). */
  acsp: number;
  /** Approval (ACTC) to settled on the debtor account (ACSC). */
  acsc: number;
}

export interface SandboxConfig {
  port: number;
  host: string;
  /** PGlite data dir; ignored when `databaseUrl` is set. `undefined` with `memory` keeps the DB in memory. */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  clients: TppClient[];
  delays: ExecutionDelays;
  tokenTtlSeconds: number;
  /** The least time between two looks of a background worker for due work (due-timer.ts). */
  schedulerIntervalMs: number;
  /** Required as `X-Sandbox-Admin-Key` on `/sandbox/*` requests that do not come from loopback. */
  adminKey?: string | undefined;
  tls?: TlsListenerConfig | undefined;
  certificates?: CertificatePolicy | undefined;
  businessCertificate?: BusinessCertificateSettings | undefined;
  /** Lifetime of a sandbox token made in the portal (sandbox clock). */
  sandboxTokenTtlSeconds?: number | undefined;
  /** Check every answer against contract/*.yaml and log each that disagrees (http/middleware/contract-check.ts). */
  contractCheck?: boolean | undefined;
  /** With `contractCheck`: a file that gets one JSON line per disagreeing answer (contract-violations-file.ts). */
  contractViolationsFile?: string | undefined;
  /** The most bytes any request body may have; unset: the largest bulk payment this bank accepts. */
  maxBodyBytes?: number | undefined;
  /** Clients of the electronic-ID provider at `/idp`. */
  idpClients: IdpClient[];
}

/** Where the app takes the electronic-ID provider's answer (its sign-in callback for provider `eid`). */
export function idpCallbackOf(appBaseUrl: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}/api/auth/callback/eid`;
}

/** The app's client at the electronic-ID provider, for `npm start` and the end-to-end tests. */
export const DEFAULT_IDP_CLIENT: IdpClient = {
  clientId: 'greidsla',
  clientSecret: 'greidsla-eid-secret',
  redirectUris: [idpCallbackOf('http://localhost:3000')],
};

const env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox'),
  SANDBOX_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SANDBOX_PUBLIC_URL: z.url().optional(),
  SANDBOX_CLIENT_ID: z.string().min(1).default('demo-tpp'),
  SANDBOX_CLIENT_SECRET: z.string().min(1).default('demo-tpp-secret'),
  SANDBOX_SUBSCRIPTION_KEY: z.string().min(1).default('demo-subscription-key'),
  SANDBOX_ACSP_DELAY_SECONDS: z.coerce.number().min(0).default(1),
  SANDBOX_ACSC_DELAY_SECONDS: z.coerce.number().min(0).default(2),
  SANDBOX_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  SANDBOX_ADMIN_KEY: z.string().min(16, 'use at least 16 characters').optional(),
  SANDBOX_TLS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SANDBOX_TLS_CERT: z.string().min(1).optional(),
  SANDBOX_TLS_KEY: z.string().min(1).optional(),
  SANDBOX_TLS_CA: z.string().min(1).optional(),
  SANDBOX_CERT_BLOCKED_SERIALS: z.string().optional(),
  SANDBOX_CERT_REVOKED_SERIALS: z.string().optional(),
  SANDBOX_CLIENT_REQUIRE_CERTIFICATE: z.stringbool().default(false),
  SANDBOX_CLIENT_REQUIRE_SIGNATURE: z.stringbool().default(false),
  SANDBOX_CLIENT_CERT_FINGERPRINTS: z.string().optional(),
  SANDBOX_BUSINESS_REQUIRE_CERTIFICATE: z.stringbool().default(false),
  SANDBOX_BUSINESS_CERT_FINGERPRINTS: z.string().optional(),
  SANDBOX_SANDBOX_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24 * 3600),
  SANDBOX_CONTRACT_CHECK: z.stringbool().default(false),
  SANDBOX_CONTRACT_LOG_FILE: z.string().min(1).optional(),
  SANDBOX_MAX_BODY_BYTES: z.coerce.number().int().min(1024).optional(),
  // The app's address: the default redirect URI of the electronic-ID provider's client.
  APP_BASE_URL: z.url().default('http://localhost:3000'),
  SANDBOX_IDP_CLIENT_ID: z.string().min(1).default(DEFAULT_IDP_CLIENT.clientId),
  SANDBOX_IDP_CLIENT_SECRET: z.string().min(1).default(DEFAULT_IDP_CLIENT.clientSecret),
  SANDBOX_IDP_REDIRECT_URIS: z.string().optional(),
});

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function configFromEnv(source: NodeJS.ProcessEnv = process.env): SandboxConfig {
  // Empty strings in an env file mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = env.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid sandbox settings:\n${issues}`);
  }
  const e = parsed.data;
  if (e.SANDBOX_TLS_PORT !== undefined && (!e.SANDBOX_TLS_CERT || !e.SANDBOX_TLS_KEY)) {
    throw new Error(
      'Invalid sandbox settings:\n  SANDBOX_TLS_PORT: needs SANDBOX_TLS_CERT and SANDBOX_TLS_KEY (PEM files or text)',
    );
  }
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    dataDir: e.SANDBOX_DATA_DIR,
    databaseUrl: e.SANDBOX_DATABASE_URL,
    publicUrl: e.SANDBOX_PUBLIC_URL,
    clients: [
      {
        clientId: e.SANDBOX_CLIENT_ID,
        clientSecret: e.SANDBOX_CLIENT_SECRET,
        subscriptionKey: e.SANDBOX_SUBSCRIPTION_KEY,
        requireClientCertificate: e.SANDBOX_CLIENT_REQUIRE_CERTIFICATE,
        requireSignature: e.SANDBOX_CLIENT_REQUIRE_SIGNATURE,
        certificateFingerprints: list(e.SANDBOX_CLIENT_CERT_FINGERPRINTS),
      },
    ],
    delays: { acsp: e.SANDBOX_ACSP_DELAY_SECONDS, acsc: e.SANDBOX_ACSC_DELAY_SECONDS },
    tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    schedulerIntervalMs: 250,
    adminKey: e.SANDBOX_ADMIN_KEY,
    tls:
      e.SANDBOX_TLS_PORT !== undefined && e.SANDBOX_TLS_CERT && e.SANDBOX_TLS_KEY
        ? { port: e.SANDBOX_TLS_PORT, cert: e.SANDBOX_TLS_CERT, key: e.SANDBOX_TLS_KEY, ca: e.SANDBOX_TLS_CA }
        : undefined,
    certificates: {
      blockedSerials: list(e.SANDBOX_CERT_BLOCKED_SERIALS),
      revokedSerials: list(e.SANDBOX_CERT_REVOKED_SERIALS),
    },
    businessCertificate: {
      required: e.SANDBOX_BUSINESS_REQUIRE_CERTIFICATE,
      fingerprints: list(e.SANDBOX_BUSINESS_CERT_FINGERPRINTS),
    },
    sandboxTokenTtlSeconds: e.SANDBOX_SANDBOX_TOKEN_TTL_SECONDS,
    contractCheck: e.SANDBOX_CONTRACT_CHECK,
    contractViolationsFile: e.SANDBOX_CONTRACT_LOG_FILE,
    maxBodyBytes: e.SANDBOX_MAX_BODY_BYTES,
    idpClients: [
      {
        clientId: e.SANDBOX_IDP_CLIENT_ID,
        clientSecret: e.SANDBOX_IDP_CLIENT_SECRET,
        redirectUris: e.SANDBOX_IDP_REDIRECT_URIS
          ? list(e.SANDBOX_IDP_REDIRECT_URIS)
          : [idpCallbackOf(e.APP_BASE_URL)],
      },
    ],
  };
}

export const DEFAULT_CLIENT: TppClient = {
  clientId: 'demo-tpp',
  clientSecret: 'demo-tpp-secret',
  subscriptionKey: 'demo-subscription-key',
};
