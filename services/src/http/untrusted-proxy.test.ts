import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { warnOfUntrustedProxy } from './untrusted-proxy';

async function appLogging(trustProxy: string | undefined) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  warnOfUntrustedProxy(app, trustProxy);
  app.get('/', async () => 'ok');
  await app.ready();
  return { app, warnings: () => lines.filter((line) => line.msg.includes('TRUST_PROXY is unset')) };
}

describe('requests through a proxy without TRUST_PROXY', () => {
  it('logs one error naming TRUST_PROXY when requests carry X-Forwarded-For', async () => {
    const { app, warnings } = await appLogging(undefined);
    await app.inject({ url: '/' });
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) await app.inject({ url: '/', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(50);
    await app.close();
  });

  it('stays silent once TRUST_PROXY names the proxies', async () => {
    const { app, warnings } = await appLogging('1');
    await app.inject({ url: '/', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(warnings()).toHaveLength(0);
    await app.close();
  });
});
