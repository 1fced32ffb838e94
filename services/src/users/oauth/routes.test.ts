import { errorResponseSchema } from '@fanmission/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { startLocalAuthorizationServer, type LocalAuthorizationServer } from '@fanmission/tests/support/oauth';

const PUBLIC_URL = 'http://localhost:8080';
const RETURN_PAGE = `${PUBLIC_URL}/sns-login/return`;
/** The random value this test's "browser" keeps in its sessionStorage during a social login. */
const BROWSER_STATE = 'browser-state-0123456789abcdef';

let google: LocalAuthorizationServer;
let facebook: LocalAuthorizationServer;
let testApp: TestApp;

beforeAll(async () => {
  google = await startLocalAuthorizationServer({ clientId: 'google-client', clientSecret: 'google-secret' });
  facebook = await startLocalAuthorizationServer({ clientId: 'facebook-app', clientSecret: 'facebook-secret' });
  testApp = await createTestApp({
    config: testConfig({
      PUBLIC_URL,
      OAUTH_GOOGLE_CLIENT_ID: 'google-client',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_GOOGLE_AUTHORIZE_URL: `${google.url}/authorize`,
      OAUTH_GOOGLE_TOKEN_URL: `${google.url}/token`,
      OAUTH_GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
      OAUTH_FACEBOOK_CLIENT_ID: 'facebook-app',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      OAUTH_FACEBOOK_AUTHORIZE_URL: `${facebook.url}/authorize`,
      OAUTH_FACEBOOK_TOKEN_URL: `${facebook.url}/token`,
      OAUTH_FACEBOOK_USERINFO_URL: `${facebook.url}/userinfo?fields=id,name,email`,
    }),
  });
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await google?.close();
  await facebook?.close();
});

/** The browser's side of a social login, redirect by redirect. */
interface Journey {
  /** The answer of GET /api/oauth2/authorize/… */
  authorize: { statusCode: number; location?: string; setCookie?: string };
  /** The provider's redirect back to our callback. */
  callbackUrl: URL;
  cookie: string;
}

