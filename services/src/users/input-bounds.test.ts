import { PASSWORD_MAX_LENGTH } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createVerifiedCreator, createProduct, fund } from '@fanmission/tests/support/missions';

// No maximum password length (up to 1 MB of argon2 input) and unbounded numbers (a CUSTOM offer of 3e9 coins
// and a 188+ character Idempotency-Key on a roll answered 500): bounded inputs answer 400 with the field named.

const testApp = useTestApp();
const app = () => testApp.current.app;

describe('input bounds', () => {
  it('refuses an overlong password at sign-up, login and password change with 400', async () => {
    const long = `a1${'x'.repeat(PASSWORD_MAX_LENGTH)}`;
    const signUp = await app().inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'accept-language': 'en' },
      payload: {
        username: 'long',
        email: 'long-password@example.com',
        password: long,
        verifySuccessUrl: 'http://localhost:8080/',
        birthDate: '2000-01-01',
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().subErrors).toContainEqual(
      expect.objectContaining({ field: 'password', message: 'The password is too long.' }),
    );

    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'anyone@example.com', password: 'x'.repeat(1_000_000) },
    });
    expect(login.statusCode).toBe(400);

    const member = await createAccount(app());
    const change = await app().inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: member.headers,
      payload: { password: long, currentPassword: member.password },
    });
    expect(change.statusCode).toBe(400);
  });

  it('refuses a CUSTOM offer beyond MISSION_OFFER_MAX_COINS with 400, not 500', async () => {
    const creator = await createVerifiedCreator(app());
    const productId = await createProduct(app().db, creator.creatorId, 'CUSTOM', { minimumCost: 1 });
    const fan = await createAccount(app());
    await fund(app().db, fan.id, 100);
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: fan.headers,
      payload: { to: 'Minji', requestComment: 'Sing', missionProductId: productId, coinPrice: 3_000_000_000 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toContainEqual(expect.objectContaining({ field: 'coinPrice' }));
  });

  it('refuses an Idempotency-Key longer than 128 characters on a roll with 400, not 500', async () => {
    const fan = await createAccount(app());
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/missions/1/rolls',
      headers: { ...fan.headers, 'idempotency-key': 'k'.repeat(190) },
    });
    expect(response.statusCode).toBe(400);
  });
});
