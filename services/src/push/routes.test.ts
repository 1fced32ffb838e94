import type { NotificationPreferences } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { createTestApp, testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { browserSubscription } from '@fanmission/tests/support/push-service';
import { MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER } from './index';

const testApp = useTestApp();
const app = () => testApp.current.app;
let fan: TestAccount;

beforeAll(async () => {
  fan = await createAccount(app());
});

const local = (name: string) => browserSubscription(`http://127.0.0.1:9/push/${name}`);

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  account: TestAccount | null,
  payload?: object,
  language = 'en',
) {
  return app().inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(account && account.headers), 'accept-language': language },
    ...(payload && { payload }),
  });
}

const subErrors = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as { subErrors: { field: string; message: string }[] }).subErrors.map((e) => [
      e.field,
      e.message,
    ]),
  );

const endpointsOf = async (account: TestAccount) =>
  (
    await app()
      .db.selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', account.id)
      .orderBy('id')
      .execute()
  ).map((row) => row.endpoint);

describe('GET /push/vapid-public-key', () => {
  it('gives anybody the key browsers subscribe with', async () => {
    const response = await call('GET', '/push/vapid-public-key', null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: testApp.current.config.WEB_PUSH_VAPID_PUBLIC_KEY });
  });

  it('answers 404 where no key pair is configured, and registers nothing there', async () => {
    const bare = await createTestApp({
      config: testConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: '', WEB_PUSH_VAPID_PRIVATE_KEY: '' }),
    });
    try {
      const key = await bare.app.inject({ method: 'GET', url: '/api/v1/push/vapid-public-key' });
      expect(key.statusCode).toBe(404);
      const member = await createAccount(bare.app);
      const browser = local('bare');
      const register = await bare.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/push-subscriptions',
        headers: member.headers,
        payload: { endpoint: browser.endpoint, keys: browser.keys },
      });
      expect(register.statusCode).toBe(404);
    } finally {
      await bare.app.close();
      await bare.database.drop();
    }
  });
});