async function startLogin(
  provider: 'google' | 'facebook',
  redirectUri = RETURN_PAGE,
  clientState = BROWSER_STATE,
): Promise<Journey> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/oauth2/authorize/${provider}?redirect_uri=${encodeURIComponent(redirectUri)}&client_state=${clientState}`,
  });
  expect(response.statusCode).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  const atProvider = await fetch(String(response.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  return {
    authorize: { statusCode: response.statusCode, location: String(response.headers.location), setCookie },
    callbackUrl: new URL(atProvider.headers.get('location')!),
    cookie: setCookie.split(';')[0]!,
  };
}

/** Follows the provider's redirect back into our callback; answers where the browser is sent then. */
async function returnToCallback(callbackUrl: URL, cookie: string | undefined): Promise<URL> {
  expect(callbackUrl.origin).toBe(PUBLIC_URL);
  const response = await testApp.app.inject({
    method: 'GET',
    url: callbackUrl.pathname + callbackUrl.search,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  expect(String(response.headers['set-cookie'])).toMatch(/^fm_oauth2_state=; .*Max-Age=0/);
  return new URL(String(response.headers.location));
}

async function login(
  provider: 'google' | 'facebook',
  redirectUri = RETURN_PAGE,
  clientState = BROWSER_STATE,
): Promise<URL> {
  const journey = await startLogin(provider, redirectUri, clientState);
  return returnToCallback(journey.callbackUrl, journey.cookie);
}

async function me(token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; username: string; email: string | null; provider: string; roles: string[] };
}

function loginCodeOf(landing: URL): string {
  expect(landing.origin + landing.pathname).toBe(RETURN_PAGE);
  expect(landing.searchParams.get('error')).toBeNull();
  // No session token in the URL: only a one-time code, and only in the fragment, which no server sees.
  expect(landing.searchParams.get('token')).toBeNull();
  const code = new URLSearchParams(landing.hash.slice(1)).get('login_code');
  expect(code).toBeTruthy();
  return code!;
}

function exchange(code: string, clientState = BROWSER_STATE) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/oauth2/token',
    headers: { 'accept-language': 'en' },
    payload: { code, client_state: clientState },
  });
}

/** The page's side: exchanges the fragment's code with the state it kept; answers the session token. */
async function tokenOf(landing: URL, clientState = BROWSER_STATE): Promise<string> {
  const response = await exchange(loginCodeOf(landing), clientState);
  expect(response.statusCode).toBe(200);
  const header = String(response.headers.authorization);
  expect(header).toMatch(/^Bearer /);
  // The browser's session: the same token in the HttpOnly cookie the page cannot read.
  expect(String(response.headers['set-cookie'])).toMatch(
    new RegExp(
      `^fm_session=${header.slice('Bearer '.length).replace(/[.]/g, '\\.')}; Path=/api; Max-Age=\\d+; HttpOnly; SameSite=Lax$`,
    ),
  );
  return header.slice('Bearer '.length);
}

describe('Google sign-in (authorization-code flow against a local authorization server)', () => {
  it('goes authorize → provider → callback → redirect_uri#login_code=, and the code buys a working session', async () => {
    google.signInAs({ sub: 'g-1001', name: 'Mina Park', email: 'mina@example.com', email_verified: true });
    const journey = await startLogin('google');

    const authorizeUrl = new URL(journey.authorize.location!);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${google.url}/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'google-client',
      redirect_uri: `${PUBLIC_URL}/api/oauth2/callback/google`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    // PKCE: a challenge goes to the provider, the verifier only with the code exchange.
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.search).not.toContain('code_verifier');
    expect(journey.authorize.setCookie).toMatch(/^fm_oauth2_state=[\w.-]+; /);
    expect(journey.authorize.setCookie).toContain('HttpOnly');
    expect(journey.authorize.setCookie).toContain('SameSite=Lax');
    expect(journey.authorize.setCookie).toContain('Path=/api/oauth2/callback');
    expect(journey.callbackUrl.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const landing = await returnToCallback(journey.callbackUrl, journey.cookie);
    const user = await me(await tokenOf(landing));
    expect(user).toMatchObject({
      username: 'Mina Park',
      email: 'mina@example.com',
      provider: 'google',
      roles: ['ROLE_USER'],
    });
    // The code was exchanged with our client credentials and the same redirect_uri.
    expect(google.tokenRequests.at(-1)!.params).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'google-client',
      client_secret: 'google-secret',
      redirect_uri: `${PUBLIC_URL}/api/oauth2/callback/google`,
    });
    expect(google.tokenRequests.at(-1)!.params.code_verifier).toMatch(/^[\w-]{43}$/);
  });

  it('logs the same identity into the same account the second time', async () => {
    google.signInAs({ sub: 'g-2002', name: 'Repeat Fan', email: 'repeat@example.com', email_verified: true });
    const first = await me(await tokenOf(await login('google')));
    const second = await me(await tokenOf(await login('google')));
    expect(second.id).toBe(first.id);
    const identities = await testApp.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', '=', 'g-2002')
      .execute();
    expect(identities).toHaveLength(1);
  });

  it('links to an existing local account with the same verified e-mail', async () => {
    const local = await createAccount(testApp.app, {
      email: 'local.member@example.com',
      username: 'localmember',
      password: 'secret123',
    });
    google.signInAs({ sub: 'g-3003', name: 'Other Name', email: 'Local.Member@example.com', email_verified: true });
    const user = await me(await tokenOf(await login('google')));
    expect(user).toMatchObject({ id: local.id, username: 'localmember', provider: 'local' });

    const password = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'local.member@example.com', password: 'secret123' },
    });
    expect(password.statusCode).toBe(200);
  });

  it('does not hand an unverified local sign-up to the owner of the address', async () => {
    const squatter = await createAccount(testApp.app, { email: 'victim@example.com', roles: ['ROLE_UNVERIFIED'] });
    google.signInAs({ sub: 'g-4004', name: 'Victim', email: 'victim@example.com', email_verified: true });
    const user = await me(await tokenOf(await login('google')));
    expect(user.id).not.toBe(squatter.id);
    expect(user.email).toBeNull();
  });

  it('returns ?error=blocked for an account whose login is blocked', async () => {
    google.signInAs({ sub: 'g-5005', name: 'Blocked', email: 'blocked@example.com', email_verified: true });
    const user = await me(await tokenOf(await login('google')));
    await testApp.database.db
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const landing = await login('google');
    expect(landing.searchParams.get('error')).toBe('blocked');
    expect(landing.searchParams.get('token')).toBeNull();
  });
});

describe('Facebook sign-in', () => {
  it('reads id, name and email from the Graph API, signs the call with appsecret_proof', async () => {
    facebook.signInAs({ id: '7001', name: '김팬', email: 'fb.fan@example.com' });
    const user = await me(await tokenOf(await login('facebook')));
    // Facebook vouches for no e-mail by default (OAUTH_FACEBOOK_EMAIL_VERIFIED): it stays off the account.
    expect(user).toMatchObject({ username: '김팬', email: null, provider: 'facebook', roles: ['ROLE_USER'] });
    const userInfoCall = facebook.userInfoRequests.at(-1)!;
    expect(userInfoCall.searchParams.get('fields')).toBe('id,name,email');
    expect(userInfoCall.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    const identity = await testApp.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', 'facebook')
      .where('subject', '=', '7001')
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ user_id: user.id, email: 'fb.fan@example.com' });
  });
});

describe('refusals', () => {
  it('answers 400 for a redirect_uri outside PUBLIC_URL, before leaving for the provider', async () => {
    for (const redirectUri of [
      'https://evil.example/steal',
      'http://localhost:8081/sns-login',
      'http://localhost:8080.evil.example/x',
      'javascript:alert(1)',
      '/relative/path',
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(redirectUri)}&client_state=${BROWSER_STATE}`,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['set-cookie']).toBeUndefined();
      const body = errorResponseSchema.parse(response.json());
      expect(body.subErrors?.[0]?.field).toBe('redirect_uri');
    }
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/oauth2/authorize/google' });
    expect(missing.statusCode).toBe(400);
    const noState = await testApp.app.inject({
      method: 'GET',
      url: `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(RETURN_PAGE)}`,
    });
    expect(noState.statusCode).toBe(400);
  });

  it('sends the browser back with ?error=invalid_state when the state is tampered with, missing or foreign', async () => {
    google.signInAs({ sub: 'g-6006', name: 'State Tester', email: 'state@example.com', email_verified: true });

    const tampered = await startLogin('google');
    const state = tampered.callbackUrl.searchParams.get('state')!;
    tampered.callbackUrl.searchParams.set(
      'state',
      `${state.slice(0, 10)}${state[10] === 'A' ? 'B' : 'A'}${state.slice(11)}`,
    );
    const tamperedLanding = await returnToCallback(tampered.callbackUrl, tampered.cookie);
    expect(tamperedLanding.origin + tamperedLanding.pathname).toBe(RETURN_PAGE);
    expect(tamperedLanding.searchParams.get('error')).toBe('invalid_state');

    const missing = await startLogin('google');
    missing.callbackUrl.searchParams.delete('state');
    expect((await returnToCallback(missing.callbackUrl, missing.cookie)).searchParams.get('error')).toBe(
      'invalid_state',
    );

    // A code and state obtained in the attacker's browser, replayed in the victim's (no cookie): login CSRF.
    const foreign = await startLogin('google');
    const foreignLanding = await returnToCallback(foreign.callbackUrl, undefined);
    expect(foreignLanding.searchParams.get('error')).toBe('invalid_state');
    expect(foreignLanding.searchParams.get('token')).toBeNull();

    // Another login's cookie does not fit either.
    const first = await startLogin('google');
    const second = await startLogin('google');
    expect((await returnToCallback(first.callbackUrl, second.cookie)).searchParams.get('error')).toBe('invalid_state');

    // A state for Google is no good at the Facebook callback.
    const crossed = await startLogin('google');
    const facebookCallback = new URL(crossed.callbackUrl);
    facebookCallback.pathname = '/api/oauth2/callback/facebook';
    expect((await returnToCallback(facebookCallback, crossed.cookie)).searchParams.get('error')).toBe('invalid_state');

    // With no state at all there is no trusted return address: the login page.
    const bare = await returnToCallback(new URL(`${PUBLIC_URL}/api/oauth2/callback/google?code=x`), undefined);
    expect(bare.href).toBe(`${PUBLIC_URL}/login?error=invalid_state`);
  });

  it('sends the browser back with ?error=provider_error when the token endpoint fails', async () => {
    google.signInAs({ sub: 'g-7007', name: 'Unlucky', email: 'unlucky@example.com', email_verified: true });
    google.failTokenEndpoint = true;
    try {
      const landing = await login('google');
      expect(landing.origin + landing.pathname).toBe(RETURN_PAGE);
      expect(landing.searchParams.get('error')).toBe('provider_error');
    } finally {
      google.failTokenEndpoint = false;
    }
    const users = await testApp.database.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('subject', '=', 'g-7007')
      .execute();
    expect(users).toHaveLength(0);
  });

  it('sends the browser back with ?error=access_denied when the user declines at the provider', async () => {
    google.denyNext();
    const landing = await login('google');
    expect(landing.searchParams.get('error')).toBe('access_denied');
  });

  it('keeps the return page’s own query parameters', async () => {
    google.signInAs({ sub: 'g-8008', name: 'Query Keeper', email: 'query@example.com', email_verified: true });
    const landing = await login('google', `${RETURN_PAGE}?next=%2Fcoin-history`);
    expect(landing.searchParams.get('next')).toBe('/coin-history');
    expect(loginCodeOf(landing)).toBeTruthy();
  });

  it('M1: a login code signs in only the browser that started the login, once, within 2 minutes', async () => {
    google.signInAs({ sub: 'g-9009', name: 'Attacker', email: 'attacker@example.com', email_verified: true });
    // The attacker finishes a login in his own browser and sends the victim the landing link.
    const attackerLanding = await login('google', RETURN_PAGE, 'attacker-state-0123456789');
    const code = loginCodeOf(attackerLanding);
    // The victim's page exchanges it with its own state (or none kept): refused, and the code is spent.
    const victim = await exchange(code, 'victim-state-0123456789abcd');
    expect(victim.statusCode).toBe(401);
    expect(victim.json()).toMatchObject({ code: 'OAUTH2' });
    expect(victim.headers.authorization).toBeUndefined();
    expect((await exchange(code, 'attacker-state-0123456789')).statusCode).toBe(401);

    // The right browser: once.
    const own = loginCodeOf(await login('google', RETURN_PAGE, 'attacker-state-0123456789'));
    expect((await exchange(own, 'attacker-state-0123456789')).statusCode).toBe(200);
    expect((await exchange(own, 'attacker-state-0123456789')).statusCode).toBe(401);

    // Unknown codes, malformed bodies.
    expect((await exchange('no-such-code')).statusCode).toBe(401);
    const invalid = await testApp.app.inject({
      method: 'POST',
      url: '/api/oauth2/token',
      payload: { code: '', client_state: 'short' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      errorResponseSchema
        .parse(invalid.json())
        .subErrors?.map((e) => e.field)
        .sort(),
    ).toEqual(['client_state', 'code']);

    // Expired: 2 minutes.
    const late = loginCodeOf(await login('google'));
    await testApp.database.db.executeQuery(
      sql`update login_codes set expires_at = now() - interval '1 second'`.compile(testApp.database.db),
    );
    expect((await exchange(late)).statusCode).toBe(401);
  });

  it('L7: the code exchange fails without the PKCE verifier the challenge was made from', async () => {
    google.signInAs({ sub: 'g-9010', name: 'Pkce', email: 'pkce@example.com', email_verified: true });
    const journey = await startLogin('google');
    // The provider got a challenge that no verifier we would send fits: the grant is refused.
    const authorizeUrl = new URL(journey.authorize.location!);
    authorizeUrl.searchParams.set('code_challenge', 'A'.repeat(43));
    const atProvider = await fetch(authorizeUrl.href, { redirect: 'manual' });
    const landing = await returnToCallback(new URL(atProvider.headers.get('location')!), journey.cookie);
    expect(landing.searchParams.get('error')).toBe('provider_error');
  });
});

