// The account page's notification settings in a real Chromium at 360 px against the real API serving the built app:
// a fan's choices per topic and his consent to promotions save and hold after a reload; with the service worker
// allowed and Chromium's notification permission granted, "푸시 알림 켜기" subscribes this browser where Chromium
// reaches a push service. Headless Chromium here has no network but the loopback: its `pushManager.subscribe()`
// needs Google's push service (FCM) and fails offline, so the journey then asserts the failure shown and that nothing
// was registered; where it succeeds, the subscription is registered with the API and turned off again.
// Screenshots: tests/artifacts/screenshots/web-notification-settings-<width>-ko.png.
import type { NotificationPreferences } from '@fanmission/contracts';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { createCreator } from '../support/creators';
import {
  collectPageErrors,
  creatorSession,
  DESKTOP,
  fanSession,
  screenshot,
  sessionState,
  useBrowser,
} from '../support/browser';
import { axeViolations, PHONE } from '../support/web-a11y';

const ko = resources.ko.translation;
const texts = ko.notificationSettings;

describe('web app: notification settings', () => {
  const served = useServedApp();
  const browser = useBrowser();

  test('a fan saves his channels and his consent to promotions; this device’s push', { timeout: 120_000 }, async () => {
    const app = served.testApp.app;
    const fan = await createAccount(app, { username: `bell${Date.now().toString(36)}` });
    const context = await browser.browser.newContext({
      viewport: PHONE,
      serviceWorkers: 'allow',
      storageState: sessionState(served.baseUrl, { lang: 'ko', ...fanSession(fan) }),
    });
    await context.grantPermissions(['notifications'], { origin: served.baseUrl });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${served.baseUrl}/edit-user-profile`);
      const form = page.getByRole('form', { name: texts.title });
      await form.waitFor();
      const channel = (topic: keyof typeof texts.topics, kind: 'push' | 'mail') =>
        form.getByRole('switch', { name: `${texts.topics[topic]} ${texts[kind]}` });

      await channel('COMMENTS', 'push').click();
      await channel('MONEY', 'mail').click();
      await form.getByRole('switch', { name: texts.marketingConsent }).click();
      await form.getByRole('button', { name: texts.save }).click();
      await page.getByText(texts.saved).waitFor();
      await page.getByText(new RegExp(texts.consentedOn.replace('{{date}}', '\\d{4}\\.\\d{2}\\.\\d{2}'))).waitFor();

      const stored = (
        await app.inject({ method: 'GET', url: '/api/v1/users/me/notification-preferences', headers: fan.headers })
      ).json<NotificationPreferences>();
      const topic = (name: string) => stored.topics.find((choice) => choice.topic === name)!;
      expect(topic('COMMENTS')).toMatchObject({ push: false, mail: true });
      expect(topic('MONEY')).toMatchObject({ push: true, mail: false });
      expect(topic('MARKETING')).toMatchObject({ push: true, mail: true });
      expect(stored.marketing.consentedAt).not.toBeNull();
      expect(stored.marketing.nightConsentedAt).toBeNull();

      // After a reload the page shows what was stored.
      await page.reload();
      await form.waitFor();
      // Read once the stored choices have reached the form (its switches may show before they arrive).
      await expect.poll(() => channel('COMMENTS', 'push').isChecked()).toBe(false);
      await expect.poll(() => form.getByRole('switch', { name: texts.marketingNightConsent }).isChecked()).toBe(false);

      // This device: the worker registered after load, the permission already granted.
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.getByText(texts.device.off).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'web-notification-settings-360-ko.png');

      await page.getByRole('button', { name: texts.device.turnOn }).click();
      const on = page.getByText(texts.device.on);
      const failed = page.getByText(texts.device.failed);
      await on.or(failed).waitFor({ timeout: 30_000 });
      const outcome = (await on.isVisible()) ? 'on' : 'failed';
      await screenshot(page, `web-notification-settings-device-${outcome}-360-ko.png`);
      const registered = async () =>
        Number(
          (
            await app.db
              .selectFrom('push_subscriptions')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('user_id', '=', fan.id)
              .executeTakeFirstOrThrow()
          ).count,
        );
      if (outcome === 'on') {
        expect(await registered()).toBe(1);
        await page.getByRole('button', { name: texts.device.turnOff }).click();
        await page.getByText(texts.device.off).waitFor();
        expect(await registered()).toBe(0);
      } else {
        // No push service reachable: the member is told, the state stays off, nothing registered.
        await page.getByText(texts.device.off).waitFor();
        expect(await registered()).toBe(0);
      }
      expect(errors).toEqual([]);

      await page.setViewportSize(DESKTOP);
      await page.reload();
      await form.waitFor();
      await screenshot(page, 'web-notification-settings-1280-ko.png');
    } finally {
      await context.close();
    }
  });

  test(
    'a creator chooses his channels on his profile page: creators’ topics, not fans’',
    { timeout: 60_000 },
    async () => {
      const creator = await createCreator(served.testApp.app, { url: `bell${Date.now().toString(36)}` });
      const context = await browser.browser.newContext({
        viewport: PHONE,
        storageState: sessionState(served.baseUrl, { lang: 'ko', ...creatorSession(creator) }),
      });
      try {
        const page = await context.newPage();
        await page.goto(`${served.baseUrl}/edit-creator-profile`);
        const form = page.getByRole('form', { name: texts.title });
        await form.waitFor();
        await form.getByRole('switch', { name: `${texts.topics.MISSION_REQUESTS} ${texts.mail}` }).click();
        expect(await form.getByText(texts.topics.COINS_EXPIRING).count()).toBe(0);
        await form.getByRole('button', { name: texts.save }).click();
        await page.getByText(texts.saved).waitFor();
        const stored = (
          await served.testApp.app.inject({
            method: 'GET',
            url: '/api/v1/users/me/notification-preferences',
            headers: creator.headers,
          })
        ).json<NotificationPreferences>();
        expect(stored.topics.find((choice) => choice.topic === 'MISSION_REQUESTS')).toMatchObject({ mail: false });
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, 'web-notification-settings-creator-360-ko.png');
      } finally {
        await context.close();
      }
    },
  );
});
