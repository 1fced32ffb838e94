// Web app part 2 over the real API: the sign-in page offers only the configured social logins, the notifications
// page (table, placeholder, click to the mission, YYYY.MM.DD, empty message, paging only above one page), mission
// detail by status (media, thumbnail, custom box, rejected request box with the 10-days text; likes; private → 404)
// and browse missions (tabs, 3 per row, infinite scroll). Data is written through the real API and the modules' test
// fixtures; screenshots land in tests/artifacts/screenshots/web-missions-<screen>-<lang>.png and are looked at.
import { randomUUID } from 'node:crypto';
import type { MissionProduct } from '@fanmission/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { testConfig } from '../harness/app';
import { useServedApp } from '../harness/served-app';
import { fanSession, useWebPages } from '../support/browser';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const ko = resources.ko.translation;

describe('web app: sign-in with no social login configured', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-missions');

  test('only the e-mail login is offered', async () => {
    const { page, errors } = await openPage('ko');
    await page.goto(`${served.baseUrl}/sns-login`);
    await page.getByRole('link', { name: ko.snsLogin.emailLogin }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const name of [ko.snsLogin.apple, ko.snsLogin.google, ko.snsLogin.facebook]) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByText(ko.snsLogin.or, { exact: true }).count()).toBe(0);
    await screenshot(page, 'sns-login-none', 'ko');
    expect(errors).toEqual([]);
  });
});

describe('web app: sign-in with Google and Apple configured', () => {
  const served = useServedApp({
    config: testConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'google-id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
      APPLE_CLIENT_ID: 'com.fanmission.web-from-api',
    }),
  });
  const { openPage, screenshot } = useWebPages(served, 'web-missions');

  test('Google and Apple buttons, no Facebook; Apple uses the client id the API announces', async () => {
    const { page, errors } = await openPage('en');
    const en = resources.en.translation;
    await page.goto(`${served.baseUrl}/sns-login`);
    await page.getByRole('button', { name: en.snsLogin.google }).waitFor();
    expect(await page.getByRole('button', { name: en.snsLogin.facebook }).count()).toBe(0);
    await screenshot(page, 'sns-login-configured', 'en');

    let appleUrl: URL | undefined;
    await page.route('https://appleid.apple.com/**', async (route) => {
      appleUrl = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>apple</p>' });
    });
    await page.getByRole('button', { name: en.snsLogin.apple }).click();
    await page.waitForURL('https://appleid.apple.com/**');
    expect(appleUrl?.searchParams.get('client_id')).toBe('com.fanmission.web-from-api');
    expect(appleUrl?.searchParams.get('redirect_uri')).toBe(`${served.baseUrl}/sns-login`);
    expect(errors).toEqual([]);
  });
});

