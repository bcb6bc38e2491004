import { expect, test } from './support/test';

// Every response carries the security headers; pages get a CSP whose nonce is on every script.

test('a page carries a nonce CSP, and every script has that nonce', async ({ page }) => {
  const response = await page.goto('/en/payments');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  expect(csp).toContain("frame-ancestors 'none'");
  // The bank's origin and the electronic-ID provider's (the sandbox bank plays both, so one origin):
  // forms posted before hydration end there.
  expect(csp).toContain(`form-action 'self' ${process.env.E2E_SANDBOX_URL};`);
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  // Served over http: no HSTS (a browser would ignore it, and localhost must not be pinned).
  expect(headers['strict-transport-security']).toBeUndefined();

  const scripts = await page
    .locator('script')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ src: node.getAttribute('src'), nonce: (node as HTMLScriptElement).nonce })),
    );
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script.nonce, script.src ?? 'inline script').toBe(nonce);

  // A second response has a different nonce.
  const again = await page.request.get('/en/payments');
  expect(again.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
});

test('the page works under its CSP: no violations while using it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/en/payments/new/single');
  await page.getByLabel('From account (IBAN)').fill('IS140159260076545510730339');
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('route handlers carry the headers and echo a UUID X-Request-ID', async ({ request }) => {
  const id = '0c2f6e9a-6a1b-4c39-9a57-2a8e1d7c4b10';
  const health = await request.get('/api/health', { headers: { 'X-Request-ID': id } });
  expect(health.status()).toBe(200);
  expect(health.headers()['x-request-id']).toBe(id);
  expect(health.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(health.headers()['x-content-type-options']).toBe('nosniff');

  const bad = await request.get('/api/health', { headers: { 'X-Request-ID': 'not-a-uuid' } });
  expect(bad.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({
    ready: true,
    checks: { database: true, migrations: true, jobs: true, draining: false },
  });
});
