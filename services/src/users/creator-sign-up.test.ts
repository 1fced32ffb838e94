import { describe, expect, it } from 'vitest';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);

const PUBLIC_URL = 'http://localhost:8080';

let sequence = 0;
function creatorForm(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    accountType: 'CREATOR',
    username: `maker${sequence}`,
    creatorName: `Maker ${sequence}`,
    email: `maker${sequence}-${Date.now()}@example.com`,
    password: 'letters123',
    phone: '01012345678',
    verifySuccessUrl: `${PUBLIC_URL}/email-sent/success-auth-public-user`,
    birthDate: '1995-03-01',
    ...overrides,
  };
}

const signUp = (payload: object, language = 'en') =>
  mailing.current.app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { 'accept-language': language },
    payload,
  });

const login = (username: string, password: string) =>
  mailing.current.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('creator sign-up (POST /users with accountType CREATOR)', () => {
  it('creates a ROLE_CREATOR member with a creator pending review, mails the link, verifies into USER + CREATOR', async () => {
    const payload = creatorForm();
    const created = await signUp(payload, 'ja');
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };

    const early = await login(payload.email, payload.password);
    expect(early.json()).toEqual({ id, roles: ['ROLE_UNVERIFIED', 'ROLE_CREATOR'] });

    const mail = await mailing.current.smtp.awaitMail(payload.email);
    expect(mail.subject).toBe('[Fanmission] メールアドレスの認証をお願いします');
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    const verified = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      payload: { token: decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')) },
    });
    // The link signs the new creator in, with the roles the verification gave him.
    expect(verified.json()).toEqual({
      redirectUrl: `${PUBLIC_URL}/email-sent/success-auth-public-user`,
      signedIn: { id: expect.any(Number), roles: ['ROLE_USER', 'ROLE_CREATOR'] },
    });

    const loggedIn = await login(payload.email, payload.password);
    expect(loggedIn.json()).toEqual({ id, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const authorization = loggedIn.headers.authorization as string;

    const me = await mailing.current.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });
    expect(me.json()).toMatchObject({
      id,
      roles: ['ROLE_USER', 'ROLE_CREATOR'],
      coinsFrozen: true,
      creator: { name: payload.creatorName, verified: false },
    });
    const mine = await mailing.current.app.inject({
      method: 'GET',
      url: '/api/v1/creators/me',
      headers: { authorization },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      name: payload.creatorName,
      verified: false,
      review: { status: 'PENDING', reason: null, queued: false },
      newbie: { basicInfoDone: false, eventDone: false, missionDone: false },
    });
    // Pending review: invisible to everybody else.
    const creatorId = (mine.json() as { id: number }).id;
    const page = await mailing.current.app.inject({ method: 'GET', url: `/api/v1/creators/${creatorId}` });
    expect(page.statusCode).toBe(404);
  });

  it('uses the nickname as creator name when none is given; a member sign-up stays a plain fan', async () => {
    const { creatorName: _omitted, ...payload } = creatorForm();
    expect((await signUp(payload)).statusCode).toBe(200);
    const creator = await mailing.current.app.db
      .selectFrom('creators')
      .innerJoin('users', 'users.id', 'creators.user_id')
      .select(['creators.name', 'creators.review_status', 'users.roles'])
      .where('users.email', '=', payload.email)
      .executeTakeFirstOrThrow();
    expect(creator).toMatchObject({ name: payload.username, review_status: 'PENDING' });

    const fan = creatorForm({ accountType: 'USER', creatorName: undefined });
    expect((await signUp(fan)).statusCode).toBe(200);
    const fanRow = await mailing.current.app.db
      .selectFrom('users')
      .leftJoin('creators', 'creators.user_id', 'users.id')
      .select(['users.roles', 'creators.id as creatorId'])
      .where('users.email', '=', fan.email)
      .executeTakeFirstOrThrow();
    expect(fanRow).toEqual({ roles: ['ROLE_UNVERIFIED'], creatorId: null });
  });

  it('refuses an unknown account type, an empty or long creator name, and keeps the member rules', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountType: 'ADMIN' }, 'accountType', 'en'],
      [{ creatorName: '   ' }, 'creatorName', 'en'],
      [{ creatorName: 'x'.repeat(31) }, 'creatorName', 'en'],
      [{ password: 'short' }, 'password', 'en'],
      [{ birthDate: '2020-01-01' }, 'birthDate', 'en'],
    ];
    for (const [override, field, language] of cases) {
      const payload = creatorForm(override);
      const refused = await signUp(payload, language);
      expect(refused.statusCode, field).toBe(400);
      const body = refused.json() as { subErrors: { field: string; message: string }[] };
      expect(body.subErrors.map((sub) => sub.field)).toContain(field);
      const row = await mailing.current.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', payload.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const korean = await signUp(creatorForm({ creatorName: '' }), 'ko');
    expect(korean.json()).toMatchObject({ subErrors: [{ field: 'creatorName', message: '필수 항목입니다.' }] });
  });

  it('refuses a registered e-mail with 409 and creates no second creator', async () => {
    const payload = creatorForm();
    expect((await signUp(payload)).statusCode).toBe(200);
    const again = await signUp({ ...payload, username: 'other' });
    expect(again.statusCode).toBe(409);
    const creators = await mailing.current.app.db
      .selectFrom('creators')
      .innerJoin('users', 'users.id', 'creators.user_id')
      .select('creators.id')
      .where('users.email', '=', payload.email)
      .execute();
    expect(creators).toHaveLength(1);
  });
});
