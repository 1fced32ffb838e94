// Secrets out of a span before it is exported (register.mjs applies it to every ended span). Plain JavaScript, loaded
// before tsx like register.mjs.
import { redactQuery, redactSecretsInText, redactUrl } from './secret-query.mjs';

/** Attributes that hold a URL or a path with its query (HTTP and Fastify instrumentations, old and new names). */
const URL_ATTRIBUTES = new Set(['url.path', 'url.full', 'url.original', 'http.target', 'http.url']);
/** Attributes that hold a bare query string. */
const QUERY_ATTRIBUTES = new Set(['url.query']);

function redactedValue(key, value) {
  if (typeof value !== 'string') return value;
  if (QUERY_ATTRIBUTES.has(key)) return redactQuery(value);
  if (URL_ATTRIBUTES.has(key)) return redactUrl(value);
  return redactSecretsInText(value);
}

function redactAttributes(attributes) {
  if (!attributes) return;
  for (const [key, value] of Object.entries(attributes)) {
    const redacted = redactedValue(key, value);
    if (redacted !== value) attributes[key] = redacted;
  }
}

/** Replaces, in place, the values of secret query parameters in an ended span's attributes and its events'. */
export function redactSpanSecrets(span) {
  redactAttributes(span.attributes);
  for (const event of span.events ?? []) redactAttributes(event.attributes);
}

/**
 * A span processor that hands ended spans to `inner` (the exporter's batch), each first cleared of secrets: whatever
 * instrumentation recorded a URL, a query or a message quoting one, no reset code, token or file signature leaves the
 * process.
 */
export function redactingSpanProcessor(inner) {
  return {
    onStart: (span, parentContext) => inner.onStart(span, parentContext),
    onEnd: (span) => {
      redactSpanSecrets(span);
      inner.onEnd(span);
    },
    forceFlush: () => inner.forceFlush(),
    shutdown: () => inner.shutdown(),
  };
}
