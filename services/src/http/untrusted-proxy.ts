import type { FastifyInstance } from 'fastify';

/**
 * Without TRUST_PROXY the client address is the connection's. Behind a load balancer or reverse proxy that is the
 * proxy's address for every visitor, so each per-address limit (sign-ups, verification mails, reset codes) becomes
 * one bucket for the whole site, which one client can empty. Requests that carry X-Forwarded-For show such a proxy:
 * the first one is logged as an error, once per process, naming the setting (docs/operations.md).
 */
export function warnOfUntrustedProxy(app: FastifyInstance, trustProxy: string | undefined): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.error(
      { remoteAddress: request.socket.remoteAddress },
      'requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: every per-address rate limit ' +
        'counts all clients as one; set TRUST_PROXY to the proxy hop count or addresses (docs/operations.md)',
    );
  });
}
