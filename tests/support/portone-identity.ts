/*
 * A local stand-in for PortOne V2's identity verifications in tests: `GET /identity-verifications/{id}` on a real HTTP
 * server at 127.0.0.1, checking the `Authorization: PortOne <secret>` header and the store, and answering what a test
 * put there (READY, VERIFIED with its `verifiedCustomer`, FAILED), or 404 IDENTITY_VERIFICATION_NOT_FOUND.
 */
import Fastify from 'fastify';

export interface PortOneIdentityServer {
  url: string;
  /**
   * The verification PortOne holds under that id: its status and, once VERIFIED, the person's birth date and CI (one
   * person's own unless given: `ci-of-<id>`).
   */
  setVerification(id: string, state: VerificationState): void;
  requests: Array<{ url: string; authorization: string | undefined }>;
  close(): Promise<void>;
}

type VerificationState = { status: 'READY' | 'VERIFIED' | 'FAILED'; birthDate?: string; ci?: string };

export async function startPortOneIdentityServer(options: {
  apiSecret: string;
  storeId: string;
}): Promise<PortOneIdentityServer> {
  const app = Fastify({ logger: false });
  const verifications = new Map<string, VerificationState>();
  const requests: PortOneIdentityServer['requests'] = [];
  app.get<{ Params: { id: string }; Querystring: { storeId?: string } }>(
    '/identity-verifications/:id',
    async (request, reply) => {
      requests.push({ url: request.url, authorization: request.headers.authorization });
      if (request.headers.authorization !== `PortOne ${options.apiSecret}`) {
        return reply.code(401).send({ type: 'UNAUTHORIZED', message: 'Invalid API secret' });
      }
      const found = verifications.get(request.params.id);
      if (!found || request.query.storeId !== options.storeId) {
        return reply.code(404).send({ type: 'IDENTITY_VERIFICATION_NOT_FOUND', message: 'not found' });
      }
      const at = new Date().toISOString();
      const common = { id: request.params.id, requestedAt: at, updatedAt: at, statusChangedAt: at, version: 'V2' };
      if (found.status !== 'VERIFIED') return { ...common, status: found.status };
      return {
        ...common,
        status: 'VERIFIED',
        verifiedAt: at,
        pgTxId: 'pg-tx-1',
        pgRawResponse: '{}',
        verifiedCustomer: {
          name: '홍길동',
          phoneNumber: '01012345678',
          birthDate: found.birthDate,
          gender: 'MALE',
          isForeigner: false,
          ci: found.ci ?? `ci-of-${request.params.id}`,
          di: 'di-value',
        },
      };
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setVerification: (id, state) => verifications.set(id, state),
    requests,
    close: () => app.close(),
  };
}
