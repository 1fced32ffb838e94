import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets: session tokens, reset and verification codes, OAuth codes. */
const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'code',
  'id_token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'state',
]);

/** The URL with the values of its secret-bearing query parameters replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // Malformed escapes are logged as sent; only the value of a known secret name is hidden.
      }
      return equals >= 0 && SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/**
 * Pino serializers for Fastify's request log: the default fields, with secrets in the query redacted (a reset code or
 * a session token in a URL would otherwise sit in every log pipeline).
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
