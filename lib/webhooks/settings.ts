import { z } from 'zod';

// The spec leaves the HKDF parameters open; these defaults are the ones the sandbox bank uses
// (ARCHITECTURE.md, "Webhook deliveries"), and an operator may override them for a real bank.
const webhookSettingsSchema = z.object({
  WEBHOOK_HKDF_SALT: z.string().default(''),
  WEBHOOK_HKDF_INFO: z.string().min(1).default('bank-webhook-jwe-v1'),
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * The bank's webhooks service offers `POST …/subscriptions/{id}/replay`. The spec defines no such
   * call (webhooks spec part 3 says only that events of the off period "can be replayed on request"),
   * so it is off unless the bank documents one; the sandbox bank has it as an extra.
   */
  BANK_EVENTS_OFFERS_REPLAY: z.stringbool().default(false),
});

export type WebhookSettings = Readonly<z.infer<typeof webhookSettingsSchema>>;

let cached: WebhookSettings | undefined;

export function parseWebhookSettings(env: Record<string, string | undefined>): WebhookSettings {
  const picked = {
    WEBHOOK_HKDF_SALT: env.WEBHOOK_HKDF_SALT,
    WEBHOOK_HKDF_INFO: env.WEBHOOK_HKDF_INFO || undefined,
    WEBHOOK_TOLERANCE_SECONDS: env.WEBHOOK_TOLERANCE_SECONDS || undefined,
    BANK_EVENTS_OFFERS_REPLAY: env.BANK_EVENTS_OFFERS_REPLAY || undefined,
  };
  const result = webhookSettingsSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid webhook settings:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

export function webhookSettings(): WebhookSettings {
  cached ??= parseWebhookSettings(process.env);
  return cached;
}
