// The landing page lives out of the box: under the headline, the recommended creators and the most recently completed
// public missions as the lists' own cards with their pictures loaded, in ko, en and ja, and the phone checks of every
// screen (axe-core, nothing wider than 360 px) still pass on it. Then screenshots, in ko at 1280 and 360 px, of the
// landing page, the creator search, a creator page, browse missions, a mission detail and the empty lists with their
// next step, under tests/artifacts/screenshots/web-landing-<screen>-<width>-ko.png, to be looked at by a person.
// The data is the file's own (creators with and without a picture, completed missions with pictures, the most recent
// one answered with a picture its card shows), not the demo's.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, DESKTOP, fanSession, useWebPages, type WebSession } from '../support/browser';
import { axeViolations, measureLayout, PHONE, settle } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const COLOURS = ['#e8a0b4', '#9fb7e8', '#a8d8b0', '#f2c48d', '#c7a6e0'];

/** A picture of `width` × `height` in one colour with a lighter band, as a PNG. */
async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.round(height / 3), channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

/**
 * Scrolls every lazily loaded picture of the page into view, each until it has loaded (or failed: the check below
 * names it), then waits until each has its pixels. Not a pause per picture: a picture scrolled past before the
 * browser saw it in view would never be asked for.
 */
async function loadPictures(page: Page, selector: string): Promise<number> {
  await page.evaluate(async (within) => {
    for (const image of document.querySelectorAll<HTMLImageElement>(`${within} img`)) {
      image.scrollIntoView({ block: 'center' });
      await new Promise<void>((resolve) => {
        if (image.complete) return resolve();
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      });
    }
    window.scrollTo(0, 0);
  }, selector);
  await page.waitForFunction(
    (within) =>
      [...document.querySelectorAll<HTMLImageElement>(`${within} img`)].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    selector,
  );
  return page.locator(`${selector} img`).count();
}

