import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import type { Database } from '../db';
import { consumeOutboxBatch, defineConsumer, domainEvent, recordEvents } from '../outbox';
import { currentTraceId, currentTraceParent, traceUrl, withEventSpan } from './index';

// The SDK as register.mjs starts it, with an in-memory exporter, for this file only (the unit project's files share
// a process: it is taken down again after the last test).
const testApp = useTestApp();
const exporter = new InMemorySpanExporter();
const spanProcessor = new SimpleSpanProcessor(exporter);
const provider = new NodeTracerProvider({ spanProcessors: [spanProcessor] });
const HANDLE = Symbol.for('fanmission.telemetry');
const handles = globalThis as { [HANDLE]?: unknown };
const tracer = () => trace.getTracer('test');

beforeAll(() => {
  provider.register();
  handles[HANDLE] = { provider, spanProcessor, resource: {}, endpoint: 'memory' };
});
afterAll(async () => {
  delete handles[HANDLE];
  trace.disable();
  context.disable();
  propagation.disable();
  await provider.shutdown();
});

describe('tracing helpers', () => {
  it('has no trace outside a span, and links only well-formed trace ids to a configured UI', () => {
    expect(currentTraceId()).toBeUndefined();
    expect(currentTraceParent()).toBeNull();
    const id = '0af7651916cd43dd8448eb211c80319c';
    expect(traceUrl('http://localhost:16686/', id)).toBe(`http://localhost:16686/trace/${id}`);
    expect(traceUrl(undefined, id)).toBeNull();
    expect(traceUrl('http://localhost:16686', 'not-a-trace')).toBeNull();
    expect(traceUrl('http://localhost:16686', undefined)).toBeNull();
  });

  it('keeps the recording trace with an outbox event; the consumer applies it as a span of that trace', async () => {
    const db = testApp.current.app.db;
    const follower = await createAccount(testApp.current.app);
    const applied: Array<string | undefined> = [];
    const consumer = defineConsumer(`traced-${follower.id}`, {
      'creator.followed': async (_trx: Transaction<Database>, event) => {
        if (event.payload.userId === follower.id) applied.push(currentTraceId());
      },
    });
    const request = await tracer().startActiveSpan('request', async (span) => {
      await recordEvents(db, [domainEvent('creator.followed', { creatorId: 1, userId: follower.id }, new Date())]);
      span.end();
      return span.spanContext();
    });
    const row = await db
      .selectFrom('outbox')
      .select('trace_parent')
      .where('type', '=', 'creator.followed')
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.trace_parent).toBe(`00-${request.traceId}-${request.spanId}-01`);

    while ((await consumeOutboxBatch(db, consumer)) > 0);
    expect(applied).toEqual([request.traceId]);
    const effect = exporter
      .getFinishedSpans()
      .find((span) => span.name === `${consumer.name} applies creator.followed`);
    expect(effect?.spanContext().traceId).toBe(request.traceId);
    expect(effect?.parentSpanContext?.spanId).toBe(request.spanId);
  });

  it('runs an event recorded without tracing as it is, with no span', async () => {
    const before = exporter.getFinishedSpans().length;
    const result = await withEventSpan('untraced', { id: 'e1', type: 'mission.liked' }, async () => currentTraceId());
    expect(result).toBeUndefined();
    expect(exporter.getFinishedSpans()).toHaveLength(before);
  });
});
