import { createHash, createHmac } from 'node:crypto';
import { errorResponseSchema } from '@fanmission/contracts';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '@fanmission/tests/harness/app';
import { startLocalJwksServer } from '@fanmission/tests/support/oauth';

const CLIENT_ID = 'kr.fanmission.web';
const ISSUER = 'https://appleid.apple.com';

let appleKey: CryptoKey;
let appleEcKey: CryptoKey;
let applePublicJwk: JWK;
let jwks: Awaited<ReturnType<typeof startLocalJwksServer>>;
let testApp: TestApp;

beforeAll(async () => {
  const rsa = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  appleKey = rsa.privateKey;
  appleEcKey = ec.privateKey;
  applePublicJwk = { ...(await exportJWK(rsa.publicKey)), kid: 'apple-rsa', alg: 'RS256', use: 'sig' };
  jwks = await startLocalJwksServer([
    applePublicJwk,
    { ...(await exportJWK(ec.publicKey)), kid: 'apple-ec', alg: 'ES256', use: 'sig' },
  ]);
  testApp = await createTestApp({
    config: testConfig({ APPLE_CLIENT_ID: `${CLIENT_ID}, kr.fanmission.ios`, APPLE_JWKS_URL: jwks.jwksUrl }),
  });
});

afterAll(async () => {
  await testApp?.app.close();
  await testApp?.database.drop();
  await jwks?.close();
});

interface TokenOptions {
  claims?: JWTPayload;
  key?: CryptoKey;
  alg?: string;
  kid?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
}

