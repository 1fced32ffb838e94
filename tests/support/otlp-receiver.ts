// An OTLP/HTTP trace receiver in the test process: what an OpenTelemetry Collector would get from the product
// (POST /v1/traces, the JSON encoding the SDK's HTTP exporter sends), kept as flat spans to assert on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  events?: Array<{ name: string; attributes?: KeyValue[] }>;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ scope?: { name: string }; spans?: OtlpSpan[] }>;
  }>;
}

export interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
  /** The span's events (an exception, a log) with their attributes. */
  events: Array<{ name: string; attributes: Record<string, string | number | boolean | undefined> }>;
}

const valueOf = (value: AnyValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** `keepSpans: false` only counts them (a benchmark's sink: its memory does not grow with the run). */
export async function startOtlpReceiver(options: { keepSpans?: boolean } = {}) {
  const keepSpans = options.keepSpans ?? true;
  const spans: ReceivedSpan[] = [];
  let received = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            received += scopeSpans.spans?.length ?? 0;
            if (!keepSpans) continue;
            for (const span of scopeSpans.spans ?? []) {
              spans.push({
                service,
                scope: scopeSpans.scope?.name ?? '',
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                attributes: attributesOf(span.attributes),
                events: (span.events ?? []).map((event) => ({
                  name: event.name,
                  attributes: attributesOf(event.attributes),
                })),
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    /** How many spans arrived (kept or not). */
    received: () => received,
    trace: (traceId: string) => spans.filter((span) => span.traceId === traceId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
