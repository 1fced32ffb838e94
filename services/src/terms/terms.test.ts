import {
  adminTermsVersionSchema,
  AGE,
  COIN_RULES,
  DAY_MS,
  DEADLINES,
  PROVIDER_PAY_METHODS,
  SETTLEMENT,
  SUPPORT_HOURS,
  TERMS_NOTICE_DAYS,
  UNFAVOURABLE_TERMS_NOTICE_DAYS,
  errorResponseSchema,
  formatDay,
  koreaDate,
  notificationPageSchema,
  termsConsentSchema,
  termsPageSchema,
} from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { createSmtpMailer } from '../mail';
import { sendTermsNotices } from './notice';

// The app's clock starts at the real time (accounts are created with the database's clock) and moves forward.
const clock = { now: new Date() };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;

let operator: TestAccount;
let finance: TestAccount;
let fan: TestAccount;
let englishFan: TestAccount;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  fan = await createAccount(app(), { username: '약관팬' });
  englishFan = await createAccount(app(), { username: 'termsfan' });
  await app().db.updateTable('users').set({ language: 'en' }).where('id', '=', englishFan.id).execute();
});

const dayAfter = (days: number) => koreaDate(new Date(clock.now.getTime() + days * DAY_MS));
/** The first Korea-time day whose start is at least `days` days after the clock. */
const earliestDay = (days: number) => koreaDate(new Date(clock.now.getTime() + days * DAY_MS + DAY_MS - 1));

const texts = {
  summary: {
    ko: '코인 유효기간 안내를 고쳤습니다.',
    en: 'The coin validity wording changed.',
    ja: 'コイン有効期間の案内を修正しました。',
  },
  body: {
    ko: '## 제1조 (목적)\n\n새 약관 본문입니다.',
    en: '## Article 1 (Purpose)\n\nThe new text.',
    ja: '## 第1条（目的）\n\n新しい本文です。',
  },
};

const publish = (payload: object, account: TestAccount | null = operator, language = 'ko') =>
  app().inject({
    method: 'POST',
    url: '/api/admin/terms-versions',
    headers: { 'accept-language': language, ...(account && account.headers) },
    payload,
  });

const member = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account: TestAccount, payload?: object) =>
  app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'ko', ...account.headers },
    ...(payload && { payload }),
  });

