import type { Language, OAuth2ErrorReason, OAuth2RedirectProvider } from '@fanmission/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ServiceContext } from '../../context';
import { AppError, invalidFields, notFound } from '../../http';
import { findOrCreateSocialUser } from '../social';
import { isUnderPublicUrl } from '../service';
import { findUserById } from '../repository';
import type { UserRow } from '../table';
import type { AppleIdTokenVerifier } from './apple';
import type { OAuthProvider } from './providers';
import { hashSecretToken, newSecretToken } from '../../auth';
import { pkceChallenge, pkceVerifier, sameState, signState, STATE_TTL_MS, verifyState } from './state';

const PROVIDER_TIMEOUT_MS = 10_000;

const tokenResponseSchema = z.object({ access_token: z.string().min(1) });

export type Providers = Partial<Record<OAuth2RedirectProvider, OAuthProvider>>;

export function requireProvider(providers: Providers, name: OAuth2RedirectProvider): OAuthProvider {
  const provider = providers[name];
  if (!provider) throw notFound('oauth.providerNotConfigured');
  return provider;
}

/**
 * Where to send the browser to sign in, and the state to remember in it. The return address is checked here,
 * before anything leaves for the provider: only pages of this service (no open redirect).
 */
export function startAuthorization(
  ctx: ServiceContext,
  provider: OAuthProvider,
  input: { redirectUri: string; callbackUrl: string; clientState: string },
): { location: string; state: string } {
  if (!isUnderPublicUrl(input.redirectUri, ctx.config.PUBLIC_URL)) {
    throw invalidFields([{ field: 'redirect_uri', key: 'auth.redirectNotAllowed', rejectedValue: input.redirectUri }]);
  }
  const state = signState(ctx.config.JWT_SECRET, {
    provider: provider.name,
    redirectUri: input.redirectUri,
    expiresAt: ctx.now().getTime() + STATE_TTL_MS,
    clientStateHash: hashSecretToken(input.clientState),
  });
  const { nonce } = verifyState(ctx.config.JWT_SECRET, state, ctx.now())!;
  const location = new URL(provider.authorizeUrl);
  location.searchParams.set('response_type', 'code');
  location.searchParams.set('client_id', provider.clientId);
  location.searchParams.set('redirect_uri', input.callbackUrl);
  location.searchParams.set('scope', provider.scope);
  location.searchParams.set('state', state);
  location.searchParams.set('code_challenge', pkceChallenge(pkceVerifier(ctx.config.JWT_SECRET, nonce)));
  location.searchParams.set('code_challenge_method', 'S256');
  return { location: location.href, state };
}

export interface CallbackInput {
  query: { code?: string; state?: string; error?: string };
  /** The state kept in the browser's cookie since the login started. */
  cookieState: string | undefined;
  callbackUrl: string;
  language: Language;
}

export type CallbackOutcome =
  { redirectUri: string; user: UserRow; clientStateHash: string } | { redirectUri: string; error: OAuth2ErrorReason };

class ProviderError extends Error {
  constructor(
    message: string,
    readonly details: object = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

async function callProvider(url: URL | string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError('provider unreachable', { cause: error instanceof Error ? error.message : error });
  }
  const text = await response.text();
  if (!response.ok) throw new ProviderError('provider answered with an error', { status: response.status });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('provider answered with something other than JSON', { status: response.status });
  }
}

/** Trades the code for an access token (client credentials in the body, as both Google and Facebook accept). */
async function exchangeCode(
  provider: OAuthProvider,
  code: string,
  callbackUrl: string,
  codeVerifier: string,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: callbackUrl,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  });
  const answer = tokenResponseSchema.safeParse(
    await callProvider(provider.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    }),
  );
  if (!answer.success) throw new ProviderError('token answer without access_token');
  return answer.data.access_token;
}

