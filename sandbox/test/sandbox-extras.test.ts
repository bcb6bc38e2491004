import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ContractName, loadContract } from '../src/contract.js';

/**
 * "Sandbox extras that no real bank has are marked as such in /docs": everything the sandbox serves beyond the
 * specifications is listed in docs/sandbox-extras.md with what a real bank does instead.
 */
const EXTRAS = readFileSync(new URL('../../docs/sandbox-extras.md', import.meta.url), 'utf8');
const CONTRACTS: readonly ContractName[] = ['pis.yaml', 'claims.yaml', 'webhooks.yaml'];

/** Every property of a contract schema whose description calls it a sandbox extra. */
function extraProperties(): string[] {
  const found: string[] = [];
  for (const name of CONTRACTS) {
    const schemas = loadContract(name).document.components.schemas as Record<
      string,
      { properties?: Record<string, { description?: string }> }
    >;
    for (const schema of Object.values(schemas)) {
      for (const [property, definition] of Object.entries(schema.properties ?? {})) {
        if (/^sandbox extra/i.test(definition.description ?? '')) found.push(property);
      }
    }
  }
  return found;
}

describe('docs/sandbox-extras.md', () => {
  it('names every field a contract marks "Sandbox extra"', () => {
    const properties = extraProperties();
    expect(properties.length).toBeGreaterThan(0);
    for (const property of properties) expect(EXTRAS, property).toContain(`\`${property}\``);
  });

  it('names every surface only the sandbox has: admin, faults, the bank’s app, the portal, docs, the identity provider, webhook replay and deliveries', () => {
    for (const surface of [
      '/sandbox/*',
      '/sandbox/faults',
      '/sandbox/decoupled/{authorisationId}',
      '/sandbox/portal/sandbox-tokens',
      '/sandbox/payments/{paymentId}/stop',
      '/docs',
      '/idp',
      '/sandbox/idp/people',
      'POST /events/api/v1/subscriptions/{id}/replay',
      'GET /events/api/v1/subscriptions/{id}/deliveries',
    ]) {
      expect(EXTRAS, surface).toContain(`\`${surface}`);
    }
  });

  it('names the fault rule`s problem details form, which IOBWS 3.2 allows and our bank`s spec does not have', () => {
    for (const choice of ['form: "problem"', 'application/problem+json', 'additionalErrors'])
      expect(EXTRAS, choice).toContain(choice);
  });

  it('names each choice of the webhooks service and the business token where the business spec says "not shown"', () => {
    for (const choice of [
      'Location',
      '{"subscriptions": [',
      'FIELD_NOT_UPDATABLE',
      'SUBJECT_SCOPE_UNSUPPORTED',
      'EVENT_TYPE_MISSING',
      'CALLBACK_UNREACHABLE',
      'SANDBOX_WEBHOOK_TIMEOUT_MS',
      'whsec_',
      'bank-webhook-jwe-v1',
      '"cty":"application/json"',
      'expires_in',
      'claim.paid` for a payment of part of a claim',
    ]) {
      expect(EXTRAS, choice).toContain(choice);
    }
  });
});
