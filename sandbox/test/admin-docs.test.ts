import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../src/server.js';
import { startTestSandbox } from './helpers.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('/docs', () => {
  it('renders every contract as HTML tables, with nothing loaded from elsewhere', async () => {
    const response = await fetch(`${sandbox.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<code>POST /api/v1/{payment-service}/{payment-product}</code>');
    expect(html).toMatch(/id="pis-schema-PaymentInitiationResponse"/);
    expect(html).toContain('href="/docs/pis.yaml"');
    expect(html).toContain('href="/docs/webhooks.yaml"');
    expect(html).not.toMatch(/<script|<link|src="http/);
    // Every in-page link points at an element of the page.
    const ids = new Set([...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(ids, target).toContain(target);
  });

  it('serves the YAML as it is, and nothing else from disk', async () => {
    const yaml = await fetch(`${sandbox.url}/docs/pis.yaml`);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('Content-Type')).toContain('application/yaml');
    expect(await yaml.text()).toBe(readFileSync(new URL('../../contract/pis.yaml', import.meta.url), 'utf8'));
    expect((await fetch(`${sandbox.url}/docs/nope.yaml`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/docs/..%2Fpackage.json`)).status).toBe(404);
  });
});
