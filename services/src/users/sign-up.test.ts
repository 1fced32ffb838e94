import { CSRF_HEADER_NAME, CSRF_HEADER_VALUE, errorResponseSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);

const PUBLIC_URL = 'http://localhost:8080';
const verifySuccessUrl = `${PUBLIC_URL}/email-sent/success-auth-public-user`;

let sequence = 0;
function member(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    username: `fan${sequence}`,
    email: `fan${sequence}@example.com`,
    password: 'letters123',
    phone: '01012345678',
    address: '서울특별시 강남구 테헤란로 1',
    addressDetail: '101호',
    verifySuccessUrl,
    birthDate: '2000-01-15',
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

function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail:\n${text}`);
  return link;
}

/** What the verification page does with the mail's link: posts the token of its fragment. */
const confirm = (link: string) =>
  mailing.current.app.inject({
    method: 'POST',
    url: '/api/v1/users/email-verification',
    payload: { token: decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')) },
  });

describe('sign-up journey', () => {
  it('signs up, mails a link that verifies the account, then logs in as ROLE_USER', async () => {
    const payload = member();
    const created = await signUp(payload, 'ko');
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    expect(id).toBeGreaterThan(0);

    // Before verification the login succeeds with ROLE_UNVERIFIED so the client can route to the verification page.
    const early = await login(payload.email, payload.password);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ id, roles: ['ROLE_UNVERIFIED'] });

    const mail = await mailing.current.smtp.awaitMail(payload.email);
    expect(mail.subject).toContain('이메일 인증');
    const link = linkIn(mail.text);
    // The token is in the fragment, which browsers never send to a server (no log, trace or Referer holds it).
    expect(link.startsWith(`${PUBLIC_URL}/email-verification#token=`)).toBe(true);

    const verified = await confirm(link);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ redirectUrl: verifySuccessUrl, signedIn: { id, roles: ['ROLE_USER'] } });

    const loggedIn = await login(payload.email.toUpperCase(), payload.password);
    expect(loggedIn.statusCode).toBe(200);
    const authorization = loggedIn.headers.authorization as string;
    expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await mailing.current.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id,
      username: payload.username,
      email: payload.email,
      roles: ['ROLE_USER'],
      phone: payload.phone,
      address: payload.address,
      addressDetail: payload.addressDetail,
      image: null,
      imageUrl: '/images/profile-noimg.png',
      creator: null,
      coinsFrozen: false,
    });

    // The link works once: a second visit is told the address is already verified (and where to log in).
    const again = await confirm(link);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ redirectUrl: `${PUBLIC_URL}/email-sent?view=already-verified`, signedIn: null });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers.authorization).toBeUndefined();
  });

  it('answers a verification without a token with 400, and a made-up token with the verification page', async () => {
    const missing = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().subErrors[0].field).toBe('token');
    const madeUp = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      payload: { token: 'nope' },
    });
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.json().redirectUrl).toContain('view=suggest-user-authentication');
    expect(madeUp.json().signedIn).toBeNull();
    expect(madeUp.headers['set-cookie']).toBeUndefined();
  });

  it('writes the mail in the language the member signed up in', async () => {
    const english = member();
    await signUp(english, 'en');
    expect((await mailing.current.smtp.awaitMail(english.email)).subject).toBe(
      '[Fanmission] Please verify your e-mail address',
    );
    const japanese = member();
    await signUp(japanese, 'jp');
    expect((await mailing.current.smtp.awaitMail(japanese.email)).subject).toContain('メールアドレス');
  });

  it('expires the verification link after 24 hours', async () => {
    const payload = member();
    await signUp(payload);
    const link = linkIn((await mailing.current.smtp.awaitMail(payload.email)).text);
    const signedUpAt = clock.now;
    clock.now = new Date(signedUpAt.getTime() + 24 * 3_600_000 + 1_000);
    try {
      const response = await confirm(link);
      expect(response.json().redirectUrl).toContain('error=expired');
      expect(response.json().signedIn).toBeNull();
      expect(response.headers['set-cookie']).toBeUndefined();
      const stillUnverified = await login(payload.email, payload.password);
      expect(stillUnverified.json().roles).toEqual(['ROLE_UNVERIFIED']);
    } finally {
      clock.now = signedUpAt;
    }
  });
});

/** Signs a member up and answers his id with the link of his verification mail. */
async function signedUpWithLink(): Promise<{ id: number; email: string; link: string }> {
  const payload = member();
  const created = await signUp(payload);
  const { id } = created.json() as { id: number };
  return { id, email: payload.email, link: linkIn((await mailing.current.smtp.awaitMail(payload.email)).text) };
}

const sessionCookieOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['set-cookie'] ?? '').match(/fm_session=([^;]+)/)?.[1];

const whoIs = (cookie: string) =>
  mailing.current.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie: `fm_session=${cookie}` } });

