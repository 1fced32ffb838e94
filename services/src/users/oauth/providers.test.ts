import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { configuredProviders } from './providers';

describe('configuredProviders', () => {
  it('offers nothing by default and the real endpoints once a client is configured', () => {
    expect(configuredProviders(loadConfig({}))).toEqual({});
    const config = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      OAUTH_FACEBOOK_CLIENT_ID: 'app',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'app-secret',
    });
    const { google, facebook } = configuredProviders(config);
    expect(google).toMatchObject({
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    expect(google!.userInfoUrl('t').href).toBe('https://openidconnect.googleapis.com/v1/userinfo');
    expect(facebook).toMatchObject({
      authorizeUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    });
    const graph = facebook!.userInfoUrl('token');
    expect(graph.origin + graph.pathname).toBe('https://graph.facebook.com/v21.0/me');
    expect(graph.searchParams.get('fields')).toBe('id,name,email');
    expect(config.APPLE_JWKS_URL).toBe('https://appleid.apple.com/auth/keys');
    expect(config.APPLE_ISSUER).toBe('https://appleid.apple.com');
  });

  it('refuses to start with a client id but no secret, naming the variable', () => {
    const config = loadConfig({ OAUTH_FACEBOOK_CLIENT_ID: 'app' });
    expect(() => configuredProviders(config)).toThrow(ConfigError);
    expect(() => configuredProviders(config)).toThrow(/OAUTH_FACEBOOK_CLIENT_SECRET is required/);
  });

  it('rejects endpoints that are not http(s) URLs', () => {
    expect(() => loadConfig({ OAUTH_GOOGLE_TOKEN_URL: 'ftp://example.com/token' })).toThrow(/OAUTH_GOOGLE_TOKEN_URL/);
  });

  it('reads who signed in, trusting only e-mails the provider vouches for', () => {
    const google = configuredProviders(
      loadConfig({ OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 's' }),
    ).google!;
    expect(google.readProfile({ sub: '1', email: 'a@b.c', email_verified: 'true' })).toMatchObject({
      subject: '1',
      emailVerified: true,
      name: null,
    });
    expect(google.readProfile({ sub: '1', email: 'a@b.c', email_verified: false })?.emailVerified).toBe(false);
    expect(google.readProfile({ email: 'a@b.c' })).toBeNull();

    const facebookEnv = { OAUTH_FACEBOOK_CLIENT_ID: 'id', OAUTH_FACEBOOK_CLIENT_SECRET: 's' };
    const untrusted = configuredProviders(loadConfig(facebookEnv)).facebook!;
    expect(untrusted.readProfile({ id: 42, name: 'Fan', email: 'a@b.c' })).toMatchObject({
      subject: '42',
      emailVerified: false,
    });
    const trusted = configuredProviders(
      loadConfig({ ...facebookEnv, OAUTH_FACEBOOK_EMAIL_VERIFIED: 'true' }),
    ).facebook!;
    expect(trusted.readProfile({ id: '42', email: 'a@b.c' })?.emailVerified).toBe(true);
    expect(trusted.readProfile({ id: '42' })?.emailVerified).toBe(false);
  });
});