async function fetchProfile(provider: OAuthProvider, accessToken: string) {
  const userInfo = await callProvider(provider.userInfoUrl(accessToken), {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const profile = provider.readProfile(userInfo);
  if (!profile) throw new ProviderError('user info without a subject');
  return profile;
}

/**
 * The provider's redirect back. The state must be ours, unexpired, for this provider, and the very one this
 * browser's cookie holds; only then is the code exchanged. Every outcome is a redirect, to the return address the
 * signed state carries (or the login page when no trustworthy state is at hand).
 */
export async function completeAuthorization(
  ctx: ServiceContext,
  provider: OAuthProvider,
  input: CallbackInput,
): Promise<CallbackOutcome> {
  const secret = ctx.config.JWT_SECRET;
  const now = ctx.now();
  const fromQuery = verifyState(secret, input.query.state, now);
  const fromCookie = verifyState(secret, input.cookieState, now);
  const redirectUri = fromCookie?.redirectUri ?? fromQuery?.redirectUri ?? `${ctx.config.PUBLIC_URL}/login`;
  const { state } = input.query;
  const stateMatches =
    fromQuery?.provider === provider.name && !!state && !!input.cookieState && sameState(state, input.cookieState);
  if (!stateMatches) return { redirectUri, error: 'invalid_state' };
  if (input.query.error) {
    return { redirectUri, error: input.query.error === 'access_denied' ? 'access_denied' : 'provider_error' };
  }
  if (!input.query.code) return { redirectUri, error: 'provider_error' };

  let profile;
  try {
    const verifier = pkceVerifier(secret, fromQuery.nonce);
    const accessToken = await exchangeCode(provider, input.query.code, input.callbackUrl, verifier);
    profile = await fetchProfile(provider, accessToken);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ provider: provider.name, ...error.details }, `social login failed: ${error.message}`);
    return { redirectUri, error: 'provider_error' };
  }
  const user = await findOrCreateSocialUser(ctx, { ...profile, language: input.language });
  if (user.login_blocked_at) return { redirectUri, error: 'blocked' };
  return { redirectUri, user, clientStateHash: fromQuery.clientStateHash };
}

const LOGIN_CODE_TTL_MS = 2 * 60_000;

/**
 * The one-time code the callback puts in the return URL's fragment instead of a session token: bound to the
 * browser's client_state, single use, 2 minutes.
 */
export async function issueLoginCode(ctx: ServiceContext, userId: number, clientStateHash: string): Promise<string> {
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(ctx.now().getTime() + LOGIN_CODE_TTL_MS);
  await sql`insert into login_codes (code_hash, user_id, client_state_hash, expires_at)
    values (${hash}, ${userId}, ${clientStateHash}, ${expiresAt})`.execute(ctx.db);
  return token;
}

export const loginCodeInvalid = () => new AppError(401, 'oauth.loginCodeInvalid', { code: 'OAUTH2' });

/**
 * `POST /api/oauth2/token`: the code is used up whatever happens; it signs in only with the client_state of the
 * browser that started the login, so a link carrying someone else's code signs nobody in.
 */
export async function exchangeLoginCode(
  ctx: ServiceContext,
  input: { code: string; clientState: string },
): Promise<UserRow> {
  const { rows } = await sql<{ user_id: string; client_state_hash: string; expires_at: Date }>`
    delete from login_codes where code_hash = ${hashSecretToken(input.code)}
    returning user_id, client_state_hash, expires_at`.execute(ctx.db);
  const grant = rows[0];
  if (!grant || grant.expires_at.getTime() <= ctx.now().getTime()) throw loginCodeInvalid();
  if (!sameState(grant.client_state_hash, hashSecretToken(input.clientState))) throw loginCodeInvalid();
  const user = await findUserById(ctx.db, Number(grant.user_id));
  if (!user) throw loginCodeInvalid();
  if (user.login_blocked_at) throw new AppError(403, 'auth.loginBlocked', { code: 'LOGIN_BLOCKED' });
  return user;
}

/** Sign in with Apple: the verified id_token's subject is the identity; a blocked account is refused with 403. */
export async function signInWithApple(
  ctx: ServiceContext,
  verifier: AppleIdTokenVerifier | null,
  input: { idToken: string; nonce?: string; language: Language },
): Promise<UserRow> {
  if (!verifier) throw notFound('oauth.providerNotConfigured');
  const profile = await verifier(ctx, input.idToken, input.nonce);
  const user = await findOrCreateSocialUser(ctx, { ...profile, language: input.language });
  if (user.login_blocked_at) throw new AppError(403, 'auth.loginBlocked', { code: 'LOGIN_BLOCKED' });
  return user;
}
