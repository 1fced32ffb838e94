// Secrets in URLs stay out of the request log, and a password change, a password reset or
// a logout ends every earlier session (a session version per member, carried by each token).
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, useTestApp } from '@fanmission/tests/harness/app';
import { newSecretToken } from '../auth';
import * as repository from './repository';

const testApp = useTestApp();
const app = () => testApp.current.app;
const me = (authorization: string) =>
  app().inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });
const login = (username: string, password: string) =>
  app().inject({ method: 'POST', url: '/api/login', payload: { username, password } });

async function resetCode(userId: number): Promise<string> {
  const { token, hash } = newSecretToken();
  await repository.insertPasswordReset(app().db, {
    userId,
    codeHash: hash,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  return token;
}

describe('session revocation', () => {
  it('a password reset ends every session and voids the other reset codes', async () => {
    const member = await createAccount(app(), { password: 'oldpass123' });
    const loggedIn = (await login(member.email, 'oldpass123')).headers.authorization as string;
    expect((await me(loggedIn)).statusCode).toBe(200);
    const [first, second] = [await resetCode(member.id), await resetCode(member.id)];
    const reset = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/user/forgot-password-reset?code=${encodeURIComponent(first)}`,
      payload: { password: 'newpass456' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(loggedIn)).json()).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect((await me(member.headers.authorization)).statusCode).toBe(401);
    const older = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/user/forgot-password-reset?code=${encodeURIComponent(second)}`,
      payload: { password: 'attacker789' },
    });
    expect(older.statusCode).toBe(404);
    const fresh = (await login(member.email, 'newpass456')).headers.authorization as string;
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('a password change ends other sessions and answers a fresh token that works', async () => {
    const member = await createAccount(app(), { password: 'oldpass123' });
    const other = (await login(member.email, 'oldpass123')).headers.authorization as string;
    const changed = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: member.headers,
      payload: { currentPassword: 'oldpass123', password: 'newpass456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(member.headers.authorization)).statusCode).toBe(401);
    const fresh = changed.headers.authorization as string;
    expect(fresh).toMatch(/^Bearer /);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('a logout ends every session; a visitor gets 401', async () => {
    const member = await createAccount(app());
    const other = (await login(member.email, member.password)).headers.authorization as string;
    const out = await app().inject({ method: 'POST', url: '/api/logout', headers: member.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(member.headers.authorization)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('request log', () => {
  it('redacts codes and tokens in logged URLs', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    try {
      await logged.app.inject({
        method: 'PUT',
        url: '/api/v1/users/user/forgot-password-reset?code=SECRET-RESET-CODE',
        payload: { password: 'newpass456' },
      });
      await logged.app.inject({ method: 'GET', url: '/sns-login?token=SECRET-SESSION&page=2' });
      await logged.app.inject({ method: 'GET', url: '/api/v1/users/email-verify?TOKEN=SECRET-VERIFY' });
      expect(lines.join('\n')).not.toMatch(/SECRET-/);
      expect(lines.some((line) => line.includes('/sns-login?token=[REDACTED]&page=2'))).toBe(true);
    } finally {
      await logged.app.close();
      await logged.database.drop();
    }
  });
});
