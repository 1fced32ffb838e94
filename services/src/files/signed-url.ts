import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config';

/*
 * Private files (request attachments, lottery application images, the media of a mission that is not public, fresh
 * uploads not yet used anywhere public) are fetched only through short-lived signed URLs: the
 * API adds `exp` (unix seconds) and `sig` (HMAC-SHA256 over the key and `exp`) when it answers someone allowed to see
 * the file. `/files/<key>` serves such a key only with a valid, unexpired signature and answers 404 otherwise, so an
 * expired, tampered or unsigned URL reveals nothing. The HMAC key is derived from JWT_SECRET (never published).
 */

/** A signed URL stays valid at least this long after it is handed out. */
export const SIGNED_URL_MIN_LIFETIME_SECONDS = 30 * 60;
/**
 * Expiries are rounded up to this step, so the same file gets the same URL for a while (the browser's cache still
 * works across page loads); a URL therefore lives between 30 and 45 minutes.
 */
export const SIGNED_URL_STEP_SECONDS = 15 * 60;

const keys = new WeakMap<AppConfig, Buffer>();

function signingKey(config: Pick<AppConfig, 'JWT_SECRET'>): Buffer {
  let key = keys.get(config as AppConfig);
  if (!key) {
    key = createHmac('sha256', config.JWT_SECRET).update('fanmission signed file urls v1').digest();
    keys.set(config as AppConfig, key);
  }
  return key;
}

function signature(config: Pick<AppConfig, 'JWT_SECRET'>, key: string, expires: number): string {
  return createHmac('sha256', signingKey(config)).update(`${key}\n${expires}`).digest('base64url');
}

/** The expiry (unix seconds) a URL signed at `nowMs` carries. */
export function signedUrlExpiry(nowMs: number): number {
  const earliest = Math.ceil(nowMs / 1000) + SIGNED_URL_MIN_LIFETIME_SECONDS;
  return Math.ceil(earliest / SIGNED_URL_STEP_SECONDS) * SIGNED_URL_STEP_SECONDS;
}

/** The query string (`exp=…&sig=…`) that lets `/files/<key>` serve a private key until `expires`. */
export function signedQuery(
  config: Pick<AppConfig, 'JWT_SECRET'>,
  key: string,
  expires = signedUrlExpiry(Date.now()),
): string {
  return `exp=${expires}&sig=${signature(config, key, expires)}`;
}

/**
 * The seconds a signed request for `key` may still be served, or null when the signature is missing, malformed,
 * wrong or expired.
 */
export function verifySignedQuery(
  config: Pick<AppConfig, 'JWT_SECRET'>,
  key: string,
  exp: unknown,
  sig: unknown,
  nowMs = Date.now(),
): number | null {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
  const expires = Number(exp);
  const remaining = expires - Math.floor(nowMs / 1000);
  if (remaining <= 0) return null;
  const expected = Buffer.from(signature(config, key, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return remaining;
}