describe('the verification link signs its member in', () => {
  it('answers with a web session (the login cookie and Authorization header) of the member the link was made for', async () => {
    const { id, link } = await signedUpWithLink();
    const verified = await confirm(link);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().signedIn).toEqual({ id, roles: ['ROLE_USER'] });
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(verified.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = sessionCookieOf(verified);
    expect(cookie).toBe((verified.headers.authorization as string).replace(/^Bearer /, ''));
    expect(String(verified.headers['set-cookie'])).toMatch(/HttpOnly/);
    const me = await whoIs(cookie!);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id, roles: ['ROLE_USER'] });
    // A normal session: logging out everywhere ends it.
    const logout = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: verified.headers.authorization as string },
    });
    expect(logout.statusCode).toBe(204);
    expect((await whoIs(cookie!)).statusCode).toBe(401);
  });

  it('opened in a browser signed in as somebody else, signs in the link’s member only', async () => {
    const other = await signedUpWithLink();
    const otherSession = sessionCookieOf(await confirm(other.link))!;
    const { id, link } = await signedUpWithLink();
    const verified = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      headers: { cookie: `fm_session=${otherSession}`, [CSRF_HEADER_NAME]: CSRF_HEADER_VALUE },
      payload: { token: decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')) },
    });
    expect(verified.json().signedIn).toEqual({ id, roles: ['ROLE_USER'] });
    expect((await whoIs(sessionCookieOf(verified)!)).json().id).toBe(id);
    // The other member's own session is untouched (it is his, in his browser).
    expect((await whoIs(otherSession)).json().id).toBe(other.id);
  });

  it('refuses a verification another site’s page posts (login CSRF), leaving the link for its member', async () => {
    const { id, link } = await signedUpWithLink();
    const crossSite = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { token: decodeURIComponent(new URL(link).hash.replace(/^#token=/, '')) },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CSRF' });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect((await confirm(link)).json().signedIn).toEqual({ id, roles: ['ROLE_USER'] });
  });

  it('signs nobody in with a used, expired or tampered link', async () => {
    const used = await signedUpWithLink();
    expect((await confirm(used.link)).json().signedIn).not.toBeNull();
    const usedAgain = await confirm(used.link);
    expect(usedAgain.json()).toEqual({ redirectUrl: `${PUBLIC_URL}/email-sent?view=already-verified`, signedIn: null });
    expect(usedAgain.headers['set-cookie']).toBeUndefined();

    const tampered = await signedUpWithLink();
    const url = new URL(tampered.link);
    const token = decodeURIComponent(url.hash.replace(/^#token=/, ''));
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/email-verification',
      payload: { token: flipped },
    });
    expect(refused.json()).toEqual({
      redirectUrl: `${PUBLIC_URL}/email-sent?view=suggest-user-authentication&error=expired`,
      signedIn: null,
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.headers.authorization).toBeUndefined();
    // The real link still works afterwards.
    expect((await confirm(tampered.link)).json().signedIn).toEqual({ id: tampered.id, roles: ['ROLE_USER'] });
  });

  it('verifies a blocked member’s address but does not sign him in', async () => {
    const { id, link } = await signedUpWithLink();
    await mailing.current.app.db
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '=', id)
      .execute();
    const verified = await confirm(link);
    expect(verified.json()).toEqual({ redirectUrl: verifySuccessUrl, signedIn: null });
    expect(verified.headers['set-cookie']).toBeUndefined();
    expect(verified.headers.authorization).toBeUndefined();
  });

  it('neither verifies nor signs in a withdrawn member', async () => {
    const { id, link } = await signedUpWithLink();
    await mailing.current.app.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    const verified = await confirm(link);
    expect(verified.json()).toEqual({
      redirectUrl: `${PUBLIC_URL}/email-sent?view=suggest-user-authentication&error=expired`,
      signedIn: null,
    });
    expect(verified.headers['set-cookie']).toBeUndefined();
    const row = await mailing.current.app.db
      .selectFrom('users')
      .select(['email_verified_at', 'roles'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });
});

describe('sign-up validation', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a missing nickname', { username: undefined }, 'username', /required/i],
    ['an empty nickname', { username: '  ' }, 'username', /required/i],
    ['a bad e-mail', { email: 'fan-at-example' }, 'email', /not a valid e-mail/i],
    [
      'a password without digits',
      { password: 'onlyletters' },
      'password',
      /at least 8 characters mixing letters and digits/,
    ],
    ['a short password', { password: 'ab12' }, 'password', /at least 8 characters/],
    ['a phone with letters', { phone: '010-abc' }, 'phone', /Only digits/],
    ['a malformed birth date', { birthDate: '15/01/2000' }, 'birthDate', /YYYY-MM-DD/],
    ['a 13-year-old', { birthDate: '2013-11-23' }, 'birthDate', /at least 14 years old/],
    ['a 16-year-old without consent', { birthDate: '2010-05-01' }, 'parentConsent', /consent/],
    [
      'a foreign verifySuccessUrl',
      { verifySuccessUrl: 'https://evil.example/steal' },
      'verifySuccessUrl',
      /Only addresses of this service/,
    ],
    ['an unknown field', { isAdmin: true }, 'isAdmin', /not allowed/],
  ];
  it.each(cases)(
    'refuses %s with a sub-error on the field and creates nothing',
    async (_name, change, field, message) => {
      const payload = member(change);
      const response = await signUp(payload);
      expect(response.statusCode).toBe(400);
      const body = errorResponseSchema.parse(response.json());
      expect(body.message).toBe('The request has invalid values.');
      const subError = body.subErrors?.find((sub) => sub.field === field);
      expect(subError?.message).toMatch(message);
      const count = await mailing.current.app.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', String(payload.email))
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(0);
    },
  );

  it('accepts a 16-year-old with a parent’s consent, and a member who turns 14 today', async () => {
    expect((await signUp(member({ birthDate: '2010-05-01', parentConsent: true }))).statusCode).toBe(200);
    expect((await signUp(member({ birthDate: '2012-11-22', parentConsent: true }))).statusCode).toBe(200);
  });

  it('answers in Korean and Japanese too', async () => {
    const korean = await signUp(member({ password: 'short' }), 'ko');
    expect(korean.json().subErrors[0].message).toBe('비밀번호는 영문과 숫자를 섞어 8자 이상이어야 합니다.');
    const japanese = await signUp(member({ password: 'short' }), 'ja');
    expect(japanese.json().subErrors[0].message).toBe('パスワードは英字と数字を混ぜた8文字以上にしてください。');
  });

  it('refuses a registered e-mail (in any letter case) with 409 and a sub-error on email', async () => {
    const payload = member();
    expect((await signUp(payload)).statusCode).toBe(200);
    const duplicate = await signUp({ ...member(), email: payload.email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      subErrors: [
        {
          field: 'email',
          message: 'This e-mail address is already registered.',
          rejectedValue: payload.email.toUpperCase(),
        },
      ],
    });
  });

  it('creates exactly one account out of 20 parallel sign-ups with the same e-mail', async () => {
    const email = 'race@example.com';
    const responses = await Promise.all(Array.from({ length: 20 }, () => signUp(member({ email }))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = await mailing.current.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('verification mail re-send', () => {
  it('sends a new working link to an unverified member', async () => {
    const payload = member();
    const { id } = (await signUp(payload)).json() as { id: number };
    await mailing.current.smtp.awaitMail(payload.email);
    const resent = await mailing.current.app.inject({ method: 'POST', url: `/api/v1/users/${id}/email-verification` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ id });
    const mailsTo = () => mailing.current.smtp.mails().filter((mail) => mail.to.includes(payload.email));
    await expect.poll(() => mailsTo().length).toBe(2);
    const latest = mailsTo().at(-1)!;
    const response = await confirm(linkIn(latest.text));
    expect(response.json()).toEqual({ redirectUrl: verifySuccessUrl, signedIn: { id, roles: ['ROLE_USER'] } });
  });

  it('L4: tells an anonymous caller nothing (200 for verified and unknown ids, no mail); the owner gets 409; other people’s tokens 403', async () => {
    const first = member();
    const { id } = (await signUp(first)).json() as { id: number };
    const link = linkIn((await mailing.current.smtp.awaitMail(first.email)).text);
    await confirm(link);
    const mailsBefore = mailing.current.smtp.mails().length;
    const verified = await mailing.current.app.inject({
      method: 'POST',
      url: `/api/v1/users/${id}/email-verification`,
    });
    const unknown = await mailing.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/999999/email-verification',
    });
    expect([verified.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(verified.json()).toEqual({ id });
    expect(unknown.json()).toEqual({ id: 999999 });
    expect(mailing.current.smtp.mails().length).toBe(mailsBefore);
    const ownToken = (await login(first.email, first.password)).headers.authorization as string;
    const own = await mailing.current.app.inject({
      method: 'POST',
      url: `/api/v1/users/${id}/email-verification`,
      headers: { authorization: ownToken },
    });
    expect(own.statusCode).toBe(409);

    const other = member();
    const { id: otherId } = (await signUp(other)).json() as { id: number };
    const token = (await login(first.email, first.password)).headers.authorization as string;
    const forbidden = await mailing.current.app.inject({
      method: 'POST',
      url: `/api/v1/users/${otherId}/email-verification`,
      headers: { authorization: token },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'access denied', status: 403 });
    const badId = await mailing.current.app.inject({ method: 'POST', url: '/api/v1/users/abc/email-verification' });
    expect(badId.statusCode).toBe(400);
  });
});
