// The adult verification through the HTTP API with the sandbox provider: starting an identity check, the sandbox's
// page and decisions, then the server reading the check back: an adult is recorded (time and id only), a minor, an
// unfinished, a cancelled or a borrowed check is refused and records nothing. Every validation and permission error.
import { kstDate } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { identityNameHmac } from '../creators';

const testApp = useTestApp();
const app = () => testApp.current.app;
const PUBLIC_URL = 'http://localhost:8080';
const BACK = `${PUBLIC_URL}/creator/7`;

const call = (method: 'GET' | 'POST', url: string, account?: TestAccount, payload?: object, language = 'en') =>
  app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': language, ...(account && account.headers) },
    ...(payload !== undefined && { payload }),
  });

/** A birth date `years` years and `days` days before today in Korea. */
function bornYearsAgo(years: number, days = 0): string {
  const today = new Date(`${kstDate(new Date())}T00:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

async function start(member: TestAccount) {
  const response = await call('POST', '/users/me/identity-verifications', member, { redirectUrl: BACK });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ identityVerificationId: string; sandboxUrl: string; provider: string }>();
}

/** The tester completes the sandbox check with a birth date (the page's form post). */
function sandboxVerify(id: string, birthDate: string, name?: string) {
  return app().inject({
    method: 'POST',
    url: `/api/v1/identity-verification/sandbox/${id}/verify?lang=ko`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ birthDate, ...(name !== undefined && { name }) }).toString(),
  });
}

const confirm = (member: TestAccount, identityVerificationId: unknown, language?: string) =>
  call('POST', '/users/me/adult-verification', member, { identityVerificationId }, language);

const adultVerifiedAt = async (member: TestAccount) =>
  (await call('GET', '/users/me', member)).json<{ adultVerifiedAt: string | null }>().adultVerifiedAt;

describe('an adult verification through the sandbox identity check', () => {
  it('starts a check, shows the sandbox page, and records an adult with only the time and the id', async () => {
    const member = await createAccount(app());
    const started = await start(member);
    expect(started).toMatchObject({ provider: 'sandbox', storeId: null, channelKey: null });
    expect(started.sandboxUrl).toBe(
      `${PUBLIC_URL}/api/v1/identity-verification/sandbox/${started.identityVerificationId}?lang=en`,
    );

    const page = await app().inject({ method: 'GET', url: new URL(started.sandboxUrl).pathname + '?lang=ko' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('테스트 본인인증');
    expect(page.body).toContain('name="birthDate"');

    const decided = await sandboxVerify(started.identityVerificationId, '1990-05-17');
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`${BACK}?identityVerificationId=${started.identityVerificationId}`);

    expect(await adultVerifiedAt(member)).toBeNull();
    const verified = await confirm(member, started.identityVerificationId);
    expect(verified.statusCode, verified.body).toBe(200);
    const at = verified.json<{ adultVerifiedAt: string }>().adultVerifiedAt;
    expect(await adultVerifiedAt(member)).toBe(at);
    const row = await app()
      .db.selectFrom('users')
      .select(['adult_verified_at', 'adult_verification_id', 'birth_date', 'username'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    // Data minimization: the verified birth date and name are not the member's (his own sign-up fields stay as they were).
    expect(row).toMatchObject({ adult_verification_id: started.identityVerificationId, birth_date: null });
    expect(row.username).not.toBe('홍길동');

    // Repeating answers the first verification.
    const again = await confirm(member, started.identityVerificationId);
    expect(again.json()).toEqual({ adultVerifiedAt: at });
  });

  it('keeps of the verified name only its HMAC, which a payout account’s holder is compared with', async () => {
    const member = await createAccount(app());
    const started = await start(member);
    expect((await sandboxVerify(started.identityVerificationId, '1990-05-17', '홍 길동')).statusCode).toBe(303);
    expect((await confirm(member, started.identityVerificationId)).statusCode).toBe(200);
    const row = await app()
      .db.selectFrom('users')
      .select('identity_name_hmac')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    // Spaces aside, the name the check verified; never the name itself.
    expect(row.identity_name_hmac).toBe(identityNameHmac(testApp.current.config, '홍길동'));
    expect(row.identity_name_hmac).not.toContain('홍');

    // A check without a name keeps none.
    const other = await createAccount(app());
    const second = await start(other);
    await sandboxVerify(second.identityVerificationId, '1990-05-17', '');
    expect((await confirm(other, second.identityVerificationId)).statusCode).toBe(200);
    const none = await app()
      .db.selectFrom('users')
      .select('identity_name_hmac')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(none.identity_name_hmac).toBeNull();
  });

  it('lets an adult verified without a name add it with a later check, his first verification standing', async () => {
    const member = await createAccount(app());
    const first = await start(member);
    await sandboxVerify(first.identityVerificationId, '1990-05-17');
    const at = (await confirm(member, first.identityVerificationId)).json<{ adultVerifiedAt: string }>()
      .adultVerifiedAt;
    const nameOf = async () =>
      (
        await app()
          .db.selectFrom('users')
          .select(['identity_name_hmac', 'adult_verification_id'])
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow()
      ).identity_name_hmac;
    expect(await nameOf()).toBeNull();

    const second = await start(member);
    await sandboxVerify(second.identityVerificationId, '1990-05-17', '홍길동');
    const again = await confirm(member, second.identityVerificationId);
    expect(again.json()).toEqual({ adultVerifiedAt: at });
    expect(await nameOf()).toBe(identityNameHmac(testApp.current.config, '홍길동'));
    // Used once; the name, once kept, is not replaced by a later check.
    expect((await confirm(member, second.identityVerificationId)).json()).toEqual({ adultVerifiedAt: at });
    const third = await start(member);
    await sandboxVerify(third.identityVerificationId, '1990-05-17', '김다름');
    await confirm(member, third.identityVerificationId);
    expect(await nameOf()).toBe(identityNameHmac(testApp.current.config, '홍길동'));
  });

  it('takes a member from the first instant of his 19th birthday in Korea', async () => {
    const member = await createAccount(app());
    const { identityVerificationId } = await start(member);
    await sandboxVerify(identityVerificationId, bornYearsAgo(19));
    expect((await confirm(member, identityVerificationId)).statusCode).toBe(200);
  });

  it('refuses a minor with a clear message in his language and records nothing', async () => {
    const member = await createAccount(app());
    const { identityVerificationId } = await start(member);
    await sandboxVerify(identityVerificationId, bornYearsAgo(19, 1));
    const refused = await confirm(member, identityVerificationId, 'ko');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'UNDER_ADULT_AGE',
      message: '만 19세 미만은 성인 인증을 할 수 없습니다. 19세 이상만 볼 수 있는 콘텐츠는 볼 수 없습니다.',
    });
    const inJapanese = await confirm(member, identityVerificationId, 'ja');
    expect(inJapanese.json().message).toBe('満19歳未満の方は成人認証ができないため、このコンテンツは閲覧できません。');
    expect(await adultVerifiedAt(member)).toBeNull();
    const row = await app()
      .db.selectFrom('users')
      .select(['adult_verified_at', 'adult_verification_id'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ adult_verified_at: null, adult_verification_id: null });
  });

  it('refuses a check not finished, cancelled or unknown to the provider (409), recording nothing', async () => {
    const member = await createAccount(app());
    const unfinished = await start(member);
    const notYet = await confirm(member, unfinished.identityVerificationId);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({
      code: 'IDENTITY_NOT_VERIFIED',
      message: 'The identity check was not completed. Please try again.',
    });

    const cancelled = await start(member);
    const back = await app().inject({
      method: 'POST',
      url: `/api/v1/identity-verification/sandbox/${cancelled.identityVerificationId}/cancel`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `${BACK}?identityVerificationId=${cancelled.identityVerificationId}&code=IDENTITY_VERIFICATION_CANCELLED`,
    );
    // The first decision stands: completing a cancelled check changes nothing.
    await sandboxVerify(cancelled.identityVerificationId, '1990-01-01');
    expect((await confirm(member, cancelled.identityVerificationId)).json().code).toBe('IDENTITY_NOT_VERIFIED');

    expect((await confirm(member, 'identity-verification-never-started')).json().code).toBe('IDENTITY_NOT_VERIFIED');
    expect(await adultVerifiedAt(member)).toBeNull();
  });

  it('refuses a check another member started like an unknown one (409 IDENTITY_NOT_VERIFIED)', async () => {
    const owner = await createAccount(app());
    const borrower = await createAccount(app());
    const { identityVerificationId } = await start(owner);
    await sandboxVerify(identityVerificationId, '1985-03-03');
    const borrowed = await confirm(borrower, identityVerificationId);
    expect(borrowed.statusCode).toBe(409);
    expect(borrowed.json().code).toBe('IDENTITY_NOT_VERIFIED');
    expect(await adultVerifiedAt(borrower)).toBeNull();
    expect((await confirm(owner, identityVerificationId)).statusCode).toBe(200);
  });
});

describe('validation and permission errors', () => {
  it('answers 401 to a visitor on both member routes', async () => {
    expect((await call('POST', '/users/me/identity-verifications', undefined, { redirectUrl: BACK })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', '/users/me/adult-verification', undefined, { identityVerificationId: 'x' })).statusCode,
    ).toBe(401);
  });

  it('refuses a missing, malformed or foreign redirectUrl with its field', async () => {
    const member = await createAccount(app());
    for (const [payload, field] of [
      [{}, 'redirectUrl'],
      [{ redirectUrl: 'not a url' }, 'redirectUrl'],
      [{ redirectUrl: 'https://evil.example.com/steal' }, 'redirectUrl'],
    ] as const) {
      const response = await call('POST', '/users/me/identity-verifications', member, payload, 'ko');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().subErrors).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('refuses a missing or malformed identityVerificationId with its field', async () => {
    const member = await createAccount(app());
    for (const identityVerificationId of [undefined, '', 'has spaces/and slashes', 'x'.repeat(101), 42]) {
      const response = await confirm(member, identityVerificationId);
      expect(response.statusCode, String(identityVerificationId)).toBe(400);
      expect(response.json().subErrors).toEqual([expect.objectContaining({ field: 'identityVerificationId' })]);
    }
  });

  it('shows the sandbox page again (400) for an unreadable birth date, and 404 for an unknown check', async () => {
    const member = await createAccount(app());
    const { identityVerificationId } = await start(member);
    const wrong = await sandboxVerify(identityVerificationId, '17/05/1990');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('생년월일을 YYYY-MM-DD 형식으로 입력해 주세요.');
    expect((await confirm(member, identityVerificationId)).json().code).toBe('IDENTITY_NOT_VERIFIED');
    const unknown = await app().inject({ method: 'GET', url: '/api/v1/identity-verification/sandbox/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect((await sandboxVerify('nothing-here', '1990-01-01')).statusCode).toBe(404);
  });
});
