// Lists of the web app over the real API: the FAQ board (rows written through the operator API) and the fan's
// follows. The my-page mission lists need missions in every status, which the mission issues' workflows produce;
// until a seeding helper exists, the one journey about the rejected tab answers that call itself (marked below).
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { fanSession, screenshot, storeSession, untilStill, useBrowser } from '../support/browser';
import { createCreator } from '../support/creators';
import { insertMission, registerProduct } from '../support/missions';

const ko = resources.ko.translation;
const en = resources.en.translation;

function page<Item>(content: Item[], number: number, totalPages: number) {
  return { content, totalPages, totalElements: content.length, number, size: 6, last: number >= totalPages - 1 };
}

describe('web app: lists', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (path: string) => `${served.baseUrl}${path}`;

  async function loggedInFan(target: Page, language = 'ko') {
    const fan = await createAccount(served.testApp.app, { username: 'scroller' });
    await storeSession(target, served.baseUrl, { ...fanSession(fan), lang: language });
    return fan;
  }

  test('FAQ: categories, rows in threes, one open at a time, paging only with more than one page', async () => {
    const app = served.testApp.app;
    const operator = await createAccount(app, { roles: ['ROLE_OPERATOR'] });
    const faqs = [
      ...Array.from({ length: 7 }, (_, index) => ({ category: 'PAYMENT', number: index + 1 })),
      ...Array.from({ length: 2 }, (_, index) => ({ category: 'MISSION', number: index + 1 })),
    ];
    for (const [position, faq] of faqs.entries()) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/faqs',
        headers: operator.headers,
        payload: {
          category: faq.category,
          title: `${faq.category} question ${faq.number}`,
          content: `${faq.category} answer ${faq.number}`,
          position,
        },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }

    const browserPage = await browser.newPage();
    const requests: string[] = [];
    browserPage.on('request', (request) => {
      if (request.url().includes('/api/v1/board/faq')) requests.push(new URL(request.url()).search);
    });
    await browserPage.goto(url('/faq'));
    await browserPage.getByText('PAYMENT question 1', { exact: true }).waitFor();
    expect(requests[0]).toBe('?direction=ASC&page=0&size=6&type=PAYMENT');
    expect(await browserPage.getByTestId('faq-group').count()).toBe(2);
    expect(await browserPage.getByTestId('faq-group').first().getByRole('button').count()).toBe(3);

    await browserPage.getByRole('button', { name: 'PAYMENT question 2' }).click();
    await browserPage.getByText('PAYMENT answer 2').waitFor();
    await browserPage.getByRole('button', { name: 'PAYMENT question 5' }).click();
    await browserPage.getByText('PAYMENT answer 5').waitFor();
    await browserPage.getByText('PAYMENT answer 2').waitFor({ state: 'hidden' });
    expect(await browserPage.getByRole('button', { expanded: true }).count()).toBe(1);
    await screenshot(browserPage, 'web-faq-rows-ko.png');

    await browserPage.getByRole('button', { name: ko.pagination.page.replace('{{page}}', '2') }).click();
    await browserPage.getByText('PAYMENT question 7').waitFor();
    await browserPage.getByRole('button', { name: ko.faq.categories.MISSION, exact: true }).click();
    await browserPage.getByText('MISSION question 1', { exact: true }).waitFor();
    expect(requests.at(-1)).toBe('?direction=ASC&page=0&size=6&type=MISSION');
    expect(await browserPage.getByRole('navigation', { name: ko.pagination.label }).count()).toBe(0);
  });

  /** Verified creators the fan follows through the real API, oldest follow first. */
  async function followCreators(fan: TestAccount, count: number) {
    const app = served.testApp.app;
    const names: string[] = [];
    for (let index = 1; index <= count; index += 1) {
      const owner = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_CREATOR'], username: `Creator ${index}` });
      const creator = await app.db
        .updateTable('creators')
        .set({ verified: true, url: index === 1 ? `starlight-${fan.id}` : null })
        .where('user_id', '=', owner.id)
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/creators/${creator.id}/follower`,
        headers: fan.headers,
        payload: { userId: fan.id },
      });
      expect(response.statusCode, response.body).toBe(200);
      names.push(`Creator ${index}`);
    }
    return names;
  }

  test('my page: follows load by 6 on scroll, newest first; empty tabs offer their links', async () => {
    const browserPage = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    const fan = await loggedInFan(browserPage, 'en');
    await followCreators(fan, 9);
    const followRequests: string[] = [];
    browserPage.on('request', (request) => {
      if (request.url().includes('/follows/page')) followRequests.push(new URL(request.url()).search);
    });

    await browserPage.goto(url('/user-mypage'));
    await browserPage.getByText('Creator 4', { exact: true }).waitFor();
    expect(followRequests).toEqual(['?page=0&size=6']);
    expect(await browserPage.getByText('Creator 3', { exact: true }).count()).toBe(0);
    expect(await browserPage.getByRole('link', { name: 'Creator 9' }).getAttribute('href')).toMatch(/^\/creator\/\d+$/);
    await browserPage.mouse.wheel(0, 5000);
    await browserPage.getByText('Creator 1', { exact: true }).waitFor();
    expect(followRequests).toEqual(['?page=0&size=6', '?page=1&size=6']);
    expect(await browserPage.getByRole('link', { name: 'Creator 1' }).getAttribute('href')).toBe(
      `/starlight-${fan.id}`,
    );
    await browserPage.mouse.wheel(0, 5000);
    // At rest after the scroll: a third page would have been asked for by now.
    await untilStill(browserPage);
    expect(followRequests).toHaveLength(2);
    await screenshot(browserPage, 'web-my-page-follows-en.png');

    expect(await browserPage.getByRole('tab', { name: en.myPage.tabs.rejected }).count()).toBe(0);
    await browserPage.getByRole('tab', { name: en.myPage.tabs.liked }).click();
    await browserPage.getByText(en.myPage.empty.liked).waitFor();
    await browserPage.getByRole('tab', { name: en.myPage.tabs.reserved }).click();
    await browserPage.getByText(en.myPage.empty.reserved).waitFor();
    await browserPage.getByRole('link', { name: en.myPage.goBrowseMissions }).click();
    await browserPage.waitForURL((current) => current.pathname === '/browse-missions');
  });

  test('my page: a paid CUSTOM request waiting for the creator shows under the waiting tab (ko, 1280 and 360 px)', async () => {
    const app = served.testApp.app;
    const browserPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const fan = await loggedInFan(browserPage, 'ko');
    const creator = await createCreator(app, { name: 'Waiting Creator', url: `waiting${fan.id}` });
    const custom = await registerProduct(app, creator, { type: 'CUSTOM' });
    await insertMission(app, custom, { user_id: fan.id, status: 'REQUESTED', coin_price: 300 });

    await browserPage.goto(url('/user-mypage'));
    await browserPage.getByRole('tab', { name: ko.myPage.tabs.pending }).click();
    const card = browserPage.getByRole('link', { name: /커스텀 미션/ }).first();
    await card.waitFor();
    await browserPage.getByText(ko.missionStatus.REQUESTED).first().waitFor();
    await screenshot(browserPage, 'web-my-page-pending-1280-ko.png');
    await browserPage.setViewportSize({ width: 360, height: 780 });
    await screenshot(browserPage, 'web-my-page-pending-360-ko.png');
    // Nothing waits for another fan: the tab says so.
    const other = await browser.newPage();
    await loggedInFan(other, 'ko');
    await other.goto(url('/user-mypage'));
    await other.getByRole('tab', { name: ko.myPage.tabs.pending }).click();
    await other.getByText(ko.myPage.empty.pending).waitFor();
  });

  test('my page: the rejected tab appears only when the fan has rejected missions', async () => {
    const browserPage = await browser.newPage();
    await loggedInFan(browserPage, 'en');
    // Stand-in for a REJECTED mission (the mission workflows produce them): the list call is answered here, in the
    // contracts' Mission shape, with only the fields the card reads filled in.
    const creator = {
      id: 2,
      name: 'Creator 2',
      url: null,
      verified: true,
      user: { id: 3, username: 'c', image: null },
    };
    const rejected = {
      id: 31,
      status: 'REJECTED',
      thumbnail: null,
      missionProduct: { id: 5, name: 'Dance cover', type: 'BASIC', descriptionPicture: null, creator },
    };
    await browserPage.route('**/api/v1/users/me/missions/page?**', (route: Route) => {
      const status = new URL(route.request().url()).searchParams.get('status');
      const content = status === 'REJECTED' ? [rejected] : [];
      return route.fulfill({ json: page(content, 0, content.length ? 1 : 0) });
    });
    await browserPage.goto(url('/user-mypage'));
    await browserPage.getByRole('tab', { name: en.myPage.tabs.rejected }).click();
    await browserPage.getByText('Dance cover').waitFor();
    await browserPage.getByText(en.missionStatus.REJECTED, { exact: true }).waitFor();
    expect(await browserPage.getByRole('link', { name: /Dance cover/ }).getAttribute('href')).toBe(
      '/mission-detail/31',
    );
  });

  test('my page in Korean with no follows shows the empty state with its link', async () => {
    const browserPage = await browser.newPage();
    await loggedInFan(browserPage);
    await browserPage.goto(url('/user-mypage'));
    await browserPage.getByText(ko.myPage.empty.follow).waitFor();
    expect(await browserPage.getByRole('link', { name: ko.myPage.goCreatorSearch }).getAttribute('href')).toBe(
      '/creator-search',
    );
  });
});