describe('PUT and DELETE /users/me/push-subscriptions', () => {
  it('registers a browser, refreshes it, and forgets it', async () => {
    const browser = local('laptop');
    const payload = { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null };
    expect((await call('PUT', '/users/me/push-subscriptions', fan, payload)).statusCode).toBe(204);
    expect((await call('PUT', '/users/me/push-subscriptions', fan, payload)).statusCode).toBe(204);
    expect(await endpointsOf(fan)).toEqual([browser.endpoint]);
    const removal = await call('DELETE', '/users/me/push-subscriptions', fan, { endpoint: browser.endpoint });
    expect(removal.statusCode).toBe(204);
    expect(await endpointsOf(fan)).toEqual([]);
  });

  it('moves a browser to the member who subscribes it last; the other member cannot remove it', async () => {
    const first = await createAccount(app());
    const second = await createAccount(app());
    const browser = local('shared');
    const payload = { endpoint: browser.endpoint, keys: browser.keys };
    await call('PUT', '/users/me/push-subscriptions', first, payload);
    await call('PUT', '/users/me/push-subscriptions', second, payload);
    expect(await endpointsOf(first)).toEqual([]);
    expect(await endpointsOf(second)).toEqual([browser.endpoint]);
    // Somebody else's browser: 204 as for any unknown endpoint, and it stays.
    const removal = await call('DELETE', '/users/me/push-subscriptions', first, { endpoint: browser.endpoint });
    expect(removal.statusCode).toBe(204);
    expect(await endpointsOf(second)).toEqual([browser.endpoint]);
  });

  it(`keeps a member’s ${MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER} latest browsers`, async () => {
    const member = await createAccount(app());
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER + 2 }, (_, i) => local(`many-${i}`));
    for (const browser of browsers) {
      await call('PUT', '/users/me/push-subscriptions', member, { endpoint: browser.endpoint, keys: browser.keys });
    }
    expect(await endpointsOf(member)).toEqual(browsers.slice(2).map((browser) => browser.endpoint));
  });

  it('forgets every browser of the member when he logs out', async () => {
    const member = await createAccount(app());
    for (const name of ['a', 'b']) {
      const browser = local(`logout-${name}`);
      await call('PUT', '/users/me/push-subscriptions', member, { endpoint: browser.endpoint, keys: browser.keys });
    }
    const logout = await app().inject({ method: 'POST', url: '/api/logout', headers: member.headers });
    expect(logout.statusCode).toBe(204);
    expect(await endpointsOf(member)).toEqual([]);
  });

  it.each([
    ['PUT', { endpoint: 'http://127.0.0.1:9/push/x', keys: local('x').keys }],
    ['DELETE', { endpoint: 'http://127.0.0.1:9/push/x' }],
  ] as const)('refuses a %s of a caller who is not logged in (401)', async (method, payload) => {
    expect((await call(method, '/users/me/push-subscriptions', null, payload)).statusCode).toBe(401);
  });

  it('names each field that is wrong, in the caller’s language', async () => {
    const browser = local('fields');
    const missing = await call('PUT', '/users/me/push-subscriptions', fan, {});
    expect(missing.statusCode).toBe(400);
    expect(subErrors(missing.body)).toEqual({ endpoint: 'This field is required.', keys: 'This field is required.' });

    const wrong = await call('PUT', '/users/me/push-subscriptions', fan, {
      endpoint: 'not a url',
      keys: { p256dh: 'too-short', auth: '@@@@@@@@@@@@@@@@@@@@@@' },
    });
    expect(subErrors(wrong.body)).toEqual({
      endpoint: 'This is not a valid URL.',
      'keys.p256dh': 'This is not a key as the browser gives it (base64url).',
      'keys.auth': 'This is not a key as the browser gives it (base64url).',
    });
    const notAPoint = { endpoint: browser.endpoint, keys: { ...browser.keys, p256dh: 'x'.repeat(87) } };
    const offCurve = await call('PUT', '/users/me/push-subscriptions', fan, notAPoint);
    expect(subErrors(offCurve.body)).toEqual({
      'keys.p256dh': 'This is not a key as the browser gives it (base64url).',
    });
    const korean = await call('PUT', '/users/me/push-subscriptions', fan, { ...browser, keys: {} }, 'ko');
    expect(subErrors(korean.body)).toEqual({ 'keys.p256dh': '필수 항목입니다.', 'keys.auth': '필수 항목입니다.' });

    const expired = { endpoint: browser.endpoint, keys: browser.keys, expirationTime: Date.now() - 1_000 };
    for (const [language, message] of [
      ['en', 'This subscription has already expired.'],
      ['ko', '이미 만료된 구독입니다.'],
      ['ja', 'この購読はすでに期限切れです。'],
    ] as const) {
      const response = await call('PUT', '/users/me/push-subscriptions', fan, expired, language);
      expect(response.statusCode).toBe(400);
      expect(subErrors(response.body)).toEqual({ expirationTime: message });
    }

    const otherHost = { endpoint: 'https://push.example.com/x', keys: browser.keys };
    const japanese = await call('PUT', '/users/me/push-subscriptions', fan, otherHost, 'ja');
    expect(subErrors(japanese.body)).toEqual({
      endpoint: 'ブラウザベンダーのプッシュサービスのアドレスではありません。',
    });
    const removal = await call('DELETE', '/users/me/push-subscriptions', fan, {});
    expect(subErrors(removal.body)).toEqual({ endpoint: 'This field is required.' });
    expect(await endpointsOf(fan)).toEqual([]);
  });
});

