import { bankById } from '@/lib/bank/directory';
import { type Db, getDb } from '@/lib/db';
import { insertEventOnce } from '@/lib/db/queries/webhook-events';
import { logger } from '@/lib/log';
import { metrics } from '@/lib/observability/metrics';
import { decryptDelivery } from './encryption';
import { type DeliveryEnvelope, parseEnvelope, selfLink } from './envelope';
import { wakeWebhookEvents } from './queue';
import { SecretBoxError } from './secret-box';
import { webhookSettings } from './settings';
import { type SignatureCheck, type SignatureRefusal, verifySignature } from './signature';
import { type DeliveryKeys, deliveryKeys, deliverySecrets, reloadDeliveryKeys } from './subscriptions';

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
  // Its signing secret, sealed under another AUTH_SECRET, no longer opens: made again, it takes deliveries.
  | 'signature_secret_unreadable'
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
 * Whether the keys take deliveries: a cancelled subscription is kept for its events' history but takes no
 * more, and one at a bank no longer in the directory (or no longer offering webhooks) takes none either.
 */
function takesDeliveries(keys: DeliveryKeys | undefined): keys is DeliveryKeys {
  return keys !== undefined && !keys.cancelled && bankById(keys.bankId)?.offer.webhooks === true;
}

/**
 * Accepts one delivery: signature first (on the raw body, before anything reads it), then
 * decryption, then the envelope; only then is anything stored. The event is stored once by its
 * bank and `eventId` and processed later by a job, so the bank gets its answer in milliseconds: the answer
 * waits for the insert alone, and the job is woken after it (lib/webhooks/queue.ts).
 */
export async function acceptDelivery(input: DeliveryInput): Promise<DeliveryOutcome> {
  if (Buffer.byteLength(input.rawBody, 'utf8') > maxDeliveryBytes) return refuse(input, 'too_large');
  const db = await getDb();
  const now = input.now ?? new Date();
  // The callback URL names one subscription, at one bank: only its own secrets are tried, never another's.
  let keys: DeliveryKeys | undefined;
  try {
    keys = await deliveryKeys(db, input.subscriptionId, now.getTime());
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return refuse(input, 'signature_secret_unreadable', { err: error.message });
  }
  if (!takesDeliveries(keys)) return refuse(input, 'unknown_subscription');
  let signature = checkSignature(input, keys, now);
  if (!signature.ok && signature.reason === 'mismatch') {
    // Perhaps another app instance rotated the secret since we read it: read it again, once.
    const reloaded = await reloadDeliveryKeys(db, keys.subscriptionId, now.getTime());
    if (reloaded) {
      keys = reloaded.keys;
      if (!takesDeliveries(keys)) return refuse(input, 'unknown_subscription');
      signature = checkSignature(input, keys, now);
    }
  }
  if (!signature.ok) return refuse(input, `signature_${signature.reason}`);

  // The secret that signed the delivery is the one that encrypted it.
  const secret = deliverySecrets(keys, now)[signature.secretIndex] ?? '';
  const decrypted = await decryptDelivery(input.rawBody, secret);
  if (!decrypted.ok) return refuse(input, 'undecryptable', { decrypt: decrypted.reason });
  const parsed = parseEnvelope(decrypted.plaintext);
  if (!parsed.ok) return refuse(input, 'invalid_envelope', { issues: parsed.issues });
  const { envelope } = parsed;

  if (!(await storeEventOnce(db, keys, envelope, input.requestId ?? null))) {
    logger.info(
      { subscriptionId: keys.subscriptionId, bankId: keys.bankId, eventId: envelope.eventId },
      'webhook event seen before',
    );
    metrics().webhookDeliveries.inc({ outcome: 'duplicate' });
    return { ok: true, status: 'duplicate', eventId: envelope.eventId };
  }
  wakeWebhookEvents(keys.subscriptionId);
  metrics().webhookDeliveries.inc({ outcome: 'accepted' });
  const lagSeconds = (now.getTime() - Date.parse(envelope.occurredAt)) / 1000;
  if (Number.isFinite(lagSeconds)) metrics().webhookDeliveryLag.observe(Math.max(0, lagSeconds));
  return { ok: true, status: 'accepted', eventId: envelope.eventId };
}

function checkSignature(input: DeliveryInput, keys: DeliveryKeys, now: Date): SignatureCheck {
  return verifySignature({
    header: input.signatureHeader,
    rawBody: input.rawBody,
    secrets: deliverySecrets(keys, now),
    now,
    toleranceSeconds: webhookSettings().WEBHOOK_TOLERANCE_SECONDS,
  });
}

/**
 * Stores an event unless one with its `eventId` is stored already for the subscription's bank
 * (lib/db/queries/webhook-events.ts): the id is that bank's idempotency key (webhooks spec 2.2), and
 * another bank's event with the same id is another event. True when this call stored it. Once it
 * returns, the event is committed: a crash from here on leaves it pending, and the workers' sweep
 * processes it.
 */
export function storeEventOnce(
  db: Db,
  subscription: { subscriptionId: string; bankId: string },
  envelope: DeliveryEnvelope,
  requestId: string | null,
): Promise<boolean> {
  return insertEventOnce(db, {
    eventId: envelope.eventId,
    bankId: subscription.bankId,
    subscriptionId: subscription.subscriptionId,
    eventType: envelope.eventType,
    schemaVersion: envelope.schemaVersion,
    occurredAt: envelope.occurredAt,
    selfLink: selfLink(envelope)?.href ?? null,
    links: envelope.links,
    requestId,
  });
}

/**
 * A delivery whose body ran past `maxDeliveryBytes`, refused as `acceptDelivery` refuses one (logged, counted),
 * where the route stopped reading it (lib/security/capped-body.ts) rather than hold it whole.
 */
export function oversizedDelivery(
  input: Pick<DeliveryInput, 'subscriptionId' | 'requestId'>,
): DeliveryOutcome {
  return refuse(input, 'too_large');
}

function refuse(
  input: Pick<DeliveryInput, 'subscriptionId' | 'requestId'>,
  reason: DeliveryRefusal,
  detail?: Record<string, unknown>,
): DeliveryOutcome {
  logger.warn(
    { subscriptionId: input.subscriptionId, bankRequestId: input.requestId, reason, ...detail },
    'webhook delivery refused',
  );
  metrics().webhookDeliveries.inc({ outcome: reason });
  return { ok: false, reason };
}
