import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);

const inject = (options: InjectOptions) => mailing.current.app.inject(options);
const en = { 'accept-language': 'en' };
const login = (username: string, password: string) =>
  inject({ method: 'POST', url: '/api/login', payload: { username, password } });

function resetCodeIn(text: string): string {
  const code = /password-reset#code=([\w-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`no reset link in:\n${text}`);
  return code;
}

describe('forgotten password', () => {
  let member: TestAccount;
  beforeAll(async () => {
    member = await createAccount(mailing.current.app, { password: 'oldpass123' });
  });

  const ask = (email: string, language = 'en') =>
    inject({
      method: 'POST',
      url: '/api/v1/users/user/forgot-password-reset',
      headers: { 'accept-language': language },
      payload: { email },
    });
  const reset = (code: string, password: string) =>
    inject({
      method: 'PUT',
      url: '/api/v1/users/user/forgot-password-reset',
      headers: en,
      payload: { code, password },
    });

  it('mails a single-use link; the new password works and the old one no longer does', async () => {
    expect((await ask(member.email)).statusCode).toBe(200);
    // Mails follow the member's own language (Korean here), not the language of the request.
    const mail = await mailing.current.smtp.awaitMail(member.email, { subject: /비밀번호 재설정/ });
    // The code is in the fragment (never sent to a server); the page sends it in the body of the PUT.
    expect(mail.text).toContain('http://localhost:8080/password-reset#code=');
    const code = resetCodeIn(mail.text);

    const badFormat = await reset(code, 'nodigits');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().subErrors[0]).toMatchObject({ field: 'password' });

    const done = await reset(code, 'newpass456');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: member.id });
    expect((await login(member.email, 'newpass456')).statusCode).toBe(200);
    expect((await login(member.email, 'oldpass123')).statusCode).toBe(401);

    const reused = await reset(code, 'another789');
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe('The password reset page has expired. Please start again.');
  });

  it('still reads the code from the query, as older clients send it', async () => {
    const other = await createAccount(mailing.current.app);
    await ask(other.email);
    const code = resetCodeIn((await mailing.current.smtp.awaitMail(other.email)).text);
    const done = await inject({
      method: 'PUT',
      url: `/api/v1/users/user/forgot-password-reset?code=${encodeURIComponent(code)}`,
      payload: { password: 'newpass456' },
    });
    expect(done.statusCode).toBe(200);
    expect((await login(other.email, 'newpass456')).statusCode).toBe(200);
  });

  it('expires the code after 30 minutes', async () => {
    const other = await createAccount(mailing.current.app);
    await ask(other.email);
    const code = resetCodeIn((await mailing.current.smtp.awaitMail(other.email)).text);
    const askedAt = clock.now;
    clock.now = new Date(askedAt.getTime() + 31 * 60_000);
    try {
      expect((await reset(code, 'newpass456')).statusCode).toBe(404);
    } finally {
      clock.now = askedAt;
    }
    expect((await reset('made-up-code', 'newpass456')).statusCode).toBe(404);
  });

  it('says when the e-mail is unknown, refuses social accounts, and validates the address', async () => {
    const unknown = await ask('ghost@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The e-mail address does not match.');
    expect((await ask('ghost@example.com', 'ko')).json().message).toBe('이메일 주소가 일치하지 않습니다.');

    const social = await mailing.current.app.db
      .insertInto('users')
      .values({ email: 'social@example.com', username: 'social', provider: 'google', roles: ['ROLE_USER'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await ask('social@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'SOCIAL_ACCOUNT' });
    expect(social.id).toBeGreaterThan(0);

    const invalid = await ask('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().subErrors[0].field).toBe('email');
    const missingCode = await inject({
      method: 'PUT',
      url: '/api/v1/users/user/forgot-password-reset',
      payload: { password: 'newpass456' },
    });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().subErrors[0].field).toBe('code');
  });
});

describe('PUT /users/{id}', () => {
  it('changes the password after checking the current one', async () => {
    const member = await createAccount(mailing.current.app, { password: 'current123' });
    const change = (payload: object) =>
      inject({ method: 'PUT', url: `/api/v1/users/${member.id}`, headers: { ...member.headers, ...en }, payload });

    const wrongCurrent = await change({ currentPassword: 'wrong1234', password: 'next12345' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().subErrors).toEqual([
      { field: 'currentPassword', message: 'The existing password does not match.' },
    ]);

    const badFormat = await change({ currentPassword: 'current123', password: 'short' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().subErrors).toEqual([
      expect.objectContaining({
        field: 'password',
        message: 'The password must be at least 8 characters mixing letters and digits.',
      }),
    ]);

    const done = await change({ currentPassword: 'current123', password: 'next12345' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: member.id });
    expect((await login(member.email, 'next12345')).statusCode).toBe(200);
  });

  it('changes the profile shown by /users/me', async () => {
    const member = await createAccount(mailing.current.app);
    const response = await inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: member.headers,
      payload: { username: '새닉네임', phone: '01098765432', address: '부산광역시 해운대구', addressDetail: '' },
    });
    expect(response.statusCode).toBe(200);
    const me = await inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers });
    expect(me.json()).toMatchObject({
      username: '새닉네임',
      phone: '01098765432',
      address: '부산광역시 해운대구',
      addressDetail: null,
    });
  });

  it('refuses an empty nickname and a non-numeric phone, field by field', async () => {
    const member = await createAccount(mailing.current.app);
    const response = await inject({
      method: 'PUT',
      url: `/api/v1/users/${member.id}`,
      headers: { ...member.headers, ...en },
      payload: { username: '', phone: '010-1234' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .subErrors.map((sub: { field: string }) => sub.field)
      .sort();
    expect(fields).toEqual(['phone', 'username']);
  });

  it('lets nobody change another account (403) and nobody anonymous at all (401)', async () => {
    const owner = await createAccount(mailing.current.app);
    const stranger = await createAccount(mailing.current.app);
    const forStranger = await inject({
      method: 'PUT',
      url: `/api/v1/users/${owner.id}`,
      headers: stranger.headers,
      payload: { username: 'hijacked' },
    });
    expect(forStranger.statusCode).toBe(403);
    expect(forStranger.json()).toEqual({ message: 'access denied', status: 403, code: 'ACCESS_DENIED' });
    // The same answer whether or not the account exists.
    const missing = await inject({
      method: 'PUT',
      url: '/api/v1/users/999999',
      headers: stranger.headers,
      payload: { username: 'x' },
    });
    expect(missing.statusCode).toBe(403);
    const anonymous = await inject({ method: 'PUT', url: `/api/v1/users/${owner.id}`, payload: { username: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const unchanged = await mailing.current.app.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.username).not.toBe('hijacked');
  });
});

describe('switching a member to a creator account', () => {
  it('adds ROLE_CREATOR, creates an unverified creator and freezes the charged coins, once', async () => {
    const member = await createAccount(mailing.current.app, { username: '별빛' });
    const response = await inject({
      method: 'POST',
      url: `/api/v1/users/${member.id}/creator`,
      headers: member.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const { id: creatorId } = response.json() as { id: number };
    const me = await inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers });
    expect(me.json()).toMatchObject({
      roles: ['ROLE_USER', 'ROLE_CREATOR'],
      coinsFrozen: true,
      creator: { id: creatorId, name: '별빛', verified: false, tags: [], eventMission: null, user: { id: member.id } },
    });
    const again = await inject({
      method: 'POST',
      url: `/api/v1/users/${member.id}/creator`,
      headers: member.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it("shows the creator's tags and lottery event product on /users/me (the newbie dashboard's flags)", async () => {
    const member = await createAccount(mailing.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const db = mailing.current.app.db;
    const creator = await db
      .selectFrom('creators')
      .select('id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const tag = await db.insertInto('tags').values({ name: '노래-me' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('creator_tags').values({ creator_id: creator.id, tag_id: tag.id }).execute();
    const event = await db
      .insertInto('mission_products')
      .values({ creator_id: creator.id, type: 'EVENT', name: '추첨 이벤트', sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const me = await inject({ method: 'GET', url: '/api/v1/users/me', headers: member.headers });
    expect(me.json()).toMatchObject({
      creator: { id: creator.id, tags: [{ id: tag.id, name: '노래-me' }], eventMission: { id: event.id } },
    });
  });

  it('refuses unverified members, other people and visitors', async () => {
    const unverified = await createAccount(mailing.current.app, { roles: ['ROLE_UNVERIFIED'] });
    const refused = await inject({
      method: 'POST',
      url: `/api/v1/users/${unverified.id}/creator`,
      headers: unverified.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const member = await createAccount(mailing.current.app);
    const stranger = await createAccount(mailing.current.app);
    expect(
      (
        await inject({
          method: 'POST',
          url: `/api/v1/users/${member.id}/creator`,
          headers: stranger.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject({ method: 'POST', url: `/api/v1/users/${member.id}/creator`, payload: {} })).statusCode).toBe(
      401,
    );
    const badName = await inject({
      method: 'POST',
      url: `/api/v1/users/${member.id}/creator`,
      headers: member.headers,
      payload: { name: '' },
    });
    expect(badName.statusCode).toBe(400);
  });
});