describe('a deployment without social login configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.app.close();
    await bare?.database.drop();
  });

  it('answers 404 in the error shape for every provider', async () => {
    for (const url of [
      `/api/oauth2/authorize/google?redirect_uri=${encodeURIComponent(RETURN_PAGE)}&client_state=${BROWSER_STATE}`,
      `/api/oauth2/authorize/facebook?redirect_uri=${encodeURIComponent(RETURN_PAGE)}&client_state=${BROWSER_STATE}`,
      '/api/oauth2/callback/google?code=x&state=y',
    ]) {
      const response = await bare.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json())).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'This sign-in method is not available.',
      });
    }
    const apple = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth-by-apple',
      payload: { code: 'c', id_token: 'x.y.z' },
    });
    expect(apple.statusCode).toBe(404);
  });

  it('documents the social login routes with every response status', async () => {
    const document = (await bare.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const authorize = document.paths['/api/oauth2/authorize/{provider}'].get;
    expect(Object.keys(authorize.responses).sort()).toEqual(['302', '400', '404', '414']);
    expect(authorize.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual([
      'client_state',
      'provider',
      'redirect_uri',
    ]);
    expect(document.paths['/api/oauth2/callback/{provider}'].get.responses['302']).toBeDefined();
    const apple = document.paths['/api/v1/users/auth-by-apple'].post;
    expect(apple.requestBody).toBeDefined();
    expect(Object.keys(apple.responses).sort()).toEqual(['200', '400', '401', '403', '404', '503']);
  });
});