describe('web app: notifications, mission detail, browse missions', () => {
  // The browse tabs count the platform's missions: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const { openPage, screenshot } = useWebPages(served, 'web-missions');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);

  let creator: TestCreator;
  let fan: TestAccount;
  let other: TestAccount;
  let basic: MissionProduct;
  let custom: MissionProduct;
  const ids = {} as Record<'completed' | 'accepted' | 'acceptedCustom' | 'rejected' | 'private', number>;
  let oldestCompletedName: string;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Mira ${suffix}`, url: `mira${suffix}` });
    // The creator's profile picture is the thumbnail of the fan's notifications about her.
    const form = await multipartForm('image', PNG_1X1, 'me.png');
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${creator.id}/image`,
      headers: { ...form.headers, ...creator.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    fan = await createAccount(app, { username: `fan${suffix}` });
    other = await createAccount(app, { username: `other${suffix}` });
    basic = await registerProduct(app, creator, { type: 'BASIC', name: 'Birthday song' });
    custom = await registerProduct(app, creator, { type: 'CUSTOM' });
    const picture = await uploadFile(app, creator, PNG_1X1, 'answer.png');
    const day = (days: number) => new Date(Date.now() - days * 86_400_000);

    ids.completed = (
      await insertMission(app, basic, {
        user_id: fan.id,
        status: 'COMPLETED',
        picture_file_id: picture.id,
        created_at: day(1),
        completed_at: day(1),
      })
    ).id;
    ids.accepted = (await insertMission(app, basic, { user_id: fan.id, status: 'ACCEPTED', created_at: day(2) })).id;
    ids.acceptedCustom = (
      await insertMission(app, custom, { user_id: fan.id, status: 'ACCEPTED', created_at: day(3) })
    ).id;
    ids.rejected = (await insertMission(app, basic, { user_id: fan.id, status: 'REJECTED', created_at: day(4) })).id;
    ids.private = (
      await insertMission(app, basic, {
        user_id: fan.id,
        status: 'COMPLETED',
        is_private: true,
        picture_file_id: picture.id,
        created_at: day(5),
        completed_at: day(5),
      })
    ).id;
    // Enough older completed missions for a second page of 12 on browse missions.
    for (let index = 0; index < 13; index += 1) {
      const name = `Older song ${index} ${suffix}`;
      const product = await registerProduct(app, creator, { type: 'BASIC', name });
      await insertMission(app, product, {
        user_id: other.id,
        status: 'COMPLETED',
        created_at: day(10 + index),
        completed_at: day(10 + index),
      });
      oldestCompletedName = name;
    }

    // 13 notifications for the fan (two pages of 12): the newest about the completed mission, from the creator.
    const rows = Array.from({ length: 13 }, (_, index) => ({
      user_id: fan.id,
      kind: index === 0 ? ('MISSION_COMPLETED' as const) : ('MISSION_ACCEPTED' as const),
      mission_id: index === 0 ? ids.completed : ids.accepted,
      mission_comment_id: null,
      actor_user_id: index === 0 ? creator.id : null,
      params: JSON.stringify({ actor: `Mira ${suffix}`, product: 'Birthday song', coins: 100 }),
      event_id: randomUUID(),
      created_at: new Date(Date.UTC(2026, 2, 5, 3) - index * 60_000),
    }));
    await app.db.insertInto('notifications').values(rows).execute();
  }, 180_000);

  for (const language of LANGUAGES) {
    const t = resources[language].translation;

    test(`notifications in ${language}: table, thumbnail and placeholder, paging, click, empty`, async () => {
      const { page, errors } = await openPage(language, fanSession(fan));
      await page.goto(url('/notifications'));
      await page.getByRole('heading', { name: t.notifications.title }).waitFor();
      const table = page.getByRole('table', { name: t.notifications.title });
      await table.getByRole('columnheader', { name: t.notifications.content }).waitFor();
      const rows = table.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(12);
      // Korea's date of the newest notice, in the reader's way of writing it.
      await rows.first().getByText({ ko: '2026.03.05', en: 'Mar 5, 2026', ja: '2026/03/05' }[language]).waitFor();
      expect(await rows.first().locator('img').count()).toBe(1); // the creator's picture
      expect(await rows.nth(1).locator('img').count()).toBe(0); // the placeholder
      const widths = await table
        .locator('thead th')
        .evaluateAll((cells) => cells.map((cell) => Math.round((cell as HTMLElement).offsetWidth)));
      const total = widths.reduce((sum, width) => sum + width, 0);
      expect(widths.map((width) => Math.round((width / total) * 100))).toEqual([15, 65, 20]);
      const pagination = page.getByRole('navigation', { name: t.pagination.label });
      await pagination.getByRole('button', { name: t.pagination.page.replace('{{page}}', '2') }).waitFor();
      await screenshot(page, 'notifications', language);

      await pagination.getByRole('button', { name: t.pagination.page.replace('{{page}}', '2') }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await pagination.getByRole('button', { name: t.pagination.page.replace('{{page}}', '1') }).click();
      await expect.poll(() => rows.count()).toBe(12);
      await rows.first().click();
      await page.waitForURL(`**/mission-detail/${ids.completed}`);
      expect(errors).toEqual([]);
      await page.close();

      const empty = await openPage(language, fanSession(other));
      await empty.page.goto(url('/notifications'));
      await empty.page.getByText(t.discover.empty.notifications).waitFor();
      expect(await empty.page.getByRole('navigation', { name: t.pagination.label }).count()).toBe(0);
      await screenshot(empty.page, 'notifications-empty', language);
      expect(empty.errors).toEqual([]);
      await empty.page.close();
    });

    test(`mission detail in ${language}: by status, likes, private`, { timeout: 120_000 }, async () => {
      const visitor = await openPage(language);
      const page = visitor.page;
      await page.goto(url(`/mission-detail/${ids.completed}`));
      await page.getByRole('heading', { name: 'Birthday song' }).waitFor();
      await page.getByRole('img', { name: 'Happy birthday!' }).waitFor();
      await page.getByText(t.discover.empty.comments).waitFor();
      await screenshot(page, 'detail-completed', language);
      await page.getByRole('button', { name: t.missionDetail.like }).click();
      await page.waitForURL('**/login');

      await page.goto(url(`/mission-detail/${ids.accepted}`));
      await page.getByRole('img', { name: 'Birthday song' }).waitFor();
      await page.getByText(t.missionDetail.inProgress).waitFor();
      await screenshot(page, 'detail-accepted', language);

      await page.goto(url(`/mission-detail/${ids.acceptedCustom}`));
      await page.getByRole('heading', { name: t.missionDetail.customBox, level: 5 }).waitFor();
      await screenshot(page, 'detail-custom', language);

      await page.goto(url(`/mission-detail/${ids.rejected}`));
      await page.getByText(t.missionDetail.rejectedReasons.PERFORM_EXPIRED).waitFor();
      await page
        .getByRole('region', { name: t.missionDetail.request })
        .getByText('Please say happy birthday')
        .waitFor();
      await screenshot(page, 'detail-rejected', language);

      await page.goto(url(`/mission-detail/${ids.private}`));
      await page.waitForURL('**/not-found');
      await page.goto(url('/mission-detail/999999999'));
      await page.waitForURL('**/not-found');
      expect(visitor.errors).toEqual([]);
      await page.close();

      const asFan = await openPage(language, fanSession(fan));
      await asFan.page.goto(url(`/mission-detail/${ids.private}`));
      await asFan.page.getByText(t.missionDetail.private, { exact: true }).waitFor();
      await asFan.page.goto(url(`/mission-detail/${ids.completed}`));
      const likes = asFan.page.getByLabel('likes count');
      const before = Number((await likes.textContent())?.match(/\d+/)?.[0]);
      await asFan.page.getByRole('button', { name: t.missionDetail.like, exact: true }).click();
      await asFan.page.getByRole('button', { name: t.missionDetail.unlike }).waitFor();
      await expect.poll(async () => Number((await likes.textContent())?.match(/\d+/)?.[0])).toBe(before + 1);
      await screenshot(asFan.page, 'detail-liked', language);
      await asFan.page.getByRole('button', { name: t.missionDetail.unlike }).click();
      await asFan.page.getByRole('button', { name: t.missionDetail.like, exact: true }).waitFor();
      await expect.poll(async () => Number((await likes.textContent())?.match(/\d+/)?.[0])).toBe(before);
      expect(asFan.errors).toEqual([]);
      await asFan.page.close();
    });

    test(`browse missions in ${language}: tabs, 3 per row, infinite scroll`, { timeout: 120_000 }, async () => {
      const { page, errors } = await openPage(language);
      await page.goto(url('/browse-missions'));
      await page.getByRole('heading', { name: t.browseMissions.title }).waitFor();
      await page.getByRole('tab', { name: t.browseMissions.tabs.completed, selected: true }).waitFor();
      const cards = page.locator('main a[href^="/mission-detail/"]');
      await expect.poll(() => cards.count()).toBe(12);
      const tops = await cards.evaluateAll((links) =>
        links.slice(0, 4).map((link) => Math.round(link.getBoundingClientRect().top)),
      );
      expect(tops[0]).toBe(tops[2]);
      expect(tops[3]).toBeGreaterThan(tops[0]!);
      expect(await page.locator(`main a[href="/mission-detail/${ids.private}"]`).count()).toBe(0);
      await screenshot(page, 'browse-completed', language);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => cards.count()).toBe(14);
      await page.getByText(oldestCompletedName).waitFor();

      await page.getByRole('tab', { name: t.browseMissions.tabs.reserved }).click();
      await expect.poll(() => cards.count()).toBe(2);
      await page.locator(`main a[href="/mission-detail/${ids.accepted}"]`).waitFor();
      await screenshot(page, 'browse-reserved', language);
      await page.getByRole('tab', { name: t.browseMissions.tabs.events }).click();
      await page.getByText(t.lotteryEvent.card.empty).waitFor();
      await page.getByRole('tab', { name: t.browseMissions.tabs.reserved }).click();
      await page.locator(`main a[href="/mission-detail/${ids.accepted}"]`).click();
      await page.waitForURL(`**/mission-detail/${ids.accepted}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
