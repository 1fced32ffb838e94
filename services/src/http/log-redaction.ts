import type { FastifyRequest } from 'fastify';
import { redactUrl } from '../telemetry';

/**
 * Pino serializers for Fastify's request log: the default fields, with the values of secret query parameters redacted
 * (a reset code or a session token in a URL would otherwise sit in every log pipeline). The list is the one the
 * exported spans are redacted with (services/src/telemetry/secret-query.mjs).
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
