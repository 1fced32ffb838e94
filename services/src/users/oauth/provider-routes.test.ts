import { authProvidersResponseSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';

const configured = useTestApp({
  config: testConfig({
    OAUTH_GOOGLE_CLIENT_ID: 'google-client',
    OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
    APPLE_CLIENT_ID: 'com.fanmission.web',
  }),
});
const bare = useTestApp();

describe('GET /api/v1/auth/providers', () => {
  it('names the configured social sign-ins, with the Apple client id for the web', async () => {
    const response = await configured.current.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(authProvidersResponseSchema.parse(response.json())).toEqual({
      google: true,
      facebook: false,
      apple: { clientId: 'com.fanmission.web' },
    });
  });

  it('offers none when nothing is configured', async () => {
    const response = await bare.current.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ google: false, facebook: false, apple: null });
  });
});
