// Browser journey of sharing a completed mission (docs/rules/sharing.md) over the real API serving the built app, on
// a 360 px phone: the fan shares his public mission through the share sheet (navigator.share, stubbed in the page to
// capture the call) and, on a phone without one, by the copied link and its toast; he makes an unlisted link to his
// private mission, a signed-out visitor opens it, and it stops once he revokes it. The share page itself and the
// creator's switch are photographed too. Screenshots land in tests/artifacts/screenshots/web-share-<screen>-ko.png.
import type { MissionProduct } from '@fanmission/contracts';
import type { MissionRow } from '@fanmission/services/missions';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { beforeAll, describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, DESKTOP, fanSession, untilStill, useWebPages } from '../support/browser';
import { JPEG_2X2 } from '../support/files';
import { axeViolations } from '../support/web-a11y';

const ko = resources.ko.translation;
const PHONE = { width: 360, height: 780 };

/** Replaces the phone's share sheet (or takes it away) and the clipboard, recording what they were given. */
const STUB_SHARE = (withShareSheet: boolean) => `
  window.__shared = [];
  window.__copied = [];
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: ${withShareSheet} ? async (data) => { window.__shared.push(data); } : undefined,
  });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text) => { window.__copied.push(text); } },
  });
`;

describe('web app: sharing a completed mission', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-share');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let fan: TestAccount;
  let product: MissionProduct;
  let open: MissionRow;
  let secret: MissionRow;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, { name: `Sharer ${suffix}`, url: `sharer${suffix}` });
    fan = await createAccount(app, { username: `sharefan${suffix}` });
    product = await registerProduct(app, creator, { type: 'BASIC', name: `Birthday song ${suffix}`, coinPrice: 100 });
    const picture = await uploadFile(app, creator, JPEG_2X2, 'answer.jpg');
    open = await insertMission(app, product, { user_id: fan.id, status: 'COMPLETED', picture_file_id: picture.id });
    secret = await insertMission(app, product, {
      user_id: fan.id,
      status: 'COMPLETED',
      is_private: true,
      picture_file_id: picture.id,
    });
  });

  test(
    'the fan shares his public mission by the share sheet, else by the copied link',
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await openPage('ko', fanSession(fan), PHONE);
      await page.addInitScript(STUB_SHARE(true));
      await page.goto(url(`/mission-detail/${open.id}`));
      const share = page.getByRole('button', { name: ko.sharing.share });
      await share.waitFor();
      const box = await share.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
      await share.click();
      await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
      const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
      expect(shared).toEqual([
        { title: `Sharer ${suffix}의 Birthday song ${suffix}`, url: `${served.baseUrl}/share/m/${open.id}` },
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'mission-360', 'ko');
      await page.close();

      const desktop = await openPage('ko', fanSession(fan), DESKTOP);
      await desktop.page.goto(url(`/mission-detail/${open.id}`));
      await desktop.page.getByRole('button', { name: ko.sharing.share }).waitFor();
      await screenshot(desktop.page, 'mission-1280', 'ko');
      expect(desktop.errors).toEqual([]);
      await desktop.page.close();

      const copying = await openPage('ko', fanSession(fan), PHONE);
      await copying.page.addInitScript(STUB_SHARE(false));
      await copying.page.goto(url(`/mission-detail/${open.id}`));
      await copying.page.getByRole('button', { name: ko.sharing.share }).click();
      await copying.page.getByText(ko.sharing.copied).waitFor();
      expect(await copying.page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
        `${served.baseUrl}/share/m/${open.id}`,
      ]);
      await screenshot(copying.page, 'copied-360', 'ko');
      await copying.page.close();

      // The page the link opens, as a visitor sees it, on a phone and a desktop.
      for (const [viewport, name] of [
        [PHONE, 'page-360'],
        [DESKTOP, 'page-1280'],
      ] as const) {
        const visitor = await openPage('ko', {}, viewport);
        // The share page speaks the browser's language (Accept-Language), as a crawler's answer does.
        await visitor.page.setExtraHTTPHeaders({ 'accept-language': 'ko' });
        const answer = await visitor.page.goto(url(`/share/m/${open.id}`));
        expect(answer!.status()).toBe(200);
        await visitor.page.getByRole('heading', { name: product.name, exact: false }).waitFor();
        expect(await axeViolations(visitor.page)).toEqual([]);
        await screenshot(visitor.page, name, 'ko');
        expect(visitor.errors).toEqual([]);
        await visitor.page.close();
      }
      expect(errors).toEqual([]);
    },
  );

  test(
    'the fan makes an unlisted link to his private mission, a visitor opens it, it stops once revoked',
    {
      timeout: 120_000,
    },
    async () => {
      const { page, errors } = await openPage('ko', fanSession(fan), PHONE);
      await page.addInitScript(STUB_SHARE(true));
      await page.goto(url(`/mission-detail/${secret.id}`));
      await page.getByRole('button', { name: ko.sharing.createLink }).click();
      await page.getByText(ko.sharing.linkCreated).waitFor();
      await page.getByRole('button', { name: ko.sharing.share }).click();
      await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
      const [shared] = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
      expect(shared!.url).toMatch(new RegExp(`^${served.baseUrl}/share/l/[A-Za-z0-9_-]{43}$`));
      await untilStill(page);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'private-link-360', 'ko');

      const visitor = await openPage('ko', {}, PHONE);
      await visitor.page.setExtraHTTPHeaders({ 'accept-language': 'ko' });
      const opened = await visitor.page.goto(shared!.url!);
      expect(opened!.status()).toBe(200);
      await visitor.page.getByRole('heading', { name: product.name, exact: false }).waitFor();
      await screenshot(visitor.page, 'unlisted-page-360', 'ko');

      await page.getByRole('button', { name: ko.sharing.revokeLink }).click();
      await page.getByText(ko.sharing.linkRevoked).waitFor();
      await page.getByRole('button', { name: ko.sharing.createLink }).waitFor();
      const closed = await visitor.page.goto(shared!.url!);
      expect(closed!.status()).toBe(404);
      expect(await visitor.page.content()).not.toContain(product.name);
      expect([...errors, ...visitor.errors]).toEqual([]);
      await visitor.page.close();
      await page.close();
    },
  );

  test('the creator finds his sharing switch on his profile page', { timeout: 120_000 }, async () => {
    for (const [viewport, name] of [
      [PHONE, 'creator-switch-360'],
      [DESKTOP, 'creator-switch-1280'],
    ] as const) {
      const { page, errors } = await openPage('ko', creatorSession(creator), viewport);
      await page.goto(url('/edit-creator-profile'));
      const toggle = page.getByLabel(ko.sharing.creatorSwitch);
      await toggle.waitFor();
      // The switch shows before the profile it reflects has loaded: read once it has.
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await toggle.scrollIntoViewIfNeeded();
      await screenshot(page, name, 'ko');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test(
    'once the creator turns sharing off, the fan sees no share button and the page shows nothing',
    {
      timeout: 120_000,
    },
    async () => {
      const studio = await openPage('ko', creatorSession(creator), PHONE);
      await studio.page.goto(url('/edit-creator-profile'));
      await studio.page.getByLabel(ko.sharing.creatorSwitch).click();
      await studio.page.getByText(ko.sharing.creatorSwitchSaved).waitFor();
      await expect.poll(() => studio.page.getByLabel(ko.sharing.creatorSwitch).isChecked()).toBe(false);
      await studio.page.close();

      const { page, errors } = await openPage('ko', fanSession(fan), PHONE);
      await page.goto(url(`/mission-detail/${open.id}`));
      await page.getByRole('heading', { name: product.name }).waitFor();
      await untilStill(page);
      expect(await page.getByRole('button', { name: ko.sharing.share }).count()).toBe(0);
      const closed = await page.goto(url(`/share/m/${open.id}`));
      expect(closed!.status()).toBe(404);
      expect(await page.content()).not.toContain(product.name);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
