// The public surface of `telemetry`: tracing (started by register.mjs before the server's modules load) as the rest
// of the services use it. Other modules import only this file.
export {
  currentTraceId,
  currentTraceParent,
  flushTelemetry,
  telemetryHandle,
  traceIdOfParent,
  traceUrl,
  tracingEnabled,
  withEventSpan,
  type TelemetryHandle,
} from './tracing';
export { tracingClientInterceptors, workerTracing, type WorkerTracing } from './temporal';
export { redactUrl } from './secret-query.mjs';
export { redactingSpanProcessor } from './span-redaction.mjs';
