// The reader's language over the real API: a first visit opens in the browser's language (ko, en, ja; else Korean)
// unless one was chosen; tags read in the reader's language where the operators named them so; dates are Korea
// time written as the reader's language writes them, on a phone whose clock is in another zone. Screenshots land in
// tests/artifacts/screenshots/web-languages-<screen>-<lang>.png and are looked at by a person.
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, DESKTOP, fanSession, sessionState, untilStill, useWebPages } from '../support/browser';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const PHONE = { width: 360, height: 780 };

describe('web app: the reader’s language', () => {
  const served = useServedApp();
  const { browser, openPage, screenshot } = useWebPages(served, 'web-languages');
  const url = (path: string) => `${served.baseUrl}${path}`;
  const suffix = Date.now().toString(36);

  let singer: TestCreator;
  let fan: TestAccount;
  let refusedId: number;
  let tagId: number;
  let operator: TestAccount;
  const names = { ko: `노래${suffix}`, en: `Singing${suffix}`, ja: `歌${suffix}` } as const;

  beforeAll(async () => {
    const app = served.testApp.app;
    const [tag] = await createTags(app, [names.ko]);
    tagId = tag!;
    await app.db.updateTable('tags').set({ name_en: names.en, name_ja: names.ja }).where('id', '=', tag!).execute();
    singer = await createCreator(app, { name: `Singer ${suffix}`, url: `singer${suffix}`, tagIds: [tag!] });
    const product = await registerProduct(app, singer, { type: 'BASIC', name: 'Birthday song' });
    fan = await createAccount(app, { username: `reader${suffix}` });
    await app.db.updateTable('users').set({ phone: '01055557777' }).where('id', '=', fan.id).execute();
    operator = await createAccount(app, {
      roles: ['ROLE_OPERATOR'],
      password: 'operator-pass1',
      username: `lang-op-${suffix}`,
    });
    // Requested at 00:30 on 2026-11-30 in Korea: still the 29th in Los Angeles, whose clock the phone below keeps.
    const refused = await insertMission(app, product, {
      user_id: fan.id,
      status: 'REJECTED',
      created_at: new Date('2026-11-29T15:30:00Z'),
    });
    refusedId = refused.id;
  }, 60_000);

  test('a first visit opens in the browser’s language, a chosen one wins, an unknown one is Korean', async () => {
    for (const [locale, expected] of [
      ['en-US', 'en'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
      ['fr-FR', 'ko'],
    ] as const) {
      const page = await browser.newPage({ locale, viewport: PHONE });
      await page.goto(url('/creator-search'));
      await page
        .getByRole('heading', { name: resources[expected].translation.creatorSearch.title })
        .waitFor({ state: 'visible' });
      expect(await page.evaluate(() => document.documentElement.lang), locale).toBe(expected);
    }
    // A language chosen before (stored by the language menu) stays, whatever the browser says.
    const chosen = await browser.newPage({
      locale: 'en-US',
      viewport: PHONE,
      storageState: sessionState(served.baseUrl, { lang: 'ja' }),
    });
    await chosen.goto(url('/creator-search'));
    await chosen.getByRole('heading', { name: resources.ja.translation.creatorSearch.title }).waitFor();
  });

  for (const language of LANGUAGES) {
    test(`tags in ${language}: the search's buttons and the creator page's chips`, { timeout: 60_000 }, async () => {
      const name = names[language];
      for (const [viewport, width] of [
        [DESKTOP, 1280],
        [PHONE, 360],
      ] as const) {
        const { page, errors } = await openPage(language, {}, viewport);
        await page.goto(url('/creator-search'));
        await page.getByRole('button', { name: new RegExp(`^#${name} \\(\\d+\\)$`) }).waitFor();
        await screenshot(page, `search-${width}`, language);
        await page.goto(url(`/creator/${singer.creatorId}`));
        await page.getByText(`#${name}`, { exact: true }).waitFor();
        await untilStill(page);
        await screenshot(page, `creator-${width}`, language);
        expect(errors).toEqual([]);
      }
    });
  }

  test('dates are Korea time in the reader’s writing, on a phone whose clock is in Los Angeles', async () => {
    const expected = { ko: '2026.11.30', en: 'Nov 30, 2026', ja: '2026/11/30' } as const;
    for (const language of LANGUAGES) {
      const page = await browser.newPage({
        viewport: PHONE,
        timezoneId: 'America/Los_Angeles',
        storageState: sessionState(served.baseUrl, { ...fanSession(fan), lang: language }),
      });
      await page.goto(url(`/mission-detail/${refusedId}`));
      await page.getByText(expected[language], { exact: true }).waitFor();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
      await screenshot(page, 'refused-mission-360', language);
      await page.setViewportSize(DESKTOP);
      await page.getByText(expected[language], { exact: true }).waitFor();
      await screenshot(page, 'refused-mission-1280', language);
    }
  });

  test('a bank deposit’s phone starts as the profile’s number, written 010-5555-7777', async () => {
    const t = resources.ko.translation;
    for (const [viewport, width] of [
      [PHONE, 360],
      [DESKTOP, 1280],
    ] as const) {
      const { page, errors } = await openPage('ko', fanSession(fan), viewport);
      await page.goto(url('/coin-history'));
      await page.getByRole('button', { name: t.coinHistory.charge }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: t.coinCharge.withoutbankbook }).check();
      await expect
        .poll(() => dialog.getByRole('textbox', { name: t.coinCharge.depositorPhone }).inputValue())
        .toBe('010-5555-7777');
      await dialog.getByRole('radio', { name: t.coinCharge.cashReceiptPHONE }).check();
      await expect
        .poll(() => dialog.getByRole('textbox', { name: t.coinCharge.cashReceiptNumberPHONE }).inputValue())
        .toBe('010-5555-7777');
      await screenshot(page, `charge-bank-${width}`, 'ko');
      expect(errors).toEqual([]);
    }
  });

  test('the console names a tag in Korean, English and Japanese', async () => {
    const fields = consoleKo.resources.tags.fields;
    for (const [viewport, width] of [
      [PHONE, 360],
      [DESKTOP, 1280],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.goto(url('/admin/'));
      await page.locator('input[name="username"]').fill(operator.email);
      await page.locator('input[name="password"]').fill(operator.password);
      await page.getByRole('button', { name: '로그인' }).click();
      await page.getByText(consoleKo.console.dashboard.sales).waitFor({ state: 'visible' });
      await page.goto(url(`/admin/tags/${tagId}`));
      const english = page.getByRole('textbox', { name: fields.nameEn, exact: true });
      await expect.poll(() => english.inputValue()).toBe(names.en);
      expect(await page.getByRole('textbox', { name: fields.nameJa, exact: true }).inputValue()).toBe(names.ja);
      await screenshot(page, `console-tag-${width}`, 'ko');
      await page.goto(url(`/admin/tags?filter=${encodeURIComponent(JSON.stringify({ q: names.ko }))}`));
      await page.getByText(names.en).first().waitFor({ state: 'visible' });
      await screenshot(page, `console-tags-${width}`, 'ko');
    }
  });

  test('the photo editor confirms what its frame shows, with no apply first', async () => {
    const s = resources.ko.translation.creatorStudio;
    const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5078dc' } })
      .png()
      .toBuffer();
    for (const [viewport, width] of [
      [PHONE, 360],
      [DESKTOP, 1280],
    ] as const) {
      const { page, errors } = await openPage('ko', creatorSession(singer), viewport);
      await page.goto(url('/edit-creator-profile'));
      await page.getByRole('button', { name: s.profile.photoUpload }).click();
      const editor = page.getByRole('dialog', { name: s.photoEditor.title });
      await editor.getByLabel(s.photoEditor.choose).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer });
      const confirm = editor.getByRole('button', { name: s.photoEditor.confirm });
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      await screenshot(page, `photo-editor-${width}`, 'ko');
      expect(errors).toEqual([]);
    }
  });
});
