// A social sign-up goes through no terms step: the account records no acceptance, so the consent gate asks its member
// for every version in force (of the kinds members accept) before he changes anything, and records his acceptance.
import { termsConsentSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { findOrCreateSocialUser } from './social';

const testApp = useTestApp();
const app = () => testApp.current.app;

describe('consent of a social sign-up', () => {
  it('is asked for every version in force, his changes refused until he accepts them, then recorded', async () => {
    const user = await findOrCreateSocialUser(app().ctx, {
      provider: 'google',
      subject: `google-${Date.now()}`,
      email: 'social-consent@example.com',
      emailVerified: true,
      name: 'Social Fan',
    });
    const headers = {
      authorization: `Bearer ${signSessionToken(app(), { id: user.id, roles: user.roles }, { kind: 'web' })}`,
      'accept-language': 'en',
    };
    expect(await app().db.selectFrom('terms_acceptances').where('user_id', '=', user.id).selectAll().execute()).toEqual(
      [],
    );

    const consent = await app().inject({ method: 'GET', url: '/api/v1/users/me/terms-consent', headers });
    const pending = termsConsentSchema.parse(consent.json()).pending;
    expect(pending.map((version) => version.kind).sort()).toEqual(['privacy', 'terms']);

    const change = {
      method: 'PUT' as const,
      url: `/api/v1/users/${user.id}`,
      headers,
      payload: { username: 'socialfan' },
    };
    const refused = await app().inject(change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TERMS_NOT_ACCEPTED' });

    const accepted = await app().inject({
      method: 'POST',
      url: '/api/v1/users/me/terms-acceptances',
      headers,
      payload: { versionIds: pending.map((version) => version.id) },
    });
    expect(accepted.statusCode).toBe(200);
    expect(termsConsentSchema.parse(accepted.json()).pending).toEqual([]);
    const rows = await app().db.selectFrom('terms_acceptances').where('user_id', '=', user.id).selectAll().execute();
    expect(rows).toHaveLength(2);
    expect((await app().inject(change)).statusCode).toBe(200);
  });

  it('never asks an e-mail member again for the versions in force when he joined (his sign-up accepted them)', async () => {
    const member = await createAccount(app());
    const consent = await app().inject({
      method: 'GET',
      url: '/api/v1/users/me/terms-consent',
      headers: member.headers,
    });
    expect(termsConsentSchema.parse(consent.json()).pending).toEqual([]);
  });
});