/** The id of the service terms' version 1. */
const termsVersion1 = async () =>
  (
    await app()
      .db.selectFrom('terms_versions')
      .select('id')
      .where('kind', '=', 'terms')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;

const fieldErrors = (response: { json(): unknown }) =>
  errorResponseSchema.parse(response.json()).subErrors?.map((error) => [error.field, error.message]);

describe('terms versions', () => {
  it('shows version 1 of each document, the web app’s former text, in force since the service began', async () => {
    const ko = await app().inject({ method: 'GET', url: '/api/v1/terms/terms', headers: { 'accept-language': 'ko' } });
    expect(ko.statusCode).toBe(200);
    const page = termsPageSchema.parse(ko.json());
    expect(page).toMatchObject({ current: { kind: 'terms', version: 1, effectiveAt: '2024-12-31T15:00:00.000Z' } });
    expect(page.next).toBeNull();
    // Article 3 names every way the product charges coins.
    for (const name of ['카드', '카카오페이', '휴대폰 결제', 'PayPal', '무통장 입금'])
      expect(page.current.body).toContain(name);
    expect(page.current.body).toMatch(/^## 제1조/);

    const en = await app().inject({
      method: 'GET',
      url: '/api/v1/terms/privacy',
      headers: { 'accept-language': 'en' },
    });
    expect(termsPageSchema.parse(en.json()).current.body).toContain('1 year after withdrawal');
    const ja = await app().inject({
      method: 'GET',
      url: '/api/v1/terms/operating',
      headers: { 'accept-language': 'ja' },
    });
    expect(termsPageSchema.parse(ja.json()).current.version).toBe(1);

    const unknown = await app().inject({ method: 'GET', url: '/api/v1/terms/cookies' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown)?.[0]?.[0]).toBe('kind');
  });

  it.each(['ko', 'en', 'ja'] as const)('version 1 carries the business rules it quotes (%s)', async (language) => {
    const text = async (kind: string) =>
      termsPageSchema.parse(
        (
          await app().inject({ method: 'GET', url: `/api/v1/terms/${kind}`, headers: { 'accept-language': language } })
        ).json(),
      ).current.body;
    const terms = await text('terms');
    for (const value of [
      AGE.minimum,
      COIN_RULES.validityYears,
      COIN_RULES.withdrawalWindowDays,
      DEADLINES.missionPerformDays,
      DEADLINES.customDecisionDays,
      TERMS_NOTICE_DAYS,
      UNFAVOURABLE_TERMS_NOTICE_DAYS,
    ]) {
      expect(terms).toContain(String(value));
    }
    expect(terms).toContain(SUPPORT_HOURS.weekdaysFrom);
    // One name for each provider method (kakaopay, card, phone, paypal) and the bank deposit.
    const names = {
      ko: ['카드', '카카오페이', '휴대폰 결제', 'PayPal', '무통장 입금'],
      en: ['card', 'KakaoPay', 'mobile phone billing', 'PayPal', 'bank deposit'],
      ja: ['カード', 'KakaoPay', '携帯電話決済', 'PayPal', '銀行振込'],
    }[language];
    expect(names).toHaveLength(PROVIDER_PAY_METHODS.length + 1);
    for (const name of names) expect(terms).toContain(name);
    const privacy = await text('privacy');
    for (const years of [5, 3, 1]) expect(privacy).toContain(String(years));
    const operating = await text('operating');
    for (const value of [SETTLEMENT.minimumCoins, DEADLINES.objectionAfterBlockDays]) {
      expect(operating).toContain(String(value));
    }
  });

  it('refuses an effective date closer than the notice period, in the caller’s language', async () => {
    const tooSoon = await publish({ kind: 'terms', effectiveDate: dayAfter(14), ...texts });
    expect(tooSoon.statusCode).toBe(400);
    expect(fieldErrors(tooSoon)).toEqual([
      ['effectiveDate', `시행일은 오늘부터 15일 이후(${earliestDay(15)} 이후)여야 합니다.`],
    ]);

    // Unfavourable to members: 30 days.
    const unfavourable = await publish(
      { kind: 'terms', effectiveDate: earliestDay(15), unfavourable: true, ...texts },
      operator,
      'en',
    );
    expect(unfavourable.statusCode).toBe(400);
    expect(fieldErrors(unfavourable)).toEqual([
      ['effectiveDate', `The effective date must be at least 30 days ahead (on or after ${earliestDay(30)}).`],
    ]);
  });

  it('refuses a text missing in a language, a bad date and an unknown kind, naming each field', async () => {
    const missing = await publish({
      kind: 'terms',
      effectiveDate: earliestDay(15),
      summary: { ...texts.summary, ja: ' ' },
      body: texts.body,
    });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing)).toEqual([['summary.ja', '필수 항목입니다.']]);

    const badDate = await publish({ kind: 'terms', effectiveDate: '2026-13-40', ...texts });
    expect(badDate.statusCode).toBe(400);
    expect(fieldErrors(badDate)?.map(([field]) => field)).toEqual(['effectiveDate']);

    const badKind = await publish({ kind: 'cookies', effectiveDate: earliestDay(15), ...texts });
    expect(badKind.statusCode).toBe(400);
    expect(fieldErrors(badKind)?.map(([field]) => field)).toEqual(['kind']);
  });

  it('lets operators alone publish and withdraw', async () => {
    const payload = { kind: 'operating', effectiveDate: earliestDay(15), ...texts };
    expect((await publish(payload, null)).statusCode).toBe(401);
    expect((await publish(payload, fan)).statusCode).toBe(403);
    expect((await publish(payload, finance)).statusCode).toBe(403);
    const list = await app().inject({ method: 'GET', url: '/api/admin/terms-versions', headers: fan.headers });
    expect(list.statusCode).toBe(403);
    const withdraw = await app().inject({
      method: 'DELETE',
      url: '/api/admin/terms-versions/1',
      headers: finance.headers,
    });
    expect(withdraw.statusCode).toBe(403);
    expect(await app().db.selectFrom('terms_versions').select('id').where('version', '>', 1).execute()).toEqual([]);
  });

  let termsV2: number;

  it('publishes a version 15 days ahead, shows it as the next one, and refuses one before it', async () => {
    const published = await publish({ kind: 'terms', effectiveDate: earliestDay(15), ...texts });
    expect(published.statusCode).toBe(200);
    const version = adminTermsVersionSchema.parse(published.json());
    expect(version).toMatchObject({
      kind: 'terms',
      version: 2,
      state: 'SCHEDULED',
      unfavourable: false,
      effectiveAt: new Date(`${earliestDay(15)}T00:00:00+09:00`).toISOString(),
      publishedBy: { id: operator.id },
      withdrawnAt: null,
      noticeSentAt: null,
    });
    termsV2 = version.id;

    const page = termsPageSchema.parse(
      (await app().inject({ method: 'GET', url: '/api/v1/terms/terms', headers: { 'accept-language': 'en' } })).json(),
    );
    expect(page.current.version).toBe(1);
    expect(page.next).toMatchObject({ version: 2, summary: texts.summary.en, body: texts.body.en });

    const before = await publish({ kind: 'terms', effectiveDate: earliestDay(15), ...texts });
    expect(before.statusCode).toBe(400);
    expect(fieldErrors(before)).toEqual([
      ['effectiveDate', `시행일은 예정된 버전의 시행일(${formatDay(earliestDay(15))})보다 뒤여야 합니다.`],
    ]);
  });

  it('tells every member in batches: a notification and a mail in his language, once', async () => {
    const extra = await Promise.all([1, 2, 3].map(() => createAccount(app())));
    const deps = {
      db: app().db,
      mailer: createSmtpMailer({ smtpUrl: mailing.current.smtp.url, from: 'Fanmission <no-reply@fanmission.local>' }),
      publicUrl: 'http://localhost:8080',
      batchSize: 2,
      now: () => clock.now,
    };
    const members = await app().db.selectFrom('users').select('id').where('deleted_at', 'is', null).execute();
    // Two workers at once: each batch is written and mailed by one of them.
    const counts = await Promise.all([sendTermsNotices(deps), sendTermsNotices(deps)]);
    expect(counts[0] + counts[1]).toBe(members.length);

    const notifications = notificationPageSchema.parse(
      (await member('GET', '/users/me/notifications/page?page=0&size=10', fan)).json(),
    );
    expect(notifications.content[0]).toMatchObject({
      kind: 'TERMS_CHANGED',
      termsKind: 'terms',
      content: `서비스 이용약관 변경 안내: ${formatDay(earliestDay(15))}부터 적용됩니다. 변경 내용을 확인해 주세요.`,
    });
    const korean = await mailing.current.smtp.awaitMail(fan.email, { subject: /서비스 이용약관 변경 안내/ });
    expect(korean.text).toContain(texts.summary.ko);
    expect(korean.text).toContain('http://localhost:8080/provideterms');
    const english = await mailing.current.smtp.awaitMail(englishFan.email, { subject: /Terms of service/ });
    expect(english.text).toContain(texts.summary.en);
    await mailing.current.smtp.awaitMail(extra[2]!.email, { subject: /변경 안내/ });

    const noticesTo = (email: string) =>
      mailing.current.smtp
        .mails()
        .filter((mail) => mail.to.includes(email) && /변경 안내|Changes to/.test(mail.subject));
    for (const account of [fan, englishFan, ...extra]) expect(noticesTo(account.email)).toHaveLength(1);

    // Done: a second run tells nobody again.
    const mailsBefore = mailing.current.smtp.mails().length;
    expect(await sendTermsNotices(deps)).toBe(0);
    expect(mailing.current.smtp.mails().length).toBe(mailsBefore);
    const rows = await app()
      .db.selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'TERMS_CHANGED')
      .execute();
    expect(rows.length).toBe(members.length);
    const version = await app()
      .db.selectFrom('terms_versions')
      .selectAll()
      .where('id', '=', termsV2)
      .executeTakeFirstOrThrow();
    expect(version.notice_sent_at).not.toBeNull();
  });

  it('withdraws a version not yet in force, never one in force', async () => {
    const privacy = await publish({ kind: 'privacy', effectiveDate: earliestDay(20), ...texts });
    const id = adminTermsVersionSchema.parse(privacy.json()).id;
    const withdrawn = await app().inject({
      method: 'DELETE',
      url: `/api/admin/terms-versions/${id}`,
      headers: operator.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(adminTermsVersionSchema.parse(withdrawn.json())).toMatchObject({ state: 'WITHDRAWN', version: 2 });
    const page = termsPageSchema.parse((await app().inject({ method: 'GET', url: '/api/v1/terms/privacy' })).json());
    expect(page.next).toBeNull();
    const again = await app().inject({
      method: 'DELETE',
      url: `/api/admin/terms-versions/${id}`,
      headers: { 'accept-language': 'en', ...operator.headers },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This version is already withdrawn.');
    // Its notice never goes out.
    const deps = {
      db: app().db,
      mailer: { send: async () => undefined, close: async () => undefined },
      publicUrl: 'http://localhost:8080',
    };
    expect(await sendTermsNotices(deps)).toBe(0);

    const inForce = await termsVersion1();
    const refused = await app().inject({
      method: 'DELETE',
      url: `/api/admin/terms-versions/${inForce}`,
      headers: { 'accept-language': 'en', ...operator.headers },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A version already in force can be neither withdrawn nor changed.');
    const missing = await app().inject({
      method: 'DELETE',
      url: '/api/admin/terms-versions/999999',
      headers: operator.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('asks members who joined before the effective date to accept it, and refuses their changes until they do', async () => {
    const profile = { username: '약관팬' };
    expect(termsConsentSchema.parse((await member('GET', '/users/me/terms-consent', fan)).json()).pending).toEqual([]);
    expect((await member('PUT', `/users/${fan.id}`, fan, profile)).statusCode).toBe(200);

    clock.now = new Date(new Date(`${earliestDay(15)}T00:00:00+09:00`).getTime() + 60_000);

    const consent = termsConsentSchema.parse((await member('GET', '/users/me/terms-consent', fan)).json());
    expect(consent.pending).toMatchObject([{ id: termsV2, kind: 'terms', version: 2, summary: texts.summary.ko }]);
    // Reads go on; changes wait.
    expect((await member('GET', '/users/me', fan)).statusCode).toBe(200);
    const refused = await member('PUT', `/users/${fan.id}`, fan, profile);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      message: '변경된 약관에 동의한 뒤 이용할 수 있습니다.',
    });
    // Leaving the service stays open: the deletion answers its own rule (the password), not the terms.
    const leaving = await member('DELETE', '/users/me', fan, { password: 'wrong-password', forfeitCoins: true });
    expect(leaving.json().code).not.toBe('TERMS_NOT_ACCEPTED');

    // Only a version in force can be accepted.
    const v1 = await termsVersion1();
    const wrong = await member('POST', '/users/me/terms-acceptances', fan, { versionIds: [v1] });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong)).toEqual([['versionIds', '동의할 수 있는 현재 시행 중인 약관 버전이 아닙니다.']]);
    const empty = await member('POST', '/users/me/terms-acceptances', fan, { versionIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)?.map(([field]) => field)).toEqual(['versionIds']);

    const accepted = await member('POST', '/users/me/terms-acceptances', fan, { versionIds: [termsV2] });
    expect(accepted.statusCode).toBe(200);
    expect(termsConsentSchema.parse(accepted.json()).pending).toEqual([]);
    const row = await app()
      .db.selectFrom('terms_acceptances')
      .selectAll()
      .where('user_id', '=', fan.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: fan.id, terms_version_id: termsV2, accepted_at: clock.now });
    expect((await member('PUT', `/users/${fan.id}`, fan, profile)).statusCode).toBe(200);

    // Another member is still asked.
    expect((await member('PUT', `/users/${englishFan.id}`, englishFan, { username: 'termsfan' })).statusCode).toBe(403);

    // The console lists each version with its state today.
    const list = await app().inject({ method: 'GET', url: '/api/admin/terms-versions', headers: operator.headers });
    const states = (list.json() as { kind: string; version: number; state: string }[]).map(
      (version) => `${version.kind} ${version.version} ${version.state}`,
    );
    expect(states).toEqual([
      'privacy 2 WITHDRAWN',
      'terms 2 IN_FORCE',
      'operating 1 IN_FORCE',
      'privacy 1 IN_FORCE',
      'terms 1 PAST',
    ]);
    expect(list.headers['content-range']).toBe('terms-versions 0-4/5');
  });

  it('records the sign-up’s acceptance of the versions in force', async () => {
    const created = await app().inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        username: 'newcomer',
        email: 'newcomer@example.com',
        password: 'letters123',
        verifySuccessUrl: 'http://localhost:8080/email-sent/success-auth-public-user',
        birthDate: '2000-01-15',
      },
    });
    expect(created.statusCode).toBe(200);
    const rows = await app()
      .db.selectFrom('terms_acceptances as a')
      .innerJoin('terms_versions as v', 'v.id', 'a.terms_version_id')
      .select(['v.kind', 'v.version', 'a.accepted_at'])
      .where('a.user_id', '=', created.json().id)
      .orderBy('v.kind')
      .execute();
    expect(rows).toEqual([
      { kind: 'privacy', version: 1, accepted_at: clock.now },
      { kind: 'terms', version: 2, accepted_at: clock.now },
    ]);
  });
});
