import { z } from 'zod';

export interface TppClient {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
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
  schedulerIntervalMs: number;
  /** Required as `X-Sandbox-Admin-Key` on `/sandbox/*` requests that do not come from loopback. */
  adminKey?: string | undefined;
}

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
});

export function configFromEnv(source: NodeJS.ProcessEnv = process.env): SandboxConfig {
  // Empty strings in an env file mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = env.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid sandbox settings:\n${issues}`);
  }
  const e = parsed.data;
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
      },
    ],
    delays: { acsp: e.SANDBOX_ACSP_DELAY_SECONDS, acsc: e.SANDBOX_ACSC_DELAY_SECONDS },
    tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
    schedulerIntervalMs: 250,
    adminKey: e.SANDBOX_ADMIN_KEY,
  };
}

export const DEFAULT_CLIENT: TppClient = {
  clientId: 'demo-tpp',
  clientSecret: 'demo-tpp-secret',
  subscriptionKey: 'demo-subscription-key',
};
