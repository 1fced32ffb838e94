// Tracing, loaded before the server's own modules (`node --import ./services/src/telemetry/register.mjs …`, as
// scripts/bootstrap.mjs, the Dockerfile and docker-compose.yml run it). With OTEL_EXPORTER_OTLP_ENDPOINT unset it
// returns at once and nothing else is loaded: tracing off costs nothing. With it set, it starts the OpenTelemetry
// SDK with the maintained instrumentations (HTTP, Fastify, pg, kafkajs, pino) and exports spans over OTLP/HTTP
// (`<endpoint>/v1/traces`). The Temporal interceptors are wired where the clients and the worker are made
// (services/src/telemetry/temporal.ts), from the handle this file leaves on `globalThis`.
//
// Plain JavaScript on purpose: it runs before tsx (or without it, under the bundled `npm start`).

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
const disabled = process.env.OTEL_SDK_DISABLED === 'true';

if (endpoint && !disabled) await startTracing();

/** The process's role, as services/src/runtime/roles.ts parses it (default `all`). */
function roleOf(argv) {
  const index = argv.indexOf('--role');
  if (index >= 0) return argv[index + 1] ?? 'all';
  return argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
}

/** Health probes and scrapes every few seconds would bury the requests people look for. */
const UNTRACED_PATHS = [/^\/api\/v1\/health/, /^\/api\/v1\/metrics/, /^\/metrics/, /^\/assets\//];
const untraced = (url = '') => UNTRACED_PATHS.some((pattern) => pattern.test(url));

/**
 * The W3C trace context (and baggage) a caller sends is not ours to continue: a client would choose the trace ids
 * that reach error answers, the outbox and the ledger, and force sampling. Incoming HTTP requests start their own
 * trace unless OTEL_TRUST_INCOMING_TRACE_CONTEXT=true (an edge proxy of ours that sets the header). Kafka messages and
 * Temporal headers carry the product's own context and are always continued.
 */
const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate', 'baggage'];
const trustIncomingTraceContext = process.env.OTEL_TRUST_INCOMING_TRACE_CONTEXT === 'true';
function forgetCallersTraceContext(request) {
  if (trustIncomingTraceContext) return;
  for (const header of TRACE_CONTEXT_HEADERS) delete request.headers[header];
}

async function startTracing() {
  // import-in-the-middle wraps only the ES modules an instrumentation asks for (pg, kafkajs… imported from ESM);
  // CommonJS requires are patched by require-in-the-middle inside the instrumentations.
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  const { redactingSpanProcessor } = await import('./span-redaction.mjs');
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { KafkaJsInstrumentation },
    { PinoInstrumentation },
    { default: FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-kafkajs'),
    import('@opentelemetry/instrumentation-pino'),
    import('@fastify/otel'),
  ]);

  const role = roleOf(process.argv.slice(2));
  const resource = resourceFromAttributes({
    'service.name': process.env.OTEL_SERVICE_NAME?.trim() || `fanmission-${role}`,
    'service.namespace': 'fanmission',
    'fanmission.role': role,
  });
  const spanProcessor = redactingSpanProcessor(new BatchSpanProcessor(new OTLPTraceExporter()));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  // The global tracer provider, the AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Called before the request's context is read from its headers: the caller's trace context is dropped here.
        ignoreIncomingRequestHook: (request) => {
          forgetCallersTraceContext(request);
          return untraced(request.url);
        },
        // The SDK's own exports and the Temporal dev server's UI are not the product's work.
        ignoreOutgoingRequestHook: (options) => String(options.path ?? '').startsWith('/v1/traces'),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => untraced(url),
      }),
      // Statements outside a traced request or job (the outbox pollers, the reconcilers' idle checks) would each be
      // a trace of its own; parameter values are never recorded (they hold personal data).
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new KafkaJsInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();
  globalThis[Symbol.for('fanmission.telemetry')] = { provider, spanProcessor, resource, endpoint };
}
