import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deliveryEnvelopeSchema } from '@/lib/webhooks/envelope';
import { signPayload } from '@/lib/webhooks/signature';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const document = parse(readFileSync(new URL('../../contract/webhooks.yaml', import.meta.url), 'utf8')) as {
  openapi: string;
  webhooks: Record<string, { post: { parameters: { name: string; schema: { pattern: string } }[] } }>;
};

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addSchema(document, 'webhooks.yaml');
const envelopeValidator = ajv.getSchema('webhooks.yaml#/components/schemas/DeliveryEnvelope');

const sample = {
  eventId: randomUUID(),
  eventType: 'claim.paid',
  schemaVersion: '1.0',
  occurredAt: '2026-03-02T11:59:00Z',
  links: [{ rel: 'self', href: 'https://bank.example/business/claims/v1/claims/1', method: 'GET' }],
};

describe('contract/webhooks.yaml', () => {
  it('is OpenAPI 3.1 with the delivery and notification callbacks', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks)).toEqual(['bankEvent', 'paymentStatusNotification']);
  });

  it('describes the same envelope as lib/webhooks/envelope.ts', () => {
    if (!envelopeValidator) throw new Error('missing DeliveryEnvelope');
    const variants = [
      sample,
      { ...sample, eventId: 'evt-1' },
      { ...sample, links: undefined },
      { ...sample, links: [{ rel: 'self', href: 'x' }] },
    ];
    for (const variant of variants) {
      expect(envelopeValidator(variant), JSON.stringify(variant)).toBe(
        deliveryEnvelopeSchema.safeParse(variant).success,
      );
    }
  });

  it('is read by the app however the time is written: UTC with Z, as +00:00, or with another offset', () => {
    for (const occurredAt of ['2026-03-02T11:59:00+00:00', '2026-03-02T12:59:00.123+01:00']) {
      expect(envelopeValidator?.({ ...sample, occurredAt }), occurredAt).toBe(false);
      expect(deliveryEnvelopeSchema.safeParse({ ...sample, occurredAt }).success, occurredAt).toBe(true);
    }
    expect(deliveryEnvelopeSchema.safeParse({ ...sample, occurredAt: '2026-03-02T11:59:00' }).success).toBe(
      false,
    );
  });

  it('gives a signature header pattern that our signatures match', () => {
    const header = document.webhooks.bankEvent?.post.parameters.find((p) => p.name === 'X-Webhook-Signature');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    expect(signPayload(secret, 'a..b.c.d', 1772452800)).toMatch(new RegExp(header?.schema.pattern ?? '^$'));
  });
});
