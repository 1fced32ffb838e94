import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo-data';

const testApp = useTestApp();

describe('demo data', () => {
  it('creates accounts one can log in with, once', async () => {
    const { app } = testApp.current;
    expect(await seedDemoData(app.ctx)).toEqual(DEMO_ACCOUNTS.map((account) => account.email));
    expect(await seedDemoData(app.ctx)).toEqual([]);

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'creator@fanmission.local', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: login.headers.authorization as string },
    });
    expect(me.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_CREATOR'], creator: { verified: true } });
  });
});
