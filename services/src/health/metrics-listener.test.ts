import { afterEach, describe, expect, it } from 'vitest';
import { parseMetrics, sampleValue } from '@fanmission/tests/support/metrics';
import { countRepairs } from '../metrics';
import { startMetricsListener, type MetricsListener } from './metrics-listener';

let listener: MetricsListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

const repairs = (body: string) =>
  sampleValue(parseMetrics(body), 'fanmission_reconciler_repairs_total', {
    reconciler: 'missions',
    repair: 'workflow_started',
  });

describe('the metrics listener of the worker and relay roles', () => {
  it('serves the process registry at /metrics, and nothing else', async () => {
    listener = await startMetricsListener({ port: 0, host: '127.0.0.1' });
    const before = repairs(await (await fetch(listener.url)).text());
    countRepairs('missions', 'workflow_started', 2);
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const body = await response.text();
    expect(repairs(body) - before).toBe(2);
    expect(body).toContain('# TYPE process_cpu_seconds_total counter');
    expect((await fetch(listener.url.replace('/metrics', '/health'))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    listener = await startMetricsListener({ port: 0, host: '127.0.0.1', token: 'scrape-secret' });
    expect((await fetch(listener.url)).status).toBe(401);
    expect((await fetch(listener.url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const allowed = await fetch(listener.url, { headers: { authorization: 'Bearer scrape-secret' } });
    expect(allowed.status).toBe(200);
  });

  it('refuses to start on a port already taken', async () => {
    listener = await startMetricsListener({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(listener.url).port);
    await expect(startMetricsListener({ port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
