import type { FastifyInstance } from 'fastify';
import { processMetrics } from '@fanmission/services/metrics';

/** One series of a Prometheus text exposition: its name, labels and value. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (format 0.0.4), comments left out. */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the series named `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(samples: readonly MetricSample[], name: string, labels: Record<string, string> = {}) {
  return samples
    .filter(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** `GET /metrics` of the app, parsed. */
export async function scrapeMetrics(app: FastifyInstance): Promise<MetricSample[]> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}: ${response.body}`);
  return parseMetrics(response.body);
}

/** The current value of a process counter (summed over the series whose labels include `labels`). */
export async function processCounterValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parseMetrics(await processMetrics().metrics()), name, labels);
}
