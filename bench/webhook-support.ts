// Shared by bench/webhook-limits.ts and bench/webhook-intake.ts: deliveries as the bank sends them,
// and the bare reference the intake is held to. Import it after the environment is set, as the app's
// own modules: the encryption reads the webhook settings on first use.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { decryptDelivery, encryptEnvelope } from '@/lib/webhooks/encryption';
import { signPayload, verifySignature } from '@/lib/webhooks/signature';

export interface Delivery {
  rawBody: string;
  signatureHeader: string;
}

/** `n` claim.paid deliveries, each a new eventId, encrypted and signed with `secret`. */
export async function sealedDeliveries(secret: string, n: number): Promise<Delivery[]> {
  const list: Delivery[] = [];
  const t = Math.floor(Date.now() / 1000);
  for (let i = 0; i < n; i++) {
    const rawBody = await encryptEnvelope(
      {
        eventId: randomUUID(),
        eventType: 'claim.paid',
        schemaVersion: '1.0',
        occurredAt: new Date(Date.now() - i).toISOString(),
        links: [{ rel: 'self', href: `http://127.0.0.1:4010/business/claims/v1/claims/${i}`, method: 'GET' }],
      },
      secret,
    );
    list.push({ rawBody, signatureHeader: signPayload(secret, rawBody, t) });
  }
  return list;
}

/** Our signature check alone, throwing on a refusal. */
export function verifyOrThrow(d: Delivery, secret: string): void {
  const check = verifySignature({
    header: d.signatureHeader,
    rawBody: d.rawBody,
    secrets: [secret],
    toleranceSeconds: 300,
  });
  if (!check.ok) throw new Error(check.reason);
}

/**
 * The bare reference: the same signature check and decryption, JSON.parse, and one plain INSERT of
 * the row on the PGlite client: no subscription lookup, no envelope schema, no duplicate check.
 */
export function bareIntake(client: PGlite, subscriptionId: string, secret: string) {
  return async (d: Delivery): Promise<void> => {
    verifyOrThrow(d, secret);
    const opened = await decryptDelivery(d.rawBody, secret);
    if (!opened.ok) throw new Error(opened.reason);
    const event = JSON.parse(opened.plaintext) as Record<string, unknown>;
    await client.query(
      `insert into webhook_events (event_id, bank_id, subscription_id, event_type, schema_version, occurred_at, links)
       values ($1, 'default', $2, $3, $4, $5, $6)`,
      [event.eventId, subscriptionId, event.eventType, event.schemaVersion, event.occurredAt, event.links],
    );
  };
}
