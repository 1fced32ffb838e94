// @vitest-environment jsdom
import {
  isAlimtalkTopic,
  NOTIFICATION_TOPIC_AUDIENCE,
  NOTIFICATION_TOPICS,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { urlBase64ToUint8Array } from '../pwa/push-device';
import { NotificationSettingsCard } from './notification-settings';

function preferences(
  marketing: Partial<NotificationPreferences['marketing']> = {},
  alimtalk: NotificationPreferences['alimtalk'] = { available: false, phoneOnFile: false },
): NotificationPreferences {
  const consented = marketing.consentedAt != null;
  return {
    topics: NOTIFICATION_TOPICS.map((topic) => ({
      topic,
      audience: NOTIFICATION_TOPIC_AUDIENCE[topic],
      kinds: [],
      push: topic !== 'MARKETING' || consented,
      mail: topic !== 'MARKETING' || consented,
      alimtalk: isAlimtalkTopic(topic) ? true : null,
    })),
    marketing: { consentedAt: null, nightConsentedAt: null, ...marketing },
    alimtalk,
  };
}

/** The server's answer to a change: the stored choices (the consents dated now). */
function applied(update: NotificationPreferencesUpdate): NotificationPreferences {
  const stored = preferences({
    consentedAt: update.marketing?.consent ? '2026-11-27T01:00:00Z' : null,
    nightConsentedAt: update.marketing?.nightConsent ? '2026-11-27T01:00:00Z' : null,
  });
  for (const change of update.topics ?? []) {
    const topic = stored.topics.find((choice) => choice.topic === change.topic)!;
    Object.assign(topic, change.push === undefined ? {} : { push: change.push });
    Object.assign(topic, change.mail === undefined ? {} : { mail: change.mail });
    Object.assign(topic, change.alimtalk === undefined ? {} : { alimtalk: change.alimtalk });
  }
  return stored;
}

const render = () =>
  renderAt('/edit-user-profile', <Route path="/edit-user-profile" element={<NotificationSettingsCard />} />);

describe('notification settings', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test.each(['ko', 'en', 'ja'] as const)(
    'a fan sees fans’ topics, turns one channel off and consents to promotions; saved (%s)',
    async (language) => {
      const t = await useLanguage(language);
      window.localStorage.setItem('UserId', '7');
      const user = userEvent.setup();
      const calls = serve({
        'GET /api/v1/users/me/notification-preferences': () => json(preferences()),
        'PUT /api/v1/users/me/notification-preferences': (call) =>
          json(applied(call.body as NotificationPreferencesUpdate)),
      });
      render();
      const form = await screen.findByRole('form', { name: t.notificationSettings.title });
      const names = t.notificationSettings.topics;
      const channel = (topic: keyof typeof names, kind: 'push' | 'mail') =>
        within(form).getByRole('switch', { name: `${names[topic]} ${t.notificationSettings[kind]}` });
      // Fans' and everyone's topics; not the creators'.
      expect(channel('MISSION_ACCEPTED', 'push')).toBeTruthy();
      expect(channel('MONEY', 'mail')).toBeTruthy();
      expect(within(form).queryByText(names.MISSION_REQUESTS)).toBeNull();
      // No browser push here (jsdom has no service worker): the device says so.
      expect((await screen.findByText(t.notificationSettings.device.unsupported)).textContent).toBeTruthy();

      // Promotions: off by default; the night consent needs the other, each its own switch.
      const consent = within(form).getByRole('switch', { name: t.notificationSettings.marketingConsent });
      const night = within(form).getByRole('switch', { name: t.notificationSettings.marketingNightConsent });
      expect((consent as HTMLInputElement).checked).toBe(false);
      expect((night as HTMLInputElement).disabled).toBe(true);

      await user.click(channel('COMMENTS', 'mail'));
      await user.click(consent);
      await user.click(within(form).getByRole('button', { name: t.notificationSettings.save }));
      await screen.findByText(t.notificationSettings.saved);
      const update = calls.find((call) => call.method === 'PUT')!.body as NotificationPreferencesUpdate;
      expect(update.marketing).toEqual({ consent: true, nightConsent: false });
      expect(update.topics).toContainEqual({ topic: 'COMMENTS', push: true, mail: false });
      // Without 알림톡 on this server, no KakaoTalk switch and none of it sent.
      expect(within(form).queryByText(t.notificationSettings.alimtalk)).toBeNull();
      expect(update.topics).toContainEqual({ topic: 'MARKETING', push: true, mail: true });
      expect(update.topics?.map((choice) => choice.topic)).not.toContain('MISSION_REQUESTS');
      // The consent's day shown once given (2026-11-27 10:00 in Korea).
      expect(
        screen.getByText(
          t.notificationSettings.consentedOn.replace(
            '{{date}}',
            { ko: '2026.11.27', en: 'Nov 27, 2026', ja: '2026/11/27' }[language],
          ),
        ),
      ).toBeTruthy();
      expect((channel('COMMENTS', 'mail') as HTMLInputElement).checked).toBe(false);
    },
  );

  test('a creator sees creators’ topics; promotions without consent are not sent; a failed save says so', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '8');
    window.localStorage.setItem('CreatorId', '3');
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/v1/users/me/notification-preferences': () => json(preferences()),
      'PUT /api/v1/users/me/notification-preferences': () => json({ message: 'down' }, 500),
    });
    render();
    const form = await screen.findByRole('form', { name: t.notificationSettings.title });
    expect(within(form).getByText(t.notificationSettings.topics.MISSION_REQUESTS)).toBeTruthy();
    expect(within(form).getByText(t.notificationSettings.topics.DEADLINE_REMINDERS)).toBeTruthy();
    expect(within(form).queryByText(t.notificationSettings.topics.COINS_EXPIRING)).toBeNull();
    await user.click(
      within(form).getByRole('switch', {
        name: `${t.notificationSettings.topics.MISSION_REQUESTS} ${t.notificationSettings.push}`,
      }),
    );
    await user.click(within(form).getByRole('button', { name: t.notificationSettings.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.notificationSettings.failed);
    const update = calls.find((call) => call.method === 'PUT')!.body as NotificationPreferencesUpdate;
    expect(update.topics).toContainEqual({ topic: 'MISSION_REQUESTS', push: false, mail: true, alimtalk: true });
    expect(update.topics?.map((choice) => choice.topic)).not.toContain('MARKETING');
    expect(update.marketing).toEqual({ consent: false, nightConsent: false });
  });

  test('KakaoTalk 알림톡 on the transactional topics only, with where it goes; turned off and saved', async () => {
    const t = await useLanguage('ko');
    window.localStorage.setItem('UserId', '9');
    const user = userEvent.setup();
    let phoneOnFile = false;
    const calls = serve({
      'GET /api/v1/users/me/notification-preferences': () => json(preferences({}, { available: true, phoneOnFile })),
      'PUT /api/v1/users/me/notification-preferences': (call) =>
        json({ ...applied(call.body as NotificationPreferencesUpdate), alimtalk: { available: true, phoneOnFile } }),
    });
    render();
    let form = await screen.findByRole('form', { name: t.notificationSettings.title });
    // No mobile number on the profile: how to get it.
    expect(screen.getByTestId('alimtalk-note').textContent).toBe(t.notificationSettings.alimtalkNoPhone);
    cleanupApp();

    phoneOnFile = true;
    render();
    form = await screen.findByRole('form', { name: t.notificationSettings.title });
    expect(screen.getByTestId('alimtalk-note').textContent).toBe(t.notificationSettings.alimtalkOnFile);
    const names = t.notificationSettings.topics;
    const kakao = (topic: keyof typeof names) =>
      within(form).queryByRole('switch', { name: `${names[topic]} ${t.notificationSettings.alimtalk}` });
    expect((kakao('MONEY') as HTMLInputElement).checked).toBe(true);
    expect(kakao('MISSION_ACCEPTED')).not.toBeNull();
    // Comments and notices are not transactions: no KakaoTalk switch.
    expect(kakao('COMMENTS')).toBeNull();
    expect(kakao('ACCOUNT_NOTICES')).toBeNull();
    await user.click(kakao('MONEY')!);
    await user.click(within(form).getByRole('button', { name: t.notificationSettings.save }));
    await screen.findByText(t.notificationSettings.saved);
    const update = calls.find((call) => call.method === 'PUT')!.body as NotificationPreferencesUpdate;
    expect(update.topics).toContainEqual({ topic: 'MONEY', push: true, mail: true, alimtalk: false });
    expect(update.topics).toContainEqual({ topic: 'COMMENTS', push: true, mail: true });
    expect((kakao('MONEY') as HTMLInputElement).checked).toBe(false);
  });

  test('choices that cannot be loaded say so', async () => {
    const t = await useLanguage('en');
    serve({ 'GET /api/v1/users/me/notification-preferences': () => json({ message: 'down' }, 500) });
    render();
    expect(await screen.findByText(t.notificationSettings.loadFailed, {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('this device’s push', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('a VAPID key in base64url becomes its bytes', () => {
    expect([...urlBase64ToUint8Array('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  test('turned on by a click (permission asked then), registered with the API, turned off again', async () => {
    const t = await useLanguage('ko');
    let permission: NotificationPermission = 'default';
    const requestPermission = vi.fn(async () => (permission = 'granted'));
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
      requestPermission,
    });
    vi.stubGlobal('PushManager', class {});
    let subscription: { endpoint: string; toJSON(): object; unsubscribe(): Promise<boolean> } | null = null;
    const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      expect([...options.applicationServerKey]).toEqual([1, 2, 3]);
      subscription = {
        endpoint: 'http://127.0.0.1:9/push/1',
        toJSON: () => ({ endpoint: 'http://127.0.0.1:9/push/1', keys: { p256dh: 'p', auth: 'a' } }),
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      };
      return subscription;
    });
    const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
    const calls = serve({
      'GET /api/v1/users/me/notification-preferences': () => json(preferences()),
      'GET /api/v1/push/vapid-public-key': () => json({ publicKey: 'AQID' }),
      'PUT /api/v1/users/me/push-subscriptions': () => new Response(null, { status: 204 }),
      'DELETE /api/v1/users/me/push-subscriptions': () => new Response(null, { status: 204 }),
    });
    try {
      const user = userEvent.setup();
      render();
      await screen.findByText(t.notificationSettings.device.off);
      expect(requestPermission).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: t.notificationSettings.device.turnOn }));
      await screen.findByText(t.notificationSettings.device.on);
      expect(requestPermission).toHaveBeenCalledOnce();
      expect(calls.find((call) => call.method === 'PUT' && call.path.endsWith('push-subscriptions'))?.body).toEqual({
        endpoint: 'http://127.0.0.1:9/push/1',
        keys: { p256dh: 'p', auth: 'a' },
      });
      await user.click(screen.getByRole('button', { name: t.notificationSettings.device.turnOff }));
      await screen.findByText(t.notificationSettings.device.off);
      expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ endpoint: 'http://127.0.0.1:9/push/1' });
      expect(subscription).toBeNull();

      // Refused in the browser: how to unblock it.
      permission = 'denied';
      cleanupApp();
      render();
      await screen.findByText(t.notificationSettings.device.blocked);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  /**
   * A browser that can take push up to the subscription: the permission `permission` answers, and `subscribe` (the
   * push service's answer) resolving or rejecting as given. Answers the settings' texts.
   */
  async function browserWith(
    language: 'ko' | 'en' | 'ja',
    options: { pushManager?: boolean; permission?: NotificationPermission; subscribe?: () => Promise<unknown> },
  ) {
    const t = await useLanguage(language);
    let permission: NotificationPermission = 'default';
    vi.stubGlobal('Notification', {
      get permission() {
        return permission;
      },
      requestPermission: vi.fn(async () => (permission = options.permission ?? 'granted')),
    });
    if (options.pushManager !== false) vi.stubGlobal('PushManager', class {});
    else Reflect.deleteProperty(window, 'PushManager');
    const registration = {
      pushManager: { getSubscription: async () => null, subscribe: options.subscribe ?? (async () => null) },
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
    serve({
      'GET /api/v1/users/me/notification-preferences': () => json(preferences()),
      'GET /api/v1/push/vapid-public-key': () => json({ publicKey: 'AQID' }),
    });
    return t.notificationSettings.device;
  }

  /** The device's status line, once it says `text`. */
  const statusSaying = async (text: string) => {
    await screen.findByText(text);
    return screen.getByText(text).closest('[role="status"]')!;
  };

  const REFUSED_FOR_GOOD = {
    ko: ['이 브라우저에서는 푸시 알림을 받을 수 없습니다', '일반 창'],
    en: ['can’t be received in this browser', 'normal window'],
    ja: ['このブラウザではプッシュ通知を受け取れません', '通常のウィンドウ'],
  } as const;

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`a browser without the Push API says push cannot be had here and what to do instead (${language})`, async () => {
      const texts = await browserWith(language, { pushManager: false });
      try {
        render();
        const status = await statusSaying(texts.unsupported);
        for (const words of REFUSED_FOR_GOOD[language]) expect(status.textContent).toContain(words);
        expect(screen.queryByRole('button', { name: texts.turnOn })).toBeNull();
        expect(screen.queryByText(texts.failed)).toBeNull();
      } finally {
        Reflect.deleteProperty(navigator, 'serviceWorker');
      }
    });
  }

  test('a permission the browser denies (as a private window does) says push cannot be had and how to change it', async () => {
    const texts = await browserWith('ko', { permission: 'denied' });
    try {
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: texts.turnOn }));
      const status = await statusSaying(texts.blocked);
      for (const words of REFUSED_FOR_GOOD.ko) expect(status.textContent).toContain(words);
      expect(status.textContent).toContain('허용');
      expect(screen.queryByText(texts.failed)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  for (const [name, language] of [
    ['NotAllowedError', 'ko'],
    ['NotSupportedError', 'ja'],
  ] as const) {
    test(`a subscription the push service refuses for good (${name}, as in incognito) says so, not “try again” (${language})`, async () => {
      const texts = await browserWith(language, {
        subscribe: async () => {
          throw new DOMException('Registration failed - permission denied', name);
        },
      });
      try {
        const user = userEvent.setup();
        render();
        await user.click(await screen.findByRole('button', { name: texts.turnOn }));
        const status = await statusSaying(texts.refused);
        for (const words of REFUSED_FOR_GOOD[language]) expect(status.textContent).toContain(words);
        expect(screen.queryByText(texts.failed)).toBeNull();
        expect(screen.queryByRole('button', { name: texts.turnOn })).toBeNull();
      } finally {
        Reflect.deleteProperty(navigator, 'serviceWorker');
      }
    });
  }

  test('a passing failure (the push service unreachable) still says to try again shortly, and the button stays (en)', async () => {
    const texts = await browserWith('en', {
      subscribe: async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      },
    });
    try {
      const user = userEvent.setup();
      render();
      await user.click(await screen.findByRole('button', { name: texts.turnOn }));
      await screen.findByText(texts.failed);
      expect(screen.getByRole('button', { name: texts.turnOn })).toBeTruthy();
      expect(screen.queryByText(texts.refused)).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
