import { beforeAll, describe, expect, it, vi } from 'vitest';

// An operator reads a metric's help in Prometheus to learn what its labels can be: the throttle counter's
// help names the limits exactly as `limit` carries them (lib/security/rate-limit.ts), every one of them.
let limits: typeof import('@/lib/security/rate-limit').limits;
let metrics: typeof import('@/lib/observability/metrics').metrics;

beforeAll(async () => {
  vi.resetModules();
  process.env.AUTH_SECRET ??= 'metrics-help-secret-metrics-help-secret-01';
  ({ limits } = await import('@/lib/security/rate-limit'));
  ({ metrics } = await import('@/lib/observability/metrics'));
});

describe('the throttle counter', () => {
  it('names in its help every limit it counts, as its label gives it, and no other', async () => {
    const [metric] = (await metrics().registry.getMetricsAsJSON()).filter(
      (m) => m.name === 'greidsla_throttle_refusals_total',
    );
    const named = /\(([^)]*)\)/.exec(metric?.help ?? '')?.[1]?.split(/,\s*/) ?? [];
    const counted = Object.values(limits()).map((limit) => limit.name);
    expect(named.sort()).toEqual([...new Set(counted)].sort());
  });
});
