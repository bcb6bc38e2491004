import { z } from 'zod';

// Settings are read once, validated, and frozen. Every default points at the sandbox bank that
// `npm start` runs, so a machine with no `.env` works out of the box; a real bank is a change of
// these values only.
const url = z.url({ protocol: /^https?$/ });

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
  BANK_BASE_URL: url.default('http://127.0.0.1:4010/psd2'),
  BANK_AUTH_URL: url.default('http://127.0.0.1:4010'),
  BANK_EVENTS_BASE_URL: url.default('http://127.0.0.1:4010/events'),
  BANK_BUSINESS_BASE_URL: url.default('http://127.0.0.1:4010/business'),
  BANK_CLIENT_ID: z.string().min(1).default('demo-tpp'),
  BANK_CLIENT_SECRET: z.string().min(1).default('demo-tpp-secret'),
  BANK_SUBSCRIPTION_KEY: z.string().min(1).default('demo-subscription-key'),
  SEED_DEMO_PSU: z.stringbool().default(true),
  BANK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Settings = Readonly<z.infer<typeof settingsSchema>>;

let cached: Settings | undefined;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

export function parseSettings(env: Record<string, string | undefined>): Settings {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = settingsSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid settings; fix these in the environment or .env:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

export function settings(): Settings {
  cached ??= parseSettings(process.env);
  return cached;
}