describe('web app: the landing page', () => {
  // The landing lists the platform's featured creators and latest missions: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const { openPage, screenshot } = useWebPages(served, 'web-landing');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  const creators: TestCreator[] = [];
  let plain: TestCreator; // no picture, no product, no mission
  let fan: TestAccount; // asked for every mission
  let quiet: TestAccount; // no notification, no mission
  let missionId: number;
  let answerPath: string | undefined; // the most recent mission's answer picture, `/files/<key>` without extension

  beforeAll(async () => {
    const app = served.testApp.app;
    fan = await createAccount(app, { username: `fan${suffix}` });
    quiet = await createAccount(app, { username: `quiet${suffix}` });
    const names = ['하린', 'Mina Park', 'さくら', '김도윤', 'Leo Kim'];
    for (const [index, name] of names.entries()) {
      const creator = await createCreator(app, { name, url: `landing${index}${suffix}` });
      const face = await uploadFile(app, creator, await picture(320, 320, COLOURS[index]!), 'face.png');
      await app.db.updateTable('users').set({ image_file_id: face.id }).where('id', '=', creator.id).execute();
      const cover = await uploadFile(app, creator, await picture(360, 640, COLOURS[(index + 2) % 5]!), 'cover.png');
      const product = await registerProduct(app, creator, {
        type: 'BASIC',
        name: ['생일 축하 노래', 'Morning call', '応援メッセージ', '댄스 챌린지', 'Cheer video'][index]!,
        descriptionPictureId: cover.id,
      });
      const completed = new Date(Date.now() - index * 3_600_000);
      // The most recent mission was answered with a picture: its card shows that, not the product's cover.
      const answer =
        index === 0 ? await uploadFile(app, creator, await picture(360, 640, '#5b3cc4'), 'answer.png') : undefined;
      answerPath ??= answer?.s3Url.split('?')[0]!.replace(/\.png$/, '');
      const mission = await insertMission(app, product, {
        user_id: fan.id,
        status: 'COMPLETED',
        created_at: completed,
        ...(answer && { picture_file_id: answer.id }),
      });
      missionId ??= mission.id;
      creators.push(creator);
    }
    plain = await createCreator(app, { name: '이서아', url: `plain${suffix}` });
  }, 120_000);

  for (const language of LANGUAGES) {
    const t = resources[language].translation;

    test(`${language}: creator and mission cards with their pictures; axe and 360 px pass`, async () => {
      const { page, errors } = await openPage(language, {}, PHONE);
      const lists: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/v1/creators/page' || pathname === '/api/v1/missions/page') lists.push(pathname);
      });
      await page.goto(url('/'));
      // The headline paints first (the static first view), the cards arrive under it.
      await page.getByRole('heading', { level: 1, name: t.landing.headline }).waitFor();
      const featured = page.getByRole('region', { name: t.discover.featuredCreators });
      const recent = page.getByRole('region', { name: t.discover.recentMissions });
      await featured.getByRole('link', { name: /Mina Park/ }).waitFor();
      expect(await featured.getByRole('link', { name: /이서아/ }).getAttribute('href')).toBe(`/plain${suffix}`);
      expect(await featured.getByRole('link', { name: /Mina Park/ }).getAttribute('href')).toBe(`/landing1${suffix}`);
      // Most recently completed first.
      const first = recent.locator('.showcase-grid a').first();
      expect(await first.getAttribute('href')).toBe(`/mission-detail/${missionId}`);
      expect(await first.textContent()).toContain('생일 축하 노래');
      expect(await first.locator('img').getAttribute('src')).toContain(answerPath);
      // Five creator pictures (the sixth creator shows initials) and five mission pictures, all with their pixels.
      expect(await loadPictures(page, '.showcase')).toBe(10);
      expect(
        await featured
          .getByRole('link', { name: /이서아/ })
          .locator('img')
          .count(),
      ).toBe(0);

      // Each list asked for once: while the cards' chunk downloads (app/first-page-data.ts), the cards take that answer.
      expect(lists.sort()).toEqual(['/api/v1/creators/page', '/api/v1/missions/page']);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(measureLayout)).toEqual({ overflow: [], header: [], dialogs: [] });
      await screenshot(page, 'landing-360', language);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  /** A screen in ko at 1280 and at 360 px, once `ready` has found what it shows. */
  async function both(name: string, path: string, ready: (page: Page) => Promise<void>, session: WebSession = {}) {
    for (const [width, viewport] of [
      ['1280', DESKTOP],
      ['360', PHONE],
    ] as const) {
      const { page, errors } = await openPage('ko', session, viewport);
      await page.goto(url(path));
      await ready(page);
      await loadPictures(page, 'main');
      await settle(page);
      await screenshot(page, `${name}-${width}`, 'ko');
      expect(await page.evaluate(measureLayout)).toMatchObject({ overflow: [] });
      expect(errors).toEqual([]);
      await page.close();
    }
  }

  test('screenshots in ko at 1280 and 360 px: the lists, a creator, a mission and the empty states', async () => {
    const ko = resources.ko.translation;
    const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
    await both('landing', '/', (page) => page.getByRole('region', { name: ko.discover.recentMissions }).waitFor());
    await both('creator-search', '/creator-search', (page) => page.getByText('Mina Park').first().waitFor());
    await both('creator-page', `/landing1${suffix}`, heading('Mina Park'));
    await both('browse-missions', '/browse-missions', (page) => page.getByText('Morning call').first().waitFor());
    await both('mission-detail', `/mission-detail/${missionId}`, (page) =>
      page.getByText(ko.discover.empty.comments).waitFor(),
    );
    // Empty lists: a creator without a picture or products, browse missions' reserved tab, a fan's notifications and
    // my page, a creator's mission management.
    await both('empty-creator-page', `/plain${suffix}`, (page) =>
      page.getByText(ko.discover.empty.creatorMissions).waitFor(),
    );
    await both('empty-browse-reserved', '/browse-missions', async (page) => {
      await page.getByRole('tab', { name: ko.browseMissions.tabs.reserved }).click();
      await page.getByText(ko.discover.empty.browseReserved).waitFor();
    });
    await both(
      'empty-notifications',
      '/notifications',
      (page) => page.getByText(ko.discover.empty.notifications).waitFor(),
      fanSession(quiet),
    );
    await both(
      'empty-management',
      '/mission-management/list/normal',
      (page) => page.getByText(ko.discover.empty.managementMissions).first().waitFor(),
      creatorSession(plain),
    );
  }, 300_000);
});
