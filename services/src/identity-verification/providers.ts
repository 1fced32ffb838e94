import { randomUUID } from 'node:crypto';
import type { IdentityVerificationProviderName } from '@fanmission/contracts';
import { z } from 'zod';
import { ConfigError, type AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { AppError } from '../http';
import { findSandboxIdentityVerification, insertSandboxIdentityVerification } from './repository';

/** What the provider says of a verification: its status and, once VERIFIED, the verified person's birth date. */
export interface IdentityVerificationResult {
  status: 'READY' | 'VERIFIED' | 'FAILED';
  /** YYYY-MM-DD (VERIFIED only). */
  birthDate: string | null;
  /** The verified person's CI (connecting information, the same for one person at every site), when given. */
  ci: string | null;
  /** The verified person's name (VERIFIED only), when given: a payout account's holder is compared with it. */
  name: string | null;
}

export interface IdentityVerificationProvider {
  name: IdentityVerificationProviderName;
  /** Registers a verification before the browser opens it; answers the sandbox's page (null for PortOne). */
  start(input: { id: string; userId: number; redirectUrl: string; language: string }): Promise<string | null>;
  /** The verification as the provider records it, or null when it never reached the provider. */
  find(id: string): Promise<IdentityVerificationResult | null>;
  /** PortOne's browser SDK parameters. */
  browser: { storeId: string | null; channelKey: string | null };
}

/** The provider is configured but does not answer, or answers what we cannot read: 503. */
export function identityProviderUnavailable(cause?: unknown): AppError {
  const error = new AppError(503, 'adult.unavailable', { code: 'SERVICE_UNAVAILABLE' });
  error.cause = cause;
  return error;
}

/** A new verification id, ours: PortOne's `identityVerificationId` (unguessable, so the sandbox page's capability). */
export const newIdentityVerificationId = () => `identity-verification-${randomUUID()}`;

/** The path of the sandbox verification page (under the API's own origin). */
export const sandboxIdentityPath = (id: string) => `/api/v1/identity-verification/sandbox/${encodeURIComponent(id)}`;

/**
 * PortOne V2's identity verification (`IdentityVerification`, a union on `status`): READY, VERIFIED (with the
 * `verifiedCustomer`: name, birthDate YYYY-MM-DD, gender, phone, ci/di …) or FAILED. The status, the birth date, the
 * CI and the name are read.
 */
const portOneIdentityVerificationSchema = z.looseObject({
  status: z.enum(['READY', 'VERIFIED', 'FAILED']),
  id: z.string(),
  verifiedCustomer: z
    .looseObject({ birthDate: z.string(), ci: z.string().optional(), name: z.string().optional() })
    .optional(),
});

/**
 * PortOne V2 REST: the browser SDK's `requestIdentityVerification` runs the check under our id; the server reads it
 * back with `GET /identity-verifications/{identityVerificationId}` under `Authorization: PortOne <secret>`.
 */
export function portOneIdentityProvider(options: {
  baseUrl: string;
  apiSecret: string;
  storeId: string | null;
  channelKey: string | null;
  timeoutMs: number;
}): IdentityVerificationProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    name: 'portone',
    browser: { storeId: options.storeId, channelKey: options.channelKey },
    async start() {
      return null;
    },
    async find(id) {
      const url = new URL(`${base}/identity-verifications/${encodeURIComponent(id)}`);
      if (options.storeId) url.searchParams.set('storeId', options.storeId);
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(url, {
          headers: { authorization: `PortOne ${options.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        body = await response.json().catch(() => null);
      } catch (error) {
        throw identityProviderUnavailable(error);
      }
      // IDENTITY_VERIFICATION_NOT_FOUND: the check never reached PortOne.
      if (response.status === 404) return null;
      const parsed = portOneIdentityVerificationSchema.safeParse(body);
      if (!response.ok || !parsed.success) throw identityProviderUnavailable(parsed.error ?? body);
      const verified = parsed.data.status === 'VERIFIED' ? parsed.data.verifiedCustomer : undefined;
      return {
        status: parsed.data.status,
        birthDate: verified?.birthDate ?? null,
        ci: verified?.ci ?? null,
        name: verified?.name ?? null,
      };
    },
  };
}

/** The development and test provider: a local page (sandbox-routes.ts) where the tester picks the birth date. */
export function sandboxIdentityProvider(ctx: ServiceContext): IdentityVerificationProvider {
  return {
    name: 'sandbox',
    browser: { storeId: null, channelKey: null },
    async start({ id, userId, redirectUrl, language }) {
      await insertSandboxIdentityVerification(ctx.db, {
        id,
        user_id: userId,
        redirect_url: redirectUrl,
        created_at: ctx.now(),
      });
      return `${ctx.config.PUBLIC_URL}${sandboxIdentityPath(id)}?lang=${encodeURIComponent(language)}`;
    },
    async find(id) {
      const row = await findSandboxIdentityVerification(ctx.db, id);
      // The sandbox's tester is nobody: no CI, so the one-person rule does not apply to it.
      return row ? { status: row.status, birthDate: row.birth_date, ci: null, name: row.name } : null;
    },
  };
}

/** The configured provider's name: set, or PortOne when its secret is, else the sandbox outside production. */
export function identityProviderName(config: AppConfig): IdentityVerificationProviderName | null {
  if (config.IDENTITY_VERIFICATION_PROVIDER) return config.IDENTITY_VERIFICATION_PROVIDER;
  if (config.PORTONE_API_SECRET && config.PORTONE_IDENTITY_CHANNEL_KEY) return 'portone';
  return config.isProduction ? null : 'sandbox';
}

/** The app's identity verification provider, or null when none is configured (production without keys). */
export function identityProviderFor(ctx: ServiceContext): IdentityVerificationProvider | null {
  const { config } = ctx;
  const name = identityProviderName(config);
  if (name === 'sandbox') return sandboxIdentityProvider(ctx);
  if (name === 'portone') {
    if (!config.PORTONE_API_SECRET) {
      throw new ConfigError('PORTONE_API_SECRET', 'is required when the identity verification provider is portone');
    }
    return portOneIdentityProvider({
      baseUrl: config.PORTONE_API_URL,
      apiSecret: config.PORTONE_API_SECRET,
      storeId: config.PORTONE_STORE_ID ?? null,
      channelKey: config.PORTONE_IDENTITY_CHANNEL_KEY ?? null,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    });
  }
  return null;
}
