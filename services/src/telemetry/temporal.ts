import { createRequire } from 'node:module';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { InjectedSinks, WorkerInterceptors } from '@temporalio/worker';
import type { Sinks } from '@temporalio/workflow';
import type * as InterceptorsModule from '@temporalio/interceptors-opentelemetry';
import { telemetryHandle } from './tracing';

/*
 * Temporal's own OpenTelemetry interceptors (@temporalio/interceptors-opentelemetry): the client puts the caller's
 * trace context into the workflow's start, signal and update headers; the workflow interceptors (inside the bundle)
 * continue it and pass it on to the activities they schedule; the workflow's spans leave the sandbox through a sink
 * and are exported with the process's other spans. All of it only while tracing is on (undefined otherwise).
 */

type Interceptors = typeof InterceptorsModule;
let loaded: Promise<Interceptors> | undefined;
const interceptorsPackage = () => (loaded ??= import('@temporalio/interceptors-opentelemetry'));

/** The client interceptors that carry the trace into workflow starts, signals, updates and queries. */
export async function tracingClientInterceptors(): Promise<{ workflow: WorkflowClientInterceptor[] } | undefined> {
  if (!telemetryHandle()) return undefined;
  const { OpenTelemetryWorkflowClientInterceptor } = await interceptorsPackage();
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

/** Options of the worker (`createFanmissionWorker`), spread into them while tracing is on. */
export interface WorkerTracing {
  /** Bundled with the workflows (a prebuilt bundle ignores `interceptors.workflowModules`). */
  workflowInterceptorModules: string[];
  interceptors: WorkerInterceptors;
  sinks: InjectedSinks<Sinks>;
  maxCachedWorkflows: number;
}

/**
 * A workflow traced in its sandbox holds much more memory while cached (its open spans and the tracing modules'
 * state): with the SDK's default cache, sized from the heap (2,300 workflows for 4 GB), the missions benchmark ran the
 * workflow thread out of memory within three minutes. A workflow evicted from the cache replays its history on its
 * next task (without exporting its spans again: sinks are not called during a replay).
 */
const TRACED_WORKFLOW_CACHE = 250;

interface SandboxSpan {
  parentSpanId?: string;
  parentSpanContext?: unknown;
  instrumentationLibrary?: { name: string; version?: string };
  instrumentationScope?: unknown;
  spanContext(): { traceId: string; traceFlags: number };
}

/**
 * The workflow sandbox still builds its spans with the 1.x SDK's field names (`parentSpanId`,
 * `instrumentationLibrary`); the 2.x exporter reads `parentSpanContext` and `instrumentationScope`. Without this a
 * workflow's spans would arrive as roots of traces of their own.
 */
function withCurrentFieldNames(span: SandboxSpan): SandboxSpan {
  const { traceId, traceFlags } = span.spanContext();
  return Object.assign(span, {
    parentSpanContext:
      span.parentSpanContext ??
      (span.parentSpanId ? { traceId, spanId: span.parentSpanId, traceFlags, isRemote: false } : undefined),
    instrumentationScope: span.instrumentationScope ?? span.instrumentationLibrary ?? { name: 'temporal' },
  });
}

/** What the worker adds while tracing is on: the workflow and activity interceptors and the span sink. */
export async function workerTracing(): Promise<WorkerTracing | undefined> {
  const handle = telemetryHandle();
  if (!handle) return undefined;
  const otel = await interceptorsPackage();
  const processor = handle.spanProcessor as { onEnd(span: unknown): void; forceFlush(): Promise<void> };
  const sandboxSpans = {
    onStart: () => undefined,
    onEnd: (span: SandboxSpan) => processor.onEnd(withCurrentFieldNames(span)),
    forceFlush: () => processor.forceFlush(),
    shutdown: () => Promise.resolve(),
  };
  return {
    workflowInterceptorModules: [
      createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
    ],
    interceptors: {
      activity: [
        (ctx) => ({
          inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: {
      exporter: otel.makeWorkflowExporter(
        sandboxSpans as unknown as Parameters<Interceptors['makeWorkflowExporter']>[0],
        handle.resource as Parameters<Interceptors['makeWorkflowExporter']>[1],
      ),
    } as InjectedSinks<Sinks>,
    maxCachedWorkflows: TRACED_WORKFLOW_CACHE,
  };
}
