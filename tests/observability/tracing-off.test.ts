import { trace } from '@opentelemetry/api';
import { describe, expect, it, vi } from 'vitest';

// Without OTEL_EXPORTER_OTLP_ENDPOINT no tracing SDK starts: nothing records, nothing is sent, and the
// helpers run their work bare.
describe('tracing when no collector is set', () => {
  it('starts no SDK and records nothing', async () => {
    vi.resetModules();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.AUTH_SECRET ??= 'tracing-off-secret-tracing-off-secret-01';
    const tracing = await import('@/lib/observability/tracing');
    expect(await tracing.startTracing()).toBe(false);
    expect(tracing.tracingOn()).toBe(false);
    expect(trace.getTracer('any').startSpan('probe').isRecording()).toBe(false);
    expect(await tracing.inSpan('work', {}, async (span) => span)).toBeUndefined();
    expect(tracing.currentTraceId()).toBeUndefined();
  });
});
