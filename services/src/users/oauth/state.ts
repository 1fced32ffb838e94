import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH2_REDIRECT_PROVIDERS } from '@fanmission/contracts';
import { z } from 'zod';

/** How long a user may stay at the provider's consent page. */
export const STATE_TTL_MS = 10 * 60_000;

/** The browser's copy of the state: a login started in one browser cannot be finished in another (login CSRF). */
export const STATE_COOKIE = 'fm_oauth2_state';

const statePayloadSchema = z.object({
  provider: z.enum(OAUTH2_REDIRECT_PROVIDERS),
  redirectUri: z.string(),
  expiresAt: z.number(),
  nonce: z.string(),
  /** SHA-256 of the browser's `client_state`: the login code is exchanged only with that value. */
  clientStateHash: z.string(),
});
export type OAuthState = z.infer<typeof statePayloadSchema>;

/** A key of its own, so a state can never pass for a session token signed with the same secret. */
function stateKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('fanmission/oauth2-state').digest();
}

const mac = (secret: string, payload: string) => createHmac('sha256', stateKey(secret)).update(payload).digest();

/** `base64url(json).base64url(hmac)`: carries where to return, carries its own expiry, cannot be altered. */
export function signState(secret: string, state: Omit<OAuthState, 'nonce'>): string {
  const payload = Buffer.from(JSON.stringify({ ...state, nonce: randomBytes(16).toString('base64url') })).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The state if it is ours, unaltered and unexpired; otherwise null. */
export function verifyState(secret: string, value: string | undefined, now: Date): OAuthState | null {
  if (!value) return null;
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const state = statePayloadSchema.safeParse(json);
  if (!state.success || state.data.expiresAt <= now.getTime()) return null;
  return state.data;
}

export function sameState(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** SameSite=Lax: the provider's redirect back is a top-level navigation, which Lax lets through. */
export function stateCookie(value: string, options: { path: string; secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${STATE_COOKIE}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * PKCE (RFC 7636) without storage: the verifier is derived from the state's nonce with a key of its own, so only
 * this service can compute it, while the provider (and anyone reading the authorization URL) sees its S256 challenge.
 */
export function pkceVerifier(secret: string, nonce: string): string {
  const key = createHmac('sha256', secret).update('fanmission/oauth2-pkce').digest();
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
