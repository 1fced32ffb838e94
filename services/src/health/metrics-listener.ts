import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { processMetrics } from '../metrics';
import { sameSecret } from './metrics-token';

export interface MetricsListener {
  /** `http://host:port/metrics` */
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` of a process with no HTTP API (the worker and relay roles): the process registry (prom-client's
 * defaults, workflow outcomes, reconciler repairs, mails, ledger transactions counted by the consumers). With a
 * token, only `Authorization: Bearer <token>` is answered, as the API's `/metrics` does. Anything else is 404.
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
  token?: string | undefined;
}): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (options.token && !sameSecret(request.headers.authorization ?? '', `Bearer ${options.token}`)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    const registry = processMetrics();
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