describe('GET and PUT /users/me/notification-preferences', () => {
  const get = async (account: TestAccount) =>
    (await call('GET', '/users/me/notification-preferences', account)).json<NotificationPreferences>();
  const choicesOf = (preferences: NotificationPreferences) =>
    Object.fromEntries(preferences.topics.map((topic) => [topic.topic, [topic.push, topic.mail]]));

  it('has every topic on, except promotions without consent, with each topic’s kinds and audience', async () => {
    const preferences = await get(fan);
    expect(preferences.marketing).toEqual({ consentedAt: null, nightConsentedAt: null });
    const choices = choicesOf(preferences);
    expect(choices.MARKETING).toEqual([false, false]);
    expect(Object.entries(choices).filter(([topic]) => topic !== 'MARKETING')).toSatisfy((entries: unknown[][]) =>
      entries.every(([, channels]) => JSON.stringify(channels) === '[true,true]'),
    );
    expect(preferences.topics.find((topic) => topic.topic === 'MISSION_ENDED')).toMatchObject({
      audience: 'FAN',
      kinds: expect.arrayContaining(['MISSION_REFUSED', 'MISSION_CANCELED', 'EVENT_PRIZE_EXPIRED']),
    });
    expect(preferences.topics.find((topic) => topic.topic === 'MISSION_REQUESTS')).toMatchObject({
      audience: 'CREATOR',
      kinds: ['MISSION_REQUESTED'],
    });
  });

  it('changes only the channels sent, and records each consent with the moment it was given', async () => {
    const member = await createAccount(app());
    const first = await call('PUT', '/users/me/notification-preferences', member, {
      topics: [
        { topic: 'COMMENTS', push: false },
        { topic: 'MONEY', mail: false },
      ],
      marketing: { consent: true, nightConsent: false },
    });
    expect(first.statusCode).toBe(200);
    const afterFirst = first.json<NotificationPreferences>();
    expect(choicesOf(afterFirst)).toMatchObject({
      COMMENTS: [false, true],
      MONEY: [true, false],
      MARKETING: [true, true],
    });
    expect(afterFirst.marketing.consentedAt).toEqual(expect.any(String));
    expect(afterFirst.marketing.nightConsentedAt).toBeNull();

    const second = await call('PUT', '/users/me/notification-preferences', member, {
      topics: [{ topic: 'COMMENTS', mail: false }],
      marketing: { consent: true, nightConsent: true },
    });
    const afterSecond = second.json<NotificationPreferences>();
    expect(choicesOf(afterSecond).COMMENTS).toEqual([false, false]);
    // The first consent keeps its moment.
    expect(afterSecond.marketing.consentedAt).toBe(afterFirst.marketing.consentedAt);
    expect(afterSecond.marketing.nightConsentedAt).toEqual(expect.any(String));

    const withdrawn = await call('PUT', '/users/me/notification-preferences', member, {
      marketing: { consent: false, nightConsent: false },
    });
    const afterWithdrawal = withdrawn.json<NotificationPreferences>();
    expect(afterWithdrawal.marketing).toEqual({ consentedAt: null, nightConsentedAt: null });
    expect(choicesOf(afterWithdrawal).MARKETING).toEqual([false, false]);
    expect((await get(member)).marketing).toEqual(afterWithdrawal.marketing);
  });

  it('refuses the night consent without the other, an unknown topic and an unknown field, in the caller’s language', async () => {
    for (const [language, message] of [
      ['en', 'Promotions at night need the consent to promotions.'],
      ['ko', '야간 광고 수신 동의는 광고 수신 동의가 있어야 합니다.'],
      ['ja', '夜間の広告受信には広告受信への同意が必要です。'],
    ] as const) {
      const response = await call(
        'PUT',
        '/users/me/notification-preferences',
        fan,
        { marketing: { consent: false, nightConsent: true } },
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(subErrors(response.body)).toEqual({ 'marketing.nightConsent': message });
    }
    const unknownTopic = await call('PUT', '/users/me/notification-preferences', fan, {
      topics: [{ topic: 'GOSSIP', push: false }],
    });
    expect(unknownTopic.statusCode).toBe(400);
    expect(Object.keys(subErrors(unknownTopic.body))).toEqual(['topics[0].topic']);
    const unknownField = await call('PUT', '/users/me/notification-preferences', fan, { sms: true });
    expect(subErrors(unknownField.body)).toEqual({ sms: 'This field is not allowed.' });
    const notBoolean = await call('PUT', '/users/me/notification-preferences', fan, {
      topics: [{ topic: 'COMMENTS', push: 'no' }],
    });
    expect(Object.keys(subErrors(notBoolean.body))).toEqual(['topics[0].push']);
    expect((await get(fan)).marketing.nightConsentedAt).toBeNull();
  });

  it('refuses a caller who is not logged in (401)', async () => {
    expect((await call('GET', '/users/me/notification-preferences', null)).statusCode).toBe(401);
    expect((await call('PUT', '/users/me/notification-preferences', null, { topics: [] })).statusCode).toBe(401);
  });
});