/** An id_token as Apple signs it, with whatever a test wants changed. */
async function idToken(subject: string, options: TokenOptions = {}): Promise<string> {
  const alg = options.alg ?? 'RS256';
  return new SignJWT({ email: `${subject}@privaterelay.appleid.com`, email_verified: 'true', ...options.claims })
    .setProtectedHeader({ alg, kid: options.kid ?? (alg === 'ES256' ? 'apple-ec' : 'apple-rsa') })
    .setSubject(subject)
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? appleKey);
}

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function handMadeToken(header: object, payload: object, sign: (input: string) => string): string {
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${sign(input)}`;
}

const validClaims = (subject: string) => ({
  sub: subject,
  iss: ISSUER,
  aud: CLIENT_ID,
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 600,
});

function signInWithApple(body: object, language = 'en') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth-by-apple',
    headers: { 'accept-language': language },
    payload: body,
  });
}

describe('POST /api/v1/users/auth-by-apple', () => {
  it('answers a valid id_token with the session token in the Authorization header, like /api/login', async () => {
    const response = await signInWithApple({ code: 'auth-code', id_token: await idToken('apple.001') });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: number; roles: string[] };
    expect(body).toEqual({ id: expect.any(Number), roles: ['ROLE_USER'] });
    const authorization = String(response.headers.authorization);
    expect(authorization).toMatch(/^Bearer \S+$/);
    expect(response.headers['access-control-expose-headers']).toBe('Authorization');

    const me = await testApp.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.id,
      username: 'apple.001',
      email: 'apple.001@privaterelay.appleid.com',
      provider: 'apple',
    });

    const again = await signInWithApple({ id_token: await idToken('apple.001') });
    expect(again.json().id).toBe(body.id);
  });

  it('L7/M1: an id_token with a nonce signs in only with that nonce (as is or SHA-256 hex), never without', async () => {
    const nonce = 'tab-nonce-0123456789abcdef';
    const token = await idToken('apple.nonce', { claims: { nonce } });
    const withoutNonce = await signInWithApple({ id_token: token });
    expect(withoutNonce.statusCode).toBe(401);
    expect(withoutNonce.json()).toMatchObject({ code: 'OAUTH2' });
    expect(withoutNonce.headers.authorization).toBeUndefined();
    expect((await signInWithApple({ id_token: token, nonce: 'another-tab-nonce-0123456789' })).statusCode).toBe(401);
    expect((await signInWithApple({ id_token: token, nonce })).statusCode).toBe(200);
    // Native SDKs send Apple the SHA-256 of the raw nonce.
    const hashed = createHash('sha256').update(nonce).digest('hex');
    const native = await signInWithApple({
      id_token: await idToken('apple.nonce', { claims: { nonce: hashed } }),
      nonce,
    });
    expect(native.statusCode).toBe(200);
    // A nonce given for a token that carries none is no match either.
    expect((await signInWithApple({ id_token: await idToken('apple.nonce'), nonce })).statusCode).toBe(401);
  });

  it('accepts ES256 tokens and every configured audience (web and app ids)', async () => {
    const es256 = await signInWithApple({ id_token: await idToken('apple.002', { alg: 'ES256', key: appleEcKey }) });
    expect(es256.statusCode).toBe(200);
    const ios = await signInWithApple({ id_token: await idToken('apple.002', { audience: 'kr.fanmission.ios' }) });
    expect(ios.statusCode).toBe(200);
    expect(ios.json().id).toBe(es256.json().id);
  });

  it('refuses bad tokens with 401 code OAUTH2 and "Apple Login is Failed"', async () => {
    const otherKey = (await generateKeyPair('RS256')).privateKey;
    const cases: Record<string, string> = {
      'wrong audience': await idToken('apple.bad', { audience: 'com.someone.else' }),
      'wrong issuer': await idToken('apple.bad', { issuer: 'https://evil.example' }),
      expired: await idToken('apple.bad', { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
      'signed by another key under Apple’s key id': await idToken('apple.bad', { key: otherKey }),
      'signed by an unknown key': await idToken('apple.bad', { key: otherKey, kid: 'not-apple' }),
      'alg none': handMadeToken({ alg: 'none', kid: 'apple-rsa' }, validClaims('apple.bad'), () => ''),
      // The classic confusion: HMAC keyed with the public key material.
      HS256: handMadeToken({ alg: 'HS256', kid: 'apple-rsa' }, validClaims('apple.bad'), (input) =>
        createHmac('sha256', applePublicJwk.n!).update(input).digest('base64url'),
      ),
      'not a JWT': 'definitely-not-a-token',
      'no subject': await idToken('', {}),
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await signInWithApple({ code: 'c', id_token: token });
      expect(response.statusCode, name).toBe(401);
      expect(errorResponseSchema.parse(response.json()), name).toEqual({
        status: 401,
        code: 'OAUTH2',
        message: 'Apple Login is Failed',
      });
    }
    const korean = await signInWithApple({ id_token: cases.expired! }, 'ko');
    expect(korean.json().message).toBe('애플 로그인에 실패했습니다.');
    const japanese = await signInWithApple({ id_token: cases.expired! }, 'ja');
    expect(japanese.json().message).toBe('Appleログインに失敗しました。');

    const users = await testApp.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', '=', 'apple.bad')
      .execute();
    expect(users).toHaveLength(0);
  });

  it('answers 400 with a sub-error when id_token is missing', async () => {
    const response = await signInWithApple({ code: 'only-a-code' });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.subErrors).toEqual([{ field: 'id_token', message: 'This field is required.' }]);
  });

  it('refuses a blocked account with 403', async () => {
    const first = await signInWithApple({ id_token: await idToken('apple.blocked') });
    await testApp.database.db
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '=', first.json().id)
      .execute();
    const response = await signInWithApple({ id_token: await idToken('apple.blocked') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
    expect(response.headers.authorization).toBeUndefined();
  });

  it('makes exactly one user of 10 simultaneous first logins of one identity', async () => {
    const token = await idToken('apple.rush', { claims: { email: 'rush@example.com', email_verified: true } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => signInWithApple({ id_token: token })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    const users = await testApp.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rush@example.com')
      .execute();
    expect(users).toHaveLength(1);
    const identities = await testApp.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', 'apple')
      .where('subject', '=', 'apple.rush')
      .execute();
    expect(identities).toHaveLength(1);
  });
});

describe('when Apple’s keys cannot be fetched', () => {
  let unreachable: TestApp;
  beforeAll(async () => {
    const closed = await startLocalJwksServer([]);
    await closed.close();
    unreachable = await createTestApp({
      config: testConfig({ APPLE_CLIENT_ID: CLIENT_ID, APPLE_JWKS_URL: closed.jwksUrl }),
    });
  });
  afterAll(async () => {
    await unreachable?.app.close();
    await unreachable?.database.drop();
  });

  it('answers 503 rather than blaming the token', async () => {
    const response = await unreachable.app.inject({
      method: 'POST',
      url: '/api/v1/users/auth-by-apple',
      headers: { 'accept-language': 'en' },
      payload: { id_token: await idToken('apple.003') },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
