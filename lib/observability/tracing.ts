import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { settings } from '@/lib/config';
import { scrubText } from '@/lib/security/log-scrub';
import { processGlobal } from '@/lib/server/process-global';

/**
 * Traces over OpenTelemetry, exported over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set; with
 * it unset no SDK is started and every helper here runs its work bare. Next.js traces each request it
 * serves once a tracer provider is registered (the root span of a PSU's request); the job workers open
 * a root span per job (lib/jobs), every call to a bank is a span (lib/observability/bank-calls.ts), and
 * every database statement one inside them (lib/db). What leaves for the collector passes `scrubbed`:
 * no query string, no kennitala, e-mail address, IBAN, token or secret.
 */
interface TracingState {
  on: boolean;
  stop?: () => Promise<void>;
}

const state = processGlobal<TracingState>('tracing', () => ({ on: false }));

export function tracingOn(): boolean {
  return state.on;
}

function tracer(): Tracer {
  return trace.getTracer('greidsla');
}

/** Starts the SDK when an endpoint is set; idempotent. Answers whether traces are exported. */
export async function startTracing(): Promise<boolean> {
  if (state.on) return true;
  const { OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME } = settings();
  if (!OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const exporter = new OTLPTraceExporter({
    url: `${OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`,
  }) as unknown as SpanExporter;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(scrubbingExporter(exporter))],
  });
  provider.register();
  state.on = true;
  state.stop = () => provider.shutdown();
  return true;
}

/** Sends what is left and stops; at shutdown. */
export async function stopTracing(): Promise<void> {
  const stop = state.stop;
  state.on = false;
  state.stop = undefined;
  await stop?.();
}

/**
 * `work` inside a span named `name`, active for everything `work` does. `root`: a new trace (a job),
 * not a child of whatever context it was started from. Without tracing, `work` alone.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
  options: { root?: boolean; kind?: SpanKind } = {},
): Promise<T> {
  if (!state.on) return work(undefined);
  return tracer().startActiveSpan(
    name,
    { attributes, root: options.root, kind: options.kind ?? SpanKind.INTERNAL },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.name : 'error',
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A span only where a trace is under way (a request's, a job's): none for a background poll. */
export function inChildSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!state.on || !trace.getSpan(context.active())) return work();
  return inSpan(name, attributes, () => work(), { kind: SpanKind.CLIENT });
}

/** A span for work that has already happened (a bank call, told to its observer after the answer). */
export function recordSpan(
  name: string,
  attributes: Attributes,
  startedAt: Date,
  durationMs: number,
  failed: boolean,
  parent: Context = context.active(),
): void {
  if (!state.on) return;
  const span = tracer().startSpan(name, { attributes, startTime: startedAt, kind: SpanKind.CLIENT }, parent);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(new Date(startedAt.getTime() + durationMs));
}

/** The trace id of the work in progress, when tracing is on and a trace is under way. */
export function currentTraceId(): string | undefined {
  if (!state.on) return undefined;
  return trace.getSpan(context.active())?.spanContext().traceId;
}

/** A string as it may leave for the collector: without a query string, scrubbed of personal data. */
export function scrubbedText(value: string): string {
  return scrubText(value.replace(/\?[^\s"']*/g, ''));
}

function scrubbedAttributes(attributes: Attributes): Attributes {
  const clean: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string') clean[key] = scrubbedText(value);
    else if (Array.isArray(value))
      clean[key] = value.map((item) => (typeof item === 'string' ? scrubbedText(item) : item)) as string[];
    else clean[key] = value;
  }
  return clean;
}

/**
 * Each span as it is exported: its name, attributes and events' attributes scrubbed (Next.js puts the
 * request's URL, query included, on its spans; an OAuth return carries a code there). The span itself
 * is left as it is, seen through an object that overrides those members only.
 */
export function scrubbedSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: scrubbedText(span.name) },
    attributes: { value: scrubbedAttributes(span.attributes) },
    events: {
      value: span.events.map((event) => ({
        ...event,
        name: scrubbedText(event.name),
        attributes: event.attributes ? scrubbedAttributes(event.attributes) : undefined,
      })),
    },
  }) as ReadableSpan;
}

function scrubbingExporter(exporter: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => exporter.export(spans.map(scrubbedSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
