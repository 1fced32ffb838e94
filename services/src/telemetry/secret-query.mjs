// Which query parameters carry secrets, and how a URL (or any text holding one) is written without them. Plain
// JavaScript so that register.mjs can use it before tsx loads; the request log (services/src/http/log-redaction.ts)
// and the span exporter (register.mjs) both redact with it, so the list is kept in one place.

/**
 * Session tokens, reset, invitation and verification codes, OAuth codes and state, and the signature of a signed
 * private-file URL (with it, the URL opens the file until it expires).
 */
export const SECRET_QUERY_PARAMETERS = Object.freeze([
  'token',
  'code',
  'id_token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'state',
  'sig',
  'signature',
]);

const SECRETS = new Set(SECRET_QUERY_PARAMETERS);
const REDACTED = '[REDACTED]';

/** The parameter's name, decoded when it is percent-encoded (`%63ode` is `code`), lower case. */
function decodedName(name) {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A query string (without its `?`) with the values of its secret parameters replaced by `[REDACTED]`. */
export function redactQuery(query) {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals >= 0 && SECRETS.has(decodedName(pair.slice(0, equals)))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
    })
    .join('&');
}

/** The URL with the values of its secret-bearing query parameters replaced by `[REDACTED]` (its fragment kept). */
export function redactUrl(url) {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const hash = url.indexOf('#', question);
  const end = hash < 0 ? url.length : hash;
  return `${url.slice(0, question)}?${redactQuery(url.slice(question + 1, end))}${url.slice(end)}`;
}

// `name=value` of a secret parameter anywhere in a text: after `?`, `&` or `;`, or at the start (a bare query).
const SECRET_IN_TEXT = new RegExp(`(^|[?&;])((?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/**
 * Any text (a span attribute, an exception message) with the value of every secret query parameter it holds replaced
 * by `[REDACTED]`: a URL, a bare query string (`url.query`), or a message quoting one.
 */
export function redactSecretsInText(text) {
  return text.includes('=') ? text.replace(SECRET_IN_TEXT, `$1$2${REDACTED}`) : text;
}
