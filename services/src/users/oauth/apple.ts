import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { ServiceContext } from '../../context';
import { AppError } from '../../http';
import type { SocialProfile } from '../social';

/** Apple signs id_tokens with RS256; ES256 is accepted for the same key families. Never none or HMAC. */
export const APPLE_ALGORITHMS = ['RS256', 'ES256'];
const JWKS_TIMEOUT_MS = 5_000;
const CLOCK_TOLERANCE_SECONDS = 30;

const appleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Apple sends "true"/"false" strings in older tokens and booleans in newer ones.
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  nonce: z.string().optional(),
});

/** jose's reasons that mean "this token is not a valid Apple token for us" (rather than "Apple is unreachable"). */
const INVALID_TOKEN_CODES = new Set([
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_EXPIRED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWS_INVALID',
  'ERR_JWT_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

export const appleLoginFailed = () => new AppError(401, 'oauth.appleFailed', { code: 'OAUTH2' });

export type AppleIdTokenVerifier = (
  ctx: ServiceContext,
  idToken: string,
  nonce?: string,
) => Promise<Omit<SocialProfile, 'language'>>;

/**
 * The id_token's nonce must be the one this browser sent to Apple (as is, or its SHA-256 hex as native SDKs
 * send it); a token that carries a nonce is refused without one, so it cannot be replayed into another session.
 */
export function nonceMatches(claim: string | undefined, given: string | undefined): boolean {
  if (claim === undefined) return given === undefined;
  if (given === undefined) return false;
  const hashed = createHash('sha256').update(given).digest('hex');
  return safeEqual(claim, given) || safeEqual(claim, hashed);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies Sign in with Apple id_tokens: signature against Apple's published keys (fetched once, cached, fetched
 * again for an unknown key id), issuer, audience (APPLE_CLIENT_ID, comma-separated for app and web ids) and expiry.
 * Null when Apple sign-in is not configured.
 */
export function createAppleIdTokenVerifier(config: AppConfig): AppleIdTokenVerifier | null {
  const audience = (config.APPLE_CLIENT_ID ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (audience.length === 0) return null;
  const keys = createRemoteJWKSet(new URL(config.APPLE_JWKS_URL), { timeoutDuration: JWKS_TIMEOUT_MS });

  return async (ctx, idToken, nonce) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: APPLE_ALGORITHMS,
        issuer: config.APPLE_ISSUER,
        audience,
        currentDate: ctx.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (INVALID_TOKEN_CODES.has((error as { code?: string }).code ?? '')) throw appleLoginFailed();
      ctx.log.error({ err: error, jwksUrl: config.APPLE_JWKS_URL }, 'Apple keys could not be loaded');
      throw new AppError(503, 'oauth.providerUnavailable', { code: 'SERVICE_UNAVAILABLE' });
    }
    const claims = appleClaimsSchema.safeParse(payload);
    if (!claims.success) throw appleLoginFailed();
    const { sub, email, email_verified } = claims.data;
    if (!nonceMatches(claims.data.nonce, nonce)) {
      throw new AppError(401, 'oauth.appleNonceMismatch', { code: 'OAUTH2' });
    }
    return {
      provider: 'apple',
      subject: sub,
      email: email ?? null,
      emailVerified: email_verified === true || email_verified === 'true',
      // Apple puts no name in the id_token (only the first authorization's form post carries it).
      name: null,
    };
  };
}
