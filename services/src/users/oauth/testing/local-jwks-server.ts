import Fastify from 'fastify';
import type { JWK } from 'jose';

/** Serves a JSON Web Key Set on 127.0.0.1, standing in for https://appleid.apple.com/auth/keys in tests. */
export async function startLocalJwksServer(keys: JWK[]): Promise<{ jwksUrl: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  server.get('/auth/keys', async () => ({ keys }));
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { jwksUrl: `${address}/auth/keys`, close: () => server.close() };
}
