import { z } from 'zod';

/** A link in a delivery envelope; `self` with method GET points into a business interface. */
export const envelopeLinkSchema = z.object({
  rel: z.string().min(1).max(64),
  href: z.string().min(1).max(2048),
  method: z.string().min(1).max(16),
});

/**
 * The decrypted body of a delivery (spec 2.2). It carries identifiers and links only; the receiver
 * fetches the resource itself. Fields the bank may add later are dropped, not refused. `occurredAt` is
 * "ISO 8601 UTC": written with `Z` or as `+00:00`, or with another offset, it is the same instant, and a
 * delivery refused for how it writes it would be retried until its subscription is disabled.
 */
export const deliveryEnvelopeSchema = z.object({
  eventId: z.uuid(),
  eventType: z.string().min(1).max(100),
  schemaVersion: z.string().min(1).max(20),
  occurredAt: z.iso.datetime({ offset: true }),
  links: z.array(envelopeLinkSchema).max(50),
});

export type DeliveryEnvelope = z.infer<typeof deliveryEnvelopeSchema>;
export type EnvelopeLink = z.infer<typeof envelopeLinkSchema>;

export function selfLink(envelope: Pick<DeliveryEnvelope, 'links'>): EnvelopeLink | undefined {
  return envelope.links.find((link) => link.rel === 'self' && link.method.toUpperCase() === 'GET');
}

export type ParsedEnvelope = { ok: true; envelope: DeliveryEnvelope } | { ok: false; issues: string[] };

export function parseEnvelope(plaintext: string): ParsedEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(plaintext);
  } catch {
    return { ok: false, issues: ['body is not JSON'] };
  }
  const result = deliveryEnvelopeSchema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  return { ok: true, envelope: result.data };
}
