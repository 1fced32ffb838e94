// Web app part 2 over the real API: creator search (tags, sorts, Enter, scroll loading, follow, empty result) and
// the creator public page (tabs, selection, request rules, owner buttons, share, not-found and pending review).
// Data is written through the real API and the modules' test fixtures; screenshots land in
// tests/artifacts/screenshots/web-discovery-<screen>-<lang>.png and are looked at by a person.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { fund, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { PNG_1X1 } from '@fanmission/tests/support/files';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { creatorSession, fanSession, untilStill, useWebPages } from '../support/browser';
import { expectAccessibleDialog } from '../support/web-a11y';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const en = resources.en.translation;
const ko = resources.ko.translation;

describe('web app: discovery', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-discovery');
  const url = (path: string) => `${served.baseUrl}${path}`;

  let danceTag: number;
  let aria: TestCreator; // custom url, BASIC + LUCKY + CUSTOM products, a completed mission
  let bora: TestCreator; // no url, LUCKY only
  let newbie: TestCreator; // not verified
  let fan: TestAccount;
  let lucky: TestCreator; // one LUCKY product at 10 %, 1 coin a roll
  let gambler: TestAccount; // 200 coins
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    const app = served.testApp.app;
    const tagIds = await createTags(app, [`Dance${suffix}`, `Song${suffix}`]);
    danceTag = tagIds[0]!;
    aria = await createCreator(app, { name: `Aria ${suffix}`, url: `aria${suffix}`, tagIds: [danceTag] });
    bora = await createCreator(app, { name: `Bora ${suffix}`, url: null });
    newbie = await createCreator(app, { name: `Newbie ${suffix}`, verified: false, url: `newbie${suffix}` });
    // Enough older creators for a second page of 12 (newest first: Bora, Aria, then these).
    for (let index = 0; index < 12; index += 1) {
      const createdAt = new Date(Date.now() - (index + 1) * 86_400_000);
      await createCreator(app, { name: `Filler ${index} ${suffix}`, createdAt });
    }
    fan = await createAccount(app, { username: `fan${suffix}` });
    await fund(app.db, fan.id, 150, app.ctx.now());

    await registerProduct(app, aria, { type: 'BASIC', name: 'Birthday song' });
    await registerProduct(app, aria, { type: 'BASIC', name: 'Cheer video' });
    await registerProduct(app, aria, { type: 'LUCKY', name: 'Lucky dance' });
    const custom = await registerProduct(app, aria, { type: 'CUSTOM' });
    await insertMission(app, custom, { user_id: fan.id, status: 'COMPLETED' });
    await registerProduct(app, bora, { type: 'LUCKY', name: 'Bora roulette' });
    lucky = await createCreator(app, {
      name: `Lucky ${suffix}`,
      url: `lucky${suffix}`,
      createdAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await registerProduct(app, lucky, { type: 'LUCKY', name: 'Wink', coinPrice: 1, winProbability: 10 });
    gambler = await createAccount(app, { username: `gambler${suffix}` });
    await fund(app.db, gambler.id, 200, app.ctx.now());
  }, 120_000);

  const path = (page: Page) => new URL(page.url()).pathname;

  for (const language of LANGUAGES) {
    const t = resources[language].translation;

    test(
      `screens in ${language}: search, empty result, creator page, request rules`,
      { timeout: 120_000 },
      async () => {
        const { page, errors } = await openPage(language);
        await page.goto(url('/creator-search'));
        await page.getByRole('heading', { name: t.creatorSearch.title }).waitFor();
        await page.getByText(t.creatorSearch.prompt).waitFor();
        await page.getByRole('button', { name: `#Dance${suffix} (1)` }).waitFor();
        await page.getByRole('link', { name: `Aria ${suffix}` }).waitFor();
        await screenshot(page, 'search', language);

        await page.getByRole('textbox', { name: t.creatorSearch.searchLabel }).fill('no such creator at all');
        await page.keyboard.press('Enter');
        await page.getByText(t.creatorSearch.empty).waitFor();
        await screenshot(page, 'search-empty', language);

        await page.goto(url(`/aria${suffix}`));
        await page.getByRole('heading', { name: `Aria ${suffix}` }).waitFor();
        await page.getByRole('tab', { name: t.creatorPage.tabs.BASIC, selected: true }).waitFor();
        await page.getByRole('heading', { name: t.creatorPage.completed }).waitFor();
        await screenshot(page, 'creator-page', language);

        await page.getByRole('tab', { name: t.creatorPage.tabs.CUSTOM }).click();
        await page.getByText(t.creatorPage.minimumCost.replace('{{count}}', '300')).waitFor();
        await screenshot(page, 'creator-page-custom', language);
        expect(errors).toEqual([]);
        await page.close();

        const asFan = await openPage(language, fanSession(fan));
        await asFan.page.goto(url(`/aria${suffix}`));
        await asFan.page.getByRole('tab', { name: t.creatorPage.tabs.CUSTOM }).click();
        const card = asFan.page.getByRole('region', { name: /./ }).filter({ hasText: '300' }).first();
        await card.getByRole('button').first().click();
        await card.getByRole('button', { name: t.creatorPage.request }).click();
        const dialog = asFan.page.getByRole('dialog');
        await dialog.getByRole('button', { name: t.missionRequest.submit }).click();
        await dialog.getByText(t.missionRequest.termsRequired).waitFor();
        await screenshot(asFan.page, 'request-dialog-errors', language);

        // The lucky roulette on a phone (opening it creates the fan's lucky mission, or returns his open one).
        await asFan.page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await asFan.page.getByRole('tab', { name: t.creatorPage.tabs.LUCKY }).click();
        const luckyCard = asFan.page.getByRole('region', { name: 'Lucky dance' });
        await luckyCard.getByRole('button', { name: /Lucky dance/ }).click();
        await expectAccessibleDialog(asFan.page, {
          name: 'lucky-roulette',
          language,
          open: async () => {
            await luckyCard.getByRole('button', { name: t.creatorPage.request }).click();
            const spin = dialog.getByRole('button', { name: t.lucky.play.replace('{{count}}', '10') });
            await expect.poll(() => spin.isEnabled()).toBe(true);
          },
        });
        expect(asFan.errors).toEqual([]);
        await asFan.page.close();
      },
    );
  }

  test('search: tags with counts, sorts, Enter, scroll loading, page 0 after every change', async () => {
    const { page, errors } = await openPage('en');
    const searches: URLSearchParams[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/creators/page')) searches.push(new URL(request.url()).searchParams);
    });
    await page.goto(url('/creator-search'));
    await page.getByRole('link', { name: `Aria ${suffix}` }).waitFor();
    // 15 verified searchable creators of this file (plus any others): the first page holds 12, four per row.
    const cards = page.locator('main a[href]');
    expect(await cards.count()).toBe(12);
    const columns = await page
      .locator('main a[href]')
      .first()
      .evaluate((card) => getComputedStyle(card.parentElement!.parentElement!).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    expect(searches[0]!.get('page')).toBe('0');
    expect(searches[0]!.get('size')).toBe('12');
    expect(searches[0]!.get('type')).toBe('newest');

    await page.mouse.wheel(0, 10_000);
    await expect.poll(() => cards.count()).toBeGreaterThan(12);
    expect(searches.at(-1)!.get('page')).toBe('1');

    await page.getByRole('button', { name: en.creatorSearch.sort.popular }).click();
    await expect.poll(() => searches.at(-1)?.get('type')).toBe('popular');
    expect(searches.at(-1)!.get('page')).toBe('0');

    await page.getByRole('button', { name: `#Dance${suffix} (1)` }).click();
    await expect.poll(() => searches.at(-1)?.get('tags')).toBe(String(danceTag));
    expect(searches.at(-1)!.get('page')).toBe('0');
    await expect.poll(() => cards.count()).toBe(1);

    // Typing does not search; Enter does.
    await page.getByRole('button', { name: `#Dance${suffix} (1)` }).click();
    const before = searches.length;
    await page.getByRole('textbox', { name: en.creatorSearch.searchLabel }).fill(`bora ${suffix}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => searches.at(-1)?.get('name')).toBe(`bora ${suffix}`);
    // At rest after Enter's search: one search names the text, Enter's (typing sent none before it).
    await untilStill(page);
    expect(searches.slice(before).filter((query) => query.get('name'))).toHaveLength(1);
    expect(searches.at(-1)!.get('page')).toBe('0');
    await expect.poll(() => cards.count()).toBe(1);

    // A creator without a url opens /creator/{id}.
    await page.getByRole('link', { name: `Bora ${suffix}` }).click();
    await page.getByRole('heading', { name: `Bora ${suffix}` }).waitFor();
    expect(path(page)).toBe(`/creator/${bora.creatorId}`);
    // LUCKY only: the initial tab is LUCKY.
    await page.getByRole('tab', { name: en.creatorPage.tabs.LUCKY, selected: true }).waitFor();

    // Back returns to the same search: the words, the sort and the list are in the address.
    await page.goBack();
    await page.waitForURL((current) => current.pathname === '/creator-search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`bora ${suffix}`);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('popular');
    expect(await page.getByRole('textbox', { name: en.creatorSearch.searchLabel }).inputValue()).toBe(`bora ${suffix}`);
    await page.getByRole('button', { name: en.creatorSearch.sort.popular, pressed: true }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('link', { name: `Bora ${suffix}` }).waitFor();
    // A tag goes into the address too.
    await page.getByRole('textbox', { name: en.creatorSearch.searchLabel }).fill('');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `#Dance${suffix} (1)` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(String(danceTag));
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();
    expect(errors).toEqual([]);

    // The same address opened in ko restores the search (the screen at 1280 and 360 px).
    const korean = await openPage('ko');
    await korean.page.goto(url(`/creator-search?tag=${danceTag}&sort=popular`));
    await korean.page.getByRole('button', { name: ko.creatorSearch.sort.popular, pressed: true }).waitFor();
    await expect.poll(() => korean.page.locator('main a[href]').count()).toBe(1);
    await screenshot(korean.page, 'search-restored-1280', 'ko');
    await korean.page.setViewportSize({ width: 360, height: 780 });
    await screenshot(korean.page, 'search-restored-360', 'ko');
    expect(korean.errors).toEqual([]);
  });

  test('search: a visitor’s heart goes to /login; a fan follows and unfollows', async () => {
    const visitor = await openPage('en');
    await visitor.page.goto(url('/creator-search'));
    await visitor.page.getByRole('button', { name: `Follow Aria ${suffix}` }).click();
    await visitor.page.waitForURL(/\/login$/);

    const { page } = await openPage('en', fanSession(fan));
    await page.goto(url('/creator-search'));
    await page.getByRole('button', { name: `Follow Aria ${suffix}` }).click();
    await page.getByRole('button', { name: `Unfollow Aria ${suffix}`, pressed: true }).waitFor();
    const follows = await served.testApp.app.inject({
      method: 'GET',
      url: `/api/v1/users/${fan.id}/follows`,
      headers: fan.headers,
    });
    expect(follows.json().map((item: { creator: { id: number } }) => item.creator.id)).toEqual([aria.creatorId]);

    await page.reload();
    await page.getByRole('button', { name: `Unfollow Aria ${suffix}` }).click();
    await page.getByRole('button', { name: `Follow Aria ${suffix}`, pressed: false }).waitFor();
    const after = await served.testApp.app.inject({
      method: 'GET',
      url: `/api/v1/users/${fan.id}/follows`,
      headers: fan.headers,
    });
    expect(after.json()).toEqual([]);
  });

  test('creator page: a fan follows and unfollows from the page itself, the count following (ko, 1280 and 360 px)', async () => {
    const t = resources.ko.translation;
    const { page } = await openPage('ko', fanSession(fan));
    await page.goto(url(`/aria${suffix}`));
    await page.getByRole('heading', { name: `Aria ${suffix}` }).waitFor();
    const followers = page.getByText(t.creatorPage.followers);
    const before = Number(await followers.locator('strong').textContent());
    await page.getByRole('button', { name: t.creatorPage.follow, pressed: false }).click();
    await page.getByRole('button', { name: t.creatorPage.following, pressed: true }).waitFor();
    await followers.locator('strong', { hasText: String(before + 1) }).waitFor();
    await screenshot(page, 'creator-follow-1280', 'ko');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'creator-follow-360', 'ko');
    await page.getByRole('button', { name: t.creatorPage.following }).click();
    await page.getByRole('button', { name: t.creatorPage.follow, pressed: false }).waitFor();
    await followers.locator('strong', { hasText: String(before) }).waitFor();
    const follows = await served.testApp.app.inject({
      method: 'GET',
      url: `/api/v1/users/${fan.id}/follows`,
      headers: fan.headers,
    });
    expect(follows.json()).toEqual([]);
  });

  test('mission page: the requester reads the creator’s refusal reason (ko, 1280 and 360 px)', async () => {
    const t = resources.ko.translation;
    const custom = await registerProduct(served.testApp.app, bora, { type: 'CUSTOM' });
    const refused = await insertMission(served.testApp.app, custom, {
      user_id: fan.id,
      status: 'REJECTED',
      rejection_reason: 'REFUSED',
      feedback: '죄송해요, 이번 주는 일정이 꽉 찼어요.',
    });
    const { page } = await openPage('ko', fanSession(fan));
    await page.goto(url(`/mission-detail/${refused.id}`));
    const reason = page.getByRole('region', { name: t.missionDetail.refusalReason });
    await reason.getByText('죄송해요, 이번 주는 일정이 꽉 찼어요.').waitFor();
    await screenshot(page, 'mission-refused-1280', 'ko');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'mission-refused-360', 'ko');
    // Anybody else reads the refusal without the creator's words (the API gives them to the parties only).
    const visitor = await openPage('ko');
    await visitor.page.goto(url(`/mission-detail/${refused.id}`));
    await visitor.page.getByRole('heading', { name: t.missionDetail.rejected }).waitFor();
    expect(await visitor.page.getByRole('region', { name: t.missionDetail.refusalReason }).count()).toBe(0);
  });

  test('creator page: a creator without missions is asked, on his own page, to register the first (ko, 1280 and 360 px)', async () => {
    const t = resources.ko.translation;
    const fresh = await createCreator(served.testApp.app, { name: `Fresh ${suffix}`, url: `fresh${suffix}` });
    const { page } = await openPage('ko', creatorSession(fresh));
    await page.goto(url(`/fresh${suffix}`));
    await page.getByText(t.discover.empty.ownMissions).waitFor();
    expect(await page.getByRole('link', { name: t.discover.actions.registerMission }).getAttribute('href')).toBe(
      '/mission-management/normal',
    );
    await screenshot(page, 'creator-own-empty-1280', 'ko');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'creator-own-empty-360', 'ko');
  });

  test('creator page: one selected card, request rules for visitor, fan and creator', async () => {
    const visitor = await openPage('en');
    let page = visitor.page;
    await page.goto(url(`/aria${suffix}`));
    await page.getByRole('heading', { name: `Aria ${suffix}` }).waitFor();
    await page.getByText(`#Dance${suffix}`).waitFor();
    await untilStill(page);
    const song = page.getByRole('region', { name: 'Birthday song' });
    const cheer = page.getByRole('region', { name: 'Cheer video' });
    const requestOf = (card: typeof song) => card.getByRole('button', { name: en.creatorPage.request });
    // The tab's first card is chosen; the other offers to choose it (no request button that looks unavailable).
    expect(await requestOf(song).isEnabled()).toBe(true);
    expect(await requestOf(cheer).count()).toBe(0);
    // Each choice re-renders the cards: the buttons are read once the choice has moved.
    await cheer.getByRole('button', { name: en.creatorPage.choose }).click();
    await expect.poll(() => requestOf(song).count()).toBe(0);
    await expect.poll(() => requestOf(cheer).isEnabled()).toBe(true);
    await song.getByRole('button', { name: /Birthday song/ }).click();
    await expect.poll(() => requestOf(song).isEnabled()).toBe(true);
    await cheer
      .getByRole('button', { name: /Cheer video/ })
      .first()
      .click();
    // No owner buttons for others.
    expect(await page.getByRole('link', { name: en.creatorPage.editProfile }).count()).toBe(0);
    await requestOf(cheer).click();
    await page.waitForURL(/\/login$/);

    // A fan gets the request dialog. The cards are clicked once the page has settled: the creator's chips, ranking
    // and availability arrive after his profile and move the cards below them down.
    page = (await openPage('en', fanSession(fan))).page;
    await page.goto(url(`/creator/${aria.creatorId}`));
    await untilStill(page);
    await page
      .getByRole('region', { name: 'Birthday song' })
      .getByRole('button', { name: /Birthday song/ })
      .click();
    await page
      .getByRole('region', { name: 'Birthday song' })
      .getByRole('button', { name: en.creatorPage.request })
      .click();
    await page.getByRole('dialog').waitFor();

    // Another creator is refused.
    page = (await openPage('en', creatorSession(bora))).page;
    await page.goto(url(`/aria${suffix}`));
    await untilStill(page);
    await page
      .getByRole('region', { name: 'Birthday song' })
      .getByRole('button', { name: /Birthday song/ })
      .click();
    await page
      .getByRole('region', { name: 'Birthday song' })
      .getByRole('button', { name: en.creatorPage.request })
      .click();
    await page.getByRole('alertdialog').getByText(en.creatorPage.creatorCannotRequest).waitFor();
  });

  test('request modal: fields, limits, counter, messages; a BASIC request spends the coins', async () => {
    const { page, errors } = await openPage('en', fanSession(fan));
    await page.goto(url(`/aria${suffix}`));
    await untilStill(page);
    const song = page.getByRole('region', { name: 'Birthday song' });
    await song.getByRole('button', { name: /Birthday song/ }).click();
    await song.getByRole('button', { name: en.creatorPage.request }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en.missionRequest.held.replace('{{count}}', '150')).waitFor();
    // No attachment for a BASIC product that does not allow it.
    expect(await dialog.getByText(en.missionRequest.attach).count()).toBe(0);

    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    // The form's validation runs after the click returns: its messages are counted once they show.
    await expect.poll(() => dialog.getByText(en.validation.required).count()).toBe(2); // recipient and details
    await dialog.getByText(en.missionRequest.termsRequired).waitFor();

    // Friend: the sender's name appears, is required and capped at 30.
    await dialog.getByRole('checkbox', { name: en.missionRequest.toFriend }).check();
    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    await expect.poll(() => dialog.getByText(en.validation.required).count()).toBe(3);
    const sender = dialog.getByRole('textbox', { name: en.missionRequest.from });
    await sender.fill('S'.repeat(40));
    expect((await sender.inputValue()).length).toBe(30);

    const recipient = dialog.getByRole('textbox', { name: en.missionRequest.to });
    await recipient.fill('R'.repeat(250));
    expect((await recipient.inputValue()).length).toBe(200);
    await recipient.fill('Minji');
    const detail = dialog.getByRole('textbox', { name: en.missionRequest.detail });
    await detail.fill('D'.repeat(220));
    expect((await detail.inputValue()).length).toBe(200);
    await dialog.getByText('200/200').waitFor();
    await detail.fill('Please sing happy birthday');
    await dialog.getByText('26/200').waitFor();
    await dialog.getByRole('checkbox', { name: en.missionRequest.terms }).check();
    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(en.missionRequest.done).waitFor();
    await page.getByRole('button', { name: en.common.ok }).click();

    const app = served.testApp.app;
    const balance = await app.inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: fan.headers });
    expect(balance.json().point).toBe(50);
    const reserved = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me/missions/page?status=ACCEPTED',
      headers: fan.headers,
    });
    expect(reserved.json().content).toMatchObject([
      { to: 'Minji', from: 'S'.repeat(30), requestComment: 'Please sing happy birthday', toFriend: true },
    ]);

    // 50 coins left: a second 100-coin request is refused before it is sent.
    const cheer = page.getByRole('region', { name: 'Cheer video' });
    await cheer.getByRole('button', { name: /Cheer video/ }).click();
    await cheer.getByRole('button', { name: en.creatorPage.request }).click();
    await dialog.getByRole('textbox', { name: en.missionRequest.to }).fill('Minji');
    await dialog.getByRole('textbox', { name: en.missionRequest.detail }).fill('Cheer me up');
    await dialog.getByRole('checkbox', { name: en.missionRequest.terms }).check();
    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    await page.getByRole('alertdialog').getByText(en.missionRequest.notEnoughCoins).waitFor();
    await page.getByRole('button', { name: en.common.ok }).click();
    await dialog.getByRole('button', { name: en.common.cancel }).click();

    // CUSTOM: an offer below the minimum; attachments are offered.
    await page.getByRole('tab', { name: en.creatorPage.tabs.CUSTOM }).click();
    const custom = page.getByRole('region').filter({ hasText: 'From 300 coins' });
    await custom.getByRole('button').first().click();
    await custom.getByRole('button', { name: en.creatorPage.request }).click();
    await dialog.getByText(en.missionRequest.attach).first().waitFor();
    // A resumable upload: created, then its bytes in one PATCH that answers the file.
    const uploads: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/v1/files/tus')) {
        uploads.push(`${response.request().method()} ${response.status()}`);
      }
    });
    await dialog
      .getByLabel(en.missionRequest.attach)
      .setInputFiles({ name: 'wish.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByText('wish.png').waitFor();
    await dialog.getByRole('button', { name: en.missionRequest.removeFile }).waitFor();
    expect(uploads).toEqual(['POST 201', 'PATCH 200']);
    await dialog.getByRole('textbox', { name: en.missionRequest.amount }).fill('10');
    await dialog.getByRole('button', { name: en.missionRequest.submit }).click();
    await dialog.getByText('Must be at least 300 coins.').first().waitFor();
    expect(await dialog.getByRole('textbox', { name: en.missionRequest.amount }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(errors).toEqual([]);
  });

  test('lucky roulette: created on open, played to a loss and to a win, disabled without coins', async () => {
    const { page, errors } = await openPage('en', fanSession(gambler));
    const opened: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/missions/lucky')) opened.push(response.status());
    });
    await page.goto(url(`/lucky${suffix}`));
    await page.getByRole('tab', { name: en.creatorPage.tabs.LUCKY, selected: true }).waitFor();
    const wink = page.getByRole('region', { name: 'Wink' });
    await wink.getByRole('button', { name: /Wink/ }).click();
    await wink.getByRole('button', { name: en.creatorPage.request }).click();
    const dialog = page.getByRole('dialog');
    const spin = dialog.getByRole('button', { name: 'Spin (1 coins)' });
    await expect.poll(() => spin.isEnabled()).toBe(true);
    expect(opened).toEqual([201]);
    await dialog.getByText('Coins held: 200').waitFor();
    await screenshot(page, 'roulette', 'en');

    // Played until both a loss and a win were seen; a win closes that roulette, so a win before any loss reopens one.
    // Each roll's answer is held until the button has been read: it is read while playing, however slow the reading.
    const heldRolls: (() => void)[] = [];
    await page.route('**/api/v1/missions/*/rolls', (route) =>
      new Promise<void>((resolve) => heldRolls.push(resolve)).then(() => route.continue()),
    );
    let rolls = 0;
    let lostOnce = false;
    let wonOnce = false;
    const retry = dialog.getByRole('button', { name: 'Try once more (1 coins)' });
    while (!(lostOnce && wonOnce) && rolls < 150) {
      await ((await retry.isVisible()) ? retry : spin).click();
      rolls += 1;
      expect(await spin.isDisabled()).toBe(true); // disabled while playing
      await expect.poll(() => heldRolls.length).toBe(1);
      heldRolls.shift()!();
      await dialog.getByText(en.lucky.lost).or(dialog.getByText(en.lucky.waitForCreator)).waitFor();
      if (await dialog.getByText(en.lucky.waitForCreator).isVisible()) {
        wonOnce = true;
        await dialog.getByText('You won! Wink').waitFor();
        // The win leads to the won mission, with its perform deadline.
        await dialog.getByRole('link', { name: /^See my mission \(due [A-Z][a-z]{2} \d{1,2}\)$/ }).waitFor();
        await dialog.getByText(`Coins held: ${200 - rolls}`).waitFor();
        expect(await retry.count()).toBe(0);
        expect(await spin.count()).toBe(0);
        await screenshot(page, 'roulette-won', 'en');
        if (!lostOnce) {
          await dialog.getByRole('button', { name: en.common.close }).click();
          await wink.getByRole('button', { name: en.creatorPage.request }).click();
          await expect.poll(() => spin.isEnabled()).toBe(true);
        }
      } else {
        if (!lostOnce) await screenshot(page, 'roulette-lost', 'en');
        lostOnce = true;
        await expect.poll(() => retry.isEnabled()).toBe(true);
      }
    }
    expect([lostOnce, wonOnce]).toEqual([true, true]);
    const balance = await served.testApp.app.inject({
      method: 'GET',
      url: '/api/v1/coin-deposit',
      headers: gambler.headers,
    });
    expect(balance.json().point).toBe(200 - rolls);
    expect(errors).toEqual([]);

    // Without coins the spin button is disabled.
    const broke = await createAccount(served.testApp.app, { username: `broke${suffix}` });
    const poor = await openPage('en', fanSession(broke));
    await poor.page.goto(url(`/lucky${suffix}`));
    await poor.page.getByRole('region', { name: 'Wink' }).getByRole('button', { name: /Wink/ }).click();
    await poor.page.getByRole('region', { name: 'Wink' }).getByRole('button', { name: en.creatorPage.request }).click();
    await poor.page.getByRole('dialog').getByText('Coins held: 0').waitFor();
    expect(await poor.page.getByRole('dialog').getByRole('button', { name: 'Spin (1 coins)' }).isDisabled()).toBe(true);
  }, 240_000);

  test('creator page: owner buttons, no request button, share copies the link', async () => {
    const { page } = await openPage('en', creatorSession(aria));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.baseUrl });
    await page.goto(url(`/aria${suffix}`));
    await page.getByRole('heading', { name: `Aria ${suffix}` }).waitFor();
    expect(await page.getByRole('link', { name: en.creatorPage.editProfile }).getAttribute('href')).toBe(
      '/edit-creator-profile',
    );
    expect(await page.getByRole('link', { name: en.creatorPage.missionManagement }).getAttribute('href')).toBe(
      '/mission-management',
    );
    await page.getByRole('region', { name: 'Birthday song' }).waitFor();
    expect(await page.getByRole('button', { name: en.creatorPage.request }).count()).toBe(0);
    await page.getByRole('button', { name: en.creatorPage.share }).click();
    await page.getByRole('alertdialog').getByText(en.creatorPage.shareCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/aria${suffix}`));
    await screenshot(page, 'creator-page-owner', 'en');
  });

  test('creator page grid: 3 cards per row, 2 at 991 px, 1 at 767 px', async () => {
    for (const [width, expected] of [
      [1280, 3],
      [991, 2],
      [767, 1],
    ] as const) {
      const { page } = await openPage('en', {}, { width, height: 900 });
      await page.goto(url(`/aria${suffix}`));
      const card = page.getByRole('region', { name: 'Birthday song' });
      await card.waitFor();
      const columns = await card.evaluate(
        (element) => getComputedStyle(element.parentElement!).gridTemplateColumns.split(' ').length,
      );
      expect(columns, `at ${width} px`).toBe(expected);
      await page.close();
    }
  });

  test('creator page: unknown and unverified creators are not found; the unverified owner is told to wait', async () => {
    let { page } = await openPage('en');
    await page.goto(url('/no-such-creator-anywhere'));
    await page.waitForURL(/\/not-found$/);
    await page.goto(url(`/creator/${newbie.creatorId}`));
    await page.waitForURL(/\/not-found$/);

    ({ page } = await openPage('en', creatorSession(newbie)));
    await page.goto(url(`/newbie${suffix}`));
    await page.getByRole('alertdialog').getByText(en.creatorPage.pendingReview).waitFor();
    await page.getByRole('button', { name: en.common.ok }).click();
    await page.waitForURL(/\/newbie-creator-mypage$/);
  });
});
