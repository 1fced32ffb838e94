import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { JWK } from 'jose';

// Test support for social login: a local OAuth 2 authorization server and a local JWKS endpoint.

/** A request the token endpoint received, for assertions. */
export interface TokenRequest {
  params: Record<string, string>;
}

/**
 * A small OAuth 2 authorization server on 127.0.0.1 for tests: `/authorize` approves at once and redirects back
 * with a code and the state, `/token` checks the client, the code and the redirect_uri like a real provider, and
 * `/userinfo` answers the user-info JSON of whoever `signInAs` chose.
 */
export interface LocalAuthorizationServer {
  url: string;
  /** The user-info JSON the next sign-ins return (Google shape `{ sub, … }` or Facebook shape `{ id, … }`). */
  signInAs(userInfo: Record<string, unknown>): void;
  /** The user declines at the consent page: the redirect back carries `error=access_denied`. */
  denyNext(): void;
  /** The token endpoint answers 500 while true. */
  failTokenEndpoint: boolean;
  tokenRequests: TokenRequest[];
  userInfoRequests: URL[];
  close(): Promise<void>;
}

/** `options.port`: a fixed port, for a product started beforehand with its URLs (else any free port). */
export async function startLocalAuthorizationServer(
  client: { clientId: string; clientSecret: string },
  options: { port?: number } = {},
): Promise<LocalAuthorizationServer> {
  const server: FastifyInstance = Fastify({ logger: false });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const codes = new Map<
    string,
    { redirectUri: string; userInfo: Record<string, unknown>; codeChallenge: string | undefined }
  >();
  const accessTokens = new Map<string, Record<string, unknown>>();
  let currentUser: Record<string, unknown> = { sub: 'nobody' };
  let deny = false;

  server.get('/authorize', async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (query.client_id !== client.clientId || query.response_type !== 'code' || !query.redirect_uri) {
      return reply.status(400).send({ error: 'invalid_request' });
    }
    const back = new URL(query.redirect_uri);
    if (query.state !== undefined) back.searchParams.set('state', query.state);
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(12).toString('hex');
      if (query.code_challenge !== undefined && query.code_challenge_method !== 'S256') {
        return reply.status(400).send({ error: 'invalid_request' });
      }
      codes.set(code, { redirectUri: query.redirect_uri, userInfo: currentUser, codeChallenge: query.code_challenge });
      back.searchParams.set('code', code);
    }
    return reply.redirect(back.href, 302);
  });

  server.post('/token', async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    local.tokenRequests.push({ params });
    if (local.failTokenEndpoint) return reply.status(500).send({ error: 'server_error' });
    if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) {
      return reply.status(401).send({ error: 'invalid_client' });
    }
    const grant = codes.get(params.code ?? '');
    codes.delete(params.code ?? '');
    if (params.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== params.redirect_uri) {
      return reply.status(400).send({ error: 'invalid_grant' });
    }
    // PKCE (RFC 7636 §4.6): a code issued with a challenge needs the verifier that hashes to it.
    const verified =
      grant.codeChallenge === undefined ||
      createHash('sha256')
        .update(params.code_verifier ?? '')
        .digest('base64url') === grant.codeChallenge;
    if (!verified) return reply.status(400).send({ error: 'invalid_grant' });
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.userInfo);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
  });

  server.get('/userinfo', async (request, reply) => {
    local.userInfoRequests.push(new URL(request.url, 'http://127.0.0.1'));
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const userInfo = token ? accessTokens.get(token) : undefined;
    if (!userInfo) return reply.status(401).send({ error: 'invalid_token' });
    return userInfo;
  });

  const address = await server.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const local: LocalAuthorizationServer = {
    url: address,
    signInAs(userInfo) {
      currentUser = userInfo;
    },
    denyNext() {
      deny = true;
    },
    failTokenEndpoint: false,
    tokenRequests: [],
    userInfoRequests: [],
    close: () => server.close(),
  };
  return local;
}

/** Serves a JSON Web Key Set on 127.0.0.1, standing in for https://appleid.apple.com/auth/keys in tests. */
export async function startLocalJwksServer(keys: JWK[]): Promise<{ jwksUrl: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  server.get('/auth/keys', async () => ({ keys }));
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { jwksUrl: `${address}/auth/keys`, close: () => server.close() };
}
