import { createHmac } from 'node:crypto';
import type { OAuth2RedirectProvider } from '@fanmission/contracts';
import { z } from 'zod';
import { ConfigError, type AppConfig } from '../../config';
import type { SocialProfile } from '../social';

/** One OAuth 2 authorization-code provider, with its endpoints and how to read its user info. */
export interface OAuthProvider {
  name: OAuth2RedirectProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  scope: string;
  /** Where to fetch the user with the access token (sent as a Bearer header). */
  userInfoUrl(accessToken: string): URL;
  /** The profile from the user-info answer; null when the answer lacks the subject. */
  readProfile(userInfo: unknown): Omit<SocialProfile, 'language'> | null;
}

const googleUserInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  // OpenID Connect says boolean; some Google endpoints send the string "true" or call it verified_email.
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  verified_email: z.boolean().optional(),
});

const facebookUserInfoSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: z.string().optional(),
  email: z.string().optional(),
});

function google(config: AppConfig, clientId: string, clientSecret: string): OAuthProvider {
  return {
    name: 'google',
    clientId,
    clientSecret,
    authorizeUrl: config.OAUTH_GOOGLE_AUTHORIZE_URL,
    tokenUrl: config.OAUTH_GOOGLE_TOKEN_URL,
    scope: 'openid email profile',
    userInfoUrl: () => new URL(config.OAUTH_GOOGLE_USERINFO_URL),
    readProfile(userInfo) {
      const parsed = googleUserInfoSchema.safeParse(userInfo);
      if (!parsed.success) return null;
      const { sub, name, email, email_verified, verified_email } = parsed.data;
      return {
        provider: 'google',
        subject: sub,
        email: email ?? null,
        emailVerified: email_verified === true || email_verified === 'true' || verified_email === true,
        name: name ?? null,
      };
    },
  };
}

function facebook(config: AppConfig, clientId: string, clientSecret: string): OAuthProvider {
  return {
    name: 'facebook',
    clientId,
    clientSecret,
    authorizeUrl: config.OAUTH_FACEBOOK_AUTHORIZE_URL,
    tokenUrl: config.OAUTH_FACEBOOK_TOKEN_URL,
    scope: 'email,public_profile',
    userInfoUrl(accessToken) {
      const url = new URL(config.OAUTH_FACEBOOK_USERINFO_URL);
      // Graph API calls signed with the app secret, as apps with "Require App Secret" must.
      url.searchParams.set('appsecret_proof', createHmac('sha256', clientSecret).update(accessToken).digest('hex'));
      return url;
    },
    readProfile(userInfo) {
      const parsed = facebookUserInfoSchema.safeParse(userInfo);
      if (!parsed.success) return null;
      const { id, name, email } = parsed.data;
      return {
        provider: 'facebook',
        subject: id,
        email: email ?? null,
        // The Graph API has no verified flag for the e-mail; trusting it is the operator's call.
        emailVerified: config.OAUTH_FACEBOOK_EMAIL_VERIFIED && Boolean(email),
        name: name ?? null,
      };
    },
  };
}

const PROVIDERS = {
  google: { build: google, id: 'OAUTH_GOOGLE_CLIENT_ID', secret: 'OAUTH_GOOGLE_CLIENT_SECRET' },
  facebook: { build: facebook, id: 'OAUTH_FACEBOOK_CLIENT_ID', secret: 'OAUTH_FACEBOOK_CLIENT_SECRET' },
} as const;

/**
 * The providers this deployment offers: those whose client id is configured. A client id without its secret is a
 * start-up error rather than a login that fails at the token exchange.
 */
export function configuredProviders(config: AppConfig): Partial<Record<OAuth2RedirectProvider, OAuthProvider>> {
  const providers: Partial<Record<OAuth2RedirectProvider, OAuthProvider>> = {};
  for (const [name, { build, id, secret }] of Object.entries(PROVIDERS)) {
    const clientId = config[id];
    if (!clientId) continue;
    const clientSecret = config[secret];
    if (!clientSecret) throw new ConfigError(secret, `is required when ${id} is set`);
    providers[name as OAuth2RedirectProvider] = build(config, clientId, clientSecret);
  }
  return providers;
}
