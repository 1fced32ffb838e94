import { SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { redactingSpanProcessor, redactUrl } from './index';

// What the exporter receives: spans as the HTTP and Fastify instrumentations record them, with the URLs of the mailed
// links, the code in a reset's query and a signed file's URL. Only the secret values are replaced.
describe('spans leave the process without secrets', () => {
  it('redacts secret query values in URL, query and free-text attributes and in events', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [redactingSpanProcessor(new SimpleSpanProcessor(exporter))],
    });
    const span = provider.getTracer('test').startSpan('request', {
      attributes: {
        'url.path': '/password-reset?code=RESETCODE-1&lang=ko',
        'url.full': 'http://localhost/api/v1/users/email-verification?token=VERIFY-2',
        'url.query': 'exp=1795650000&sig=SIGNATURE-3',
        'http.target': '/files/u/a.jpg?exp=1&Sig=SIGNATURE-4#top',
        'http.route': '/password-reset',
        'fanmission.note': 'opened https://x.test/cb?state=STATE-5&id_token=IDTOKEN-6 twice',
        'http.response.status_code': 200,
      },
    });
    span.recordException(new Error('refused /users/user/forgot-password-reset?code=RESETCODE-7'));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    await provider.forceFlush();

    const [exported] = exporter.getFinishedSpans();
    const text = JSON.stringify([exported!.attributes, exported!.events]);
    for (const secret of [
      'RESETCODE-1',
      'VERIFY-2',
      'SIGNATURE-3',
      'SIGNATURE-4',
      'STATE-5',
      'IDTOKEN-6',
      'RESETCODE-7',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(exported!.attributes).toMatchObject({
      'url.path': '/password-reset?code=[REDACTED]&lang=ko',
      'url.query': 'exp=1795650000&sig=[REDACTED]',
      'http.target': '/files/u/a.jpg?exp=1&Sig=[REDACTED]#top',
      'http.route': '/password-reset',
      'http.response.status_code': 200,
    });
    await provider.shutdown();
  });

  it('decodes percent-encoded parameter names in URLs and leaves other parameters as sent', () => {
    expect(redactUrl('/r?%63ode=SECRET&page=2')).toBe('/r?%63ode=[REDACTED]&page=2');
    expect(redactUrl('/creators/page?name=%ED%95%9C&size=12')).toBe('/creators/page?name=%ED%95%9C&size=12');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});
