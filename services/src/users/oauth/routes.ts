import {
  appleLoginRequestSchema,
  authProvidersResponseSchema,
  loginResponseSchema,
  oauth2AuthorizeQuerySchema,
  oauth2CallbackQuerySchema,
  oauth2CodeExchangeRequestSchema,
  oauth2ProviderParamsSchema,
  OAUTH2_ERROR_REASONS,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http';
import { issueSession } from '../../auth';
import { createAppleIdTokenVerifier } from './apple';
import { configuredProviders } from './providers';
import {
  completeAuthorization,
  exchangeLoginCode,
  issueLoginCode,
  requireProvider,
  signInWithApple,
  startAuthorization,
} from './service';
import { readCookie, STATE_COOKIE, STATE_TTL_MS, stateCookie } from './state';

const redirect = z.null().describe('Redirect (Location header)');

/**
 * `GET /api/oauth2/authorize/{provider}` and its callback: the authorization-code flow for Google and Facebook.
 * The browser ends at `redirect_uri#login_code=<one-time code>` or `redirect_uri?error=<reason>`; the page exchanges
 * the code with `POST /api/oauth2/token` and the client_state it kept since the start (never a token in a URL,
 * where logs and the browser history would keep it).
 */
export async function oauth2Routes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const providers = configuredProviders(app.config);
  const callbackPath = `${app.prefix}/callback`;
  const callbackUrl = (provider: string) => `${app.config.PUBLIC_URL}${callbackPath}/${provider}`;
  const cookie = (value: string, maxAgeSeconds: number) =>
    stateCookie(value, {
      path: callbackPath,
      secure: app.config.PUBLIC_URL.startsWith('https:'),
      maxAgeSeconds,
    });
  const tags = ['auth'];

  routes.get(
    '/authorize/:provider',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags,
        summary: 'Start a social login (Google, Facebook)',
        description:
          'Redirects to the provider’s consent page. `redirect_uri` must be a page of this service (PUBLIC_URL); ' +
          'the browser returns there with `#login_code=<code>` (exchanged by POST /api/oauth2/token with the same ' +
          '`client_state`, a random value the page keeps in its sessionStorage) or ' +
          `\`?error=<${OAUTH2_ERROR_REASONS.join('|')}>\`. A provider that is not configured is 404.`,
        params: oauth2ProviderParamsSchema,
        querystring: oauth2AuthorizeQuerySchema,
        response: { 302: redirect, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const provider = requireProvider(providers, request.params.provider);
      const { location, state } = startAuthorization(app.ctx, provider, {
        redirectUri: request.query.redirect_uri,
        callbackUrl: callbackUrl(provider.name),
        clientState: request.query.client_state,
      });
      return reply
        .header('set-cookie', cookie(state, STATE_TTL_MS / 1000))
        .header('cache-control', 'no-store')
        .redirect(location, 302);
    },
  );

  routes.get(
    '/callback/:provider',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags,
        summary: 'Return from the social login provider',
        description:
          'Checks the state against the browser’s cookie, exchanges the code, signs the member in (creating or ' +
          'linking the account) and redirects to the `redirect_uri` given at the start.',
        params: oauth2ProviderParamsSchema,
        querystring: oauth2CallbackQuerySchema,
        response: { 302: redirect, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const provider = requireProvider(providers, request.params.provider);
      const outcome = await completeAuthorization(app.ctx, provider, {
        query: request.query,
        cookieState: readCookie(request.headers.cookie, STATE_COOKIE),
        callbackUrl: callbackUrl(provider.name),
        language: request.language,
      });
      const target = new URL(outcome.redirectUri);
      if ('user' in outcome) {
        const code = await issueLoginCode(app.ctx, outcome.user.id, outcome.clientStateHash);
        target.hash = new URLSearchParams({ login_code: code }).toString();
      } else target.searchParams.set('error', outcome.error);
      return reply
        .header('set-cookie', cookie('', 0))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target.href, 302);
    },
  );

  routes.post(
    '/token',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags,
        summary: 'Exchange a social login code for a session',
        description:
          'The one-time `login_code` of the return URL’s fragment, with the `client_state` the page gave to ' +
          '/authorize. Answers like /api/login (the session token in the `Authorization: Bearer <jwt>` header and the HttpOnly session cookie). ' +
          'An unknown, used, expired code or another browser’s state is 401 (code OAUTH2); the code is spent either way.',
        body: oauth2CodeExchangeRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = await exchangeLoginCode(app.ctx, {
        code: request.body.code,
        clientState: request.body.client_state,
      });
      return issueSession(app, reply, user).send({ id: user.id, roles: user.roles });
    },
  );
}

/** `POST /api/v1/users/auth-by-apple`: Sign in with Apple from the id_token the client received. */
export async function appleLoginRoutes(app: FastifyInstance) {
  const verifier = createAppleIdTokenVerifier(app.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/users/auth-by-apple',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Apple',
        description:
          'Verifies the id_token (signature against Apple’s keys, issuer, audience, expiry), creates or links the ' +
          'account and answers like /api/login: the session token in the `Authorization: Bearer <jwt>` header and the session cookie. ' +
          'An invalid token is 401 with code OAUTH2; `code` is accepted and not used.',
        body: appleLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const user = await signInWithApple(app.ctx, verifier, {
        idToken: request.body.id_token,
        ...(request.body.nonce ? { nonce: request.body.nonce } : {}),
        language: request.language,
      });
      return issueSession(app, reply, user).send({ id: user.id, roles: user.roles });
    },
  );
}

/** `GET /api/v1/auth/providers`: the social sign-ins configured here, so the sign-in page offers only working ones. */
export async function authProviderRoutes(app: FastifyInstance) {
  const providers = configuredProviders(app.config);
  const answer = {
    google: providers.google !== undefined,
    facebook: providers.facebook !== undefined,
    apple: app.config.APPLE_CLIENT_ID ? { clientId: app.config.APPLE_CLIENT_ID } : null,
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/auth/providers',
    {
      config: { ignoreStaleToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Configured social sign-ins',
        description:
          'Google and Facebook are offered when their client id and secret are configured; Apple when APPLE_CLIENT_ID ' +
          'is, with that id for Apple’s JS on the web.',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => answer,
  );
}
