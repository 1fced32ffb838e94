import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * What services/src/telemetry/register.mjs leaves on `globalThis` when it started tracing: the SDK's provider (to
 * flush on stop), its span processor and resource (for the spans the Temporal workflows export through a sink).
 */
export interface TelemetryHandle {
  provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> };
  spanProcessor: object;
  resource: object;
  endpoint: string;
}

const HANDLE = Symbol.for('fanmission.telemetry');

/** The running tracing SDK, or undefined when tracing is off (OTEL_EXPORTER_OTLP_ENDPOINT unset). */
export const telemetryHandle = (): TelemetryHandle | undefined =>
  (globalThis as { [HANDLE]?: TelemetryHandle })[HANDLE];

export const tracingEnabled = (): boolean => telemetryHandle() !== undefined;

const tracer = () => trace.getTracer('fanmission');

/** The trace id of the work under way (a request, an activity, a consumer's effect), when it is traced. */
export function currentTraceId(): string | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The W3C `traceparent` of the work under way, kept with what it writes so that later work joins its trace. */
export function currentTraceParent(): string | null {
  if (!tracingEnabled() || currentTraceId() === undefined) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs a consumer's effect of an event as a span of the trace that recorded the event (its stored `traceparent`):
 * the request that wrote the outbox row and the effect a relay and a consumer apply later read as one trace. An
 * event recorded without tracing runs as it is.
 */
export async function withEventSpan<T>(
  consumer: string,
  event: { id: string; type: string; traceParent?: string | null },
  apply: () => Promise<T>,
): Promise<T> {
  if (!event.traceParent || !tracingEnabled()) return apply();
  const parent = propagation.extract(ROOT_CONTEXT, { traceparent: event.traceParent });
  return tracer().startActiveSpan(
    `${consumer} applies ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'fanmission.consumer': consumer,
        'fanmission.event.id': event.id,
        'fanmission.event.type': event.type,
      },
    },
    parent,
    async (span) => {
      try {
        return await apply();
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Sends the spans still buffered and stops the SDK (a stopping process; nothing when tracing is off). */
export async function flushTelemetry(): Promise<void> {
  await telemetryHandle()?.provider.shutdown();
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/** The trace id of a W3C traceparent (`00-<trace id>-<span id>-<flags>`). */
export const traceIdOfParent = (traceParent: string | null | undefined): string | undefined =>
  traceParent?.split('-')[1];

/** Where the trace UI shows a trace (`<TRACE_UI_URL>/trace/<id>`, Jaeger's path); null without a UI or an id. */
export function traceUrl(traceUiUrl: string | undefined, traceId: unknown): string | null {
  if (!traceUiUrl || typeof traceId !== 'string' || !TRACE_ID.test(traceId)) return null;
  return `${traceUiUrl.replace(/\/+$/, '')}/trace/${traceId}`;
}
