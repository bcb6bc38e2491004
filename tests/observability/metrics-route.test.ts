import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshAppDatabase } from '@/tests/support/app-database';

// GET /api/metrics is for the operators' Prometheus: loopback clients, or a bearer of METRICS_TOKEN;
// anyone else gets 404, as for a path that is not there.
const token = 'metrics-token-metrics-token-metrics-token-01';
let GET: typeof import('@/app/api/metrics/route').GET;
let NextRequest: typeof import('next/server').NextRequest;

beforeAll(async () => {
  vi.resetModules();
  Object.assign(process.env, await freshAppDatabase(), {
    AUTH_SECRET: 'metrics-route-secret-metrics-route-secret-0',
    METRICS_TOKEN: token,
    TRUSTED_PROXY_COUNT: '0',
  });
  ({ GET } = await import('@/app/api/metrics/route'));
  ({ NextRequest } = await import('next/server'));
});

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  const { closeDatabase } = await import('@/lib/db');
  await closeDatabase();
});

function scrape(from: string, authorization?: string) {
  return GET(
    new NextRequest('http://127.0.0.1:3000/api/metrics', {
      headers: { 'x-forwarded-for': from, ...(authorization ? { authorization } : {}) },
    }),
  );
}

describe('the metrics endpoint', () => {
  it('answers a loopback client with the metrics, backlog gauges included', async () => {
    const response = await scrape('127.0.0.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('# TYPE greidsla_payments_initiated_total counter');
    expect(text).toMatch(/greidsla_intake_backlog\{[^}]*kind="notifications"[^}]*\} 0/);
    expect((await scrape('::1')).status).toBe(200);
  });

  it('refuses anyone else, unless they bear the token', async () => {
    expect((await scrape('203.0.113.7')).status).toBe(404);
    expect((await scrape('203.0.113.7', `Bearer ${token.slice(0, -1)}x`)).status).toBe(404);
    expect((await scrape('203.0.113.7', 'Bearer short')).status).toBe(404);
    expect((await scrape('203.0.113.7', `Bearer ${token}`)).status).toBe(200);
  });
});
