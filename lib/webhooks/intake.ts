import { getDb } from '@/lib/db';
import { webhookEvents } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { decryptDelivery } from './encryption';
import { parseEnvelope, selfLink } from './envelope';
import { enqueueWebhookEvents } from './queue';
import { webhookSettings } from './settings';
import { type SignatureRefusal, verifySignature } from './signature';
import { findSubscription, signingSecrets } from './subscriptions';

export interface DeliveryInput {
  subscriptionId: string;
  rawBody: string;
  signatureHeader: string | null | undefined;
  requestId?: string | null;
  now?: Date;
}

export type DeliveryRefusal =
  | 'unknown_subscription'
  | 'too_large'
  | `signature_${SignatureRefusal}`
  | 'undecryptable'
  | 'invalid_envelope';

export type DeliveryOutcome =
  | { ok: true; status: 'accepted' | 'duplicate'; eventId: string }
  | { ok: false; reason: DeliveryRefusal };

// A delivery carries ids and links only; anything this large is not one.
export const maxDeliveryBytes = 64 * 1024;

/** The HTTP status for an outcome: any 2xx tells the bank the delivery arrived. */
export function deliveryHttpStatus(outcome: DeliveryOutcome): number {
  if (outcome.ok) return outcome.status === 'accepted' ? 202 : 200;
  if (outcome.reason === 'unknown_subscription') return 404;
  if (outcome.reason === 'too_large') return 413;
  if (outcome.reason.startsWith('signature_')) return 401;
  return 400;
}

/**
 * Accepts one delivery: signature first (on the raw body, before anything reads it), then
 * decryption, then the envelope; only then is anything stored. The event is stored once by its
 * `eventId` and processed later by a job, so the bank gets its answer in milliseconds.
 */
export async function acceptDelivery(input: DeliveryInput): Promise<DeliveryOutcome> {
  if (Buffer.byteLength(input.rawBody, 'utf8') > maxDeliveryBytes) return refuse(input, 'too_large');
  const db = await getDb();
  const subscription = await findSubscription(db, input.subscriptionId);
  // A cancelled subscription is kept for its events' history, but takes no more deliveries.
  if (!subscription || subscription.cancelledAt) return refuse(input, 'unknown_subscription');

  const secrets = signingSecrets(subscription, input.now);
  const signature = verifySignature({
    header: input.signatureHeader,
    rawBody: input.rawBody,
    secrets,
    now: input.now,
    toleranceSeconds: webhookSettings().WEBHOOK_TOLERANCE_SECONDS,
  });
  if (!signature.ok) return refuse(input, `signature_${signature.reason}`);

  // The secret that signed the delivery is the one that encrypted it.
  const secret = secrets[signature.secretIndex] ?? '';
  const decrypted = await decryptDelivery(input.rawBody, secret);
  if (!decrypted.ok) return refuse(input, 'undecryptable', { decrypt: decrypted.reason });
  const parsed = parseEnvelope(decrypted.plaintext);
  if (!parsed.ok) return refuse(input, 'invalid_envelope', { issues: parsed.issues });
  const { envelope } = parsed;

  const inserted = await db
    .insert(webhookEvents)
    .values({
      eventId: envelope.eventId,
      subscriptionId: subscription.id,
      eventType: envelope.eventType,
      schemaVersion: envelope.schemaVersion,
      occurredAt: envelope.occurredAt,
      selfLink: selfLink(envelope)?.href ?? null,
      links: envelope.links,
      requestId: input.requestId ?? null,
    })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ id: webhookEvents.id });

  if (inserted.length === 0) {
    logger.info({ subscriptionId: subscription.id, eventId: envelope.eventId }, 'webhook event seen before');
    return { ok: true, status: 'duplicate', eventId: envelope.eventId };
  }
  await enqueueWebhookEvents(subscription.id);
  return { ok: true, status: 'accepted', eventId: envelope.eventId };
}

function refuse(
  input: DeliveryInput,
  reason: DeliveryRefusal,
  detail?: Record<string, unknown>,
): DeliveryOutcome {
  logger.warn(
    { subscriptionId: input.subscriptionId, requestId: input.requestId, reason, ...detail },
    'webhook delivery refused',
  );
  return { ok: false, reason };
}
