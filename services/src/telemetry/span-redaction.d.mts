import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';

/** Replaces, in place, the values of secret query parameters in an ended span's attributes and its events'. */
export declare function redactSpanSecrets(span: {
  attributes?: Record<string, unknown>;
  events?: ReadonlyArray<{ attributes?: Record<string, unknown> }>;
}): void;
/** A span processor that clears every ended span of secrets before `inner` exports it. */
export declare function redactingSpanProcessor(inner: SpanProcessor): SpanProcessor;
