// A new fan's phone in the real Chromium at 360 px: every link and button of the header, the home page and the
// requester's mission page is at least 24 × 24 px or spaced as WCAG 2.5.8 allows (a 24 px circle on its centre meets
// no other target nor another small target's circle), and the requester's mission page in every state, with what a
// new member makes (no picture, a long Latin nickname, no comments), has no control whose accessible name leaves out
// the words it shows (axe's label-content-name-mismatch, an experimental rule the default run leaves out).
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { MissionProduct } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct, uploadFile } from '@fanmission/tests/support/missions';
import { PNG_1X1 } from '@fanmission/tests/support/files';
import { createAccount, type TestAccount } from '../harness/accounts';
import { useServedApp } from '../harness/served-app';
import { DESKTOP, fanSession, untilStill, useWebPages, type WebSession } from '../support/browser';
import { PHONE, settle } from '../support/web-a11y';
import { resources } from '../../web/src/shared/i18n/resources';

const ko = resources.ko.translation;

/**
 * The targets of `header, main` that fail WCAG 2.5.8 (target size, minimum): under 24 × 24 px, not a link inside a
 * sentence, and a 24 px circle on its box's centre intersects another target's box or another small target's circle.
 */
function undersizedTargets(): string[] {
  const selector = 'a[href], button, [role="button"], [role="link"], [role="tab"], input:not([type="hidden"])';
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const inSentence = (element: Element) => {
    if (getComputedStyle(element).display !== 'inline') return false;
    const parent = element.parentElement;
    return (
      !!parent &&
      [...parent.childNodes].some(
        (node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      )
    );
  };
  const targets = [...document.querySelectorAll<HTMLElement>('header, main')]
    .flatMap((area) => [...area.querySelectorAll<HTMLElement>(selector)])
    .filter((target) => {
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.pointerEvents === 'none') {
        return false;
      }
      // A native input inside its label: the label takes the tap.
      return !(target.tagName === 'INPUT' && target.closest('label'));
    })
    .map((target) => ({ target, box: target.getBoundingClientRect() }));
  const small = (box: DOMRect) => box.width < 23.5 || box.height < 23.5;
  const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const circleMeetsBox = (point: { x: number; y: number }, box: DOMRect) => {
    const dx = Math.max(box.left - point.x, 0, point.x - box.right);
    const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
    return dx * dx + dy * dy < 12 * 12;
  };
  const failing: string[] = [];
  for (const { target, box } of targets) {
    if (!small(box) || inSentence(target)) continue;
    const here = centre(box);
    const crowded = targets.find(({ target: other, box: otherBox }) => {
      if (other === target || other.contains(target) || target.contains(other)) return false;
      if (circleMeetsBox(here, otherBox)) return true;
      if (!small(otherBox)) return false;
      const there = centre(otherBox);
      return Math.hypot(here.x - there.x, here.y - there.y) < 24;
    });
    if (crowded) {
      failing.push(
        `${describe(target)} is ${Math.round(box.width)}×${Math.round(box.height)}, ${describe(crowded.target)} within 24 px`,
      );
    }
  }
  return failing;
}

/** Opens `path` as the app's own links do (a history entry and the popstate the router listens to): no page load. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Serious and critical axe findings, the experimental label-content-name-mismatch included. */
async function nameMismatches(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withRules(['label-content-name-mismatch', 'label', 'button-name', 'link-name', 'aria-command-name'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

describe('a new fan at 360 px: touch targets and accessible names', () => {
  const served = useServedApp();
  const { openPage, screenshot } = useWebPages(served, 'web-fan-targets');
  const suffix = Date.now().toString(36);
  let creator: TestCreator;
  let fan: TestAccount;
  let product: MissionProduct;
  let session: WebSession;
  const missions = {} as Record<'requested' | 'accepted' | 'refused' | 'cancelled' | 'completed', number>;

  beforeAll(async () => {
    const app = served.testApp.app;
    creator = await createCreator(app, {
      name: `Maximilian-Alexander Wolfeschlegelsteinhausen ${suffix}`,
      url: `maxi${suffix}`,
    });
    const nickname = `Bartholomew-Fitzgerald Wellington-Smythe ${suffix}`;
    fan = await createAccount(app, { username: nickname });
    // What a login leaves in the browser: the nickname (the header's initials) beside the session.
    session = { ...fanSession(fan), UserName: nickname };
    product = await registerProduct(app, creator, { type: 'CUSTOM' });
    const photo = await uploadFile(app, fan, PNG_1X1, 'fanphoto.png');
    const states = {
      requested: { status: 'REQUESTED', decision_due_at: new Date(Date.now() + 30 * 86_400_000) },
      accepted: { status: 'ACCEPTED', perform_due_at: new Date(Date.now() + 10 * 86_400_000) },
      refused: { status: 'REJECTED', rejection_reason: 'REFUSED', response_comment: 'Not this time' },
      cancelled: { status: 'REJECTED', rejection_reason: 'CANCELED' },
      completed: { status: 'COMPLETED' },
    } as const;
    for (const [state, values] of Object.entries(states)) {
      missions[state as keyof typeof states] = (
        await insertMission(app, product, { user_id: fan.id, request_file_id: photo.id, ...values })
      ).id;
    }
    // An unread notice: the header's menu button carries its count.
    await app.db
      .insertInto('notifications')
      .values({
        user_id: fan.id,
        kind: 'MISSION_REFUSED',
        mission_id: missions.refused,
        mission_comment_id: null,
        actor_user_id: creator.id,
        params: JSON.stringify({}),
        event_id: randomUUID(),
        created_at: new Date(),
      })
      .execute();
  });

  test('every link and button of the header, the home page and the mission page is 24 × 24 px or spaced', async () => {
    const { page, errors } = await openPage('ko', session, PHONE);
    const found: Record<string, string[]> = {};
    for (const path of ['/', `/mission-detail/${missions.requested}`, `/mission-detail/${missions.completed}`]) {
      await page.goto(`${served.baseUrl}${path}`);
      await settle(page);
      await untilStill(page);
      found[path] = await page.evaluate(undersizedTargets);
    }
    const visitor = await openPage('ko', {}, PHONE);
    await visitor.page.goto(`${served.baseUrl}/`);
    // A phone without the app's Korean fonts draws Latin text in its own font (Roboto's metrics: a line ≈ 1.17 of the
    // font size); DejaVu Sans has the same line height here. The logo and the links must be 24 px high in it too.
    await visitor.page.addStyleTag({ content: "* { font-family: 'DejaVu Sans', sans-serif !important; }" });
    await settle(visitor.page);
    await untilStill(visitor.page);
    found['/ (visitor)'] = await visitor.page.evaluate(undersizedTargets);
    await screenshot(visitor.page, 'home-360', 'ko');
    await screenshot(page, 'mission-completed-360', 'ko');
    // The logo and the sections' "see all" links are 24 px high themselves, not only spaced.
    const heights = await visitor.page.evaluate(() =>
      [...document.querySelectorAll('header a.logo, main a')]
        .filter((link) => /^(Fanmission|크리에이터 모두 보기|미션 모두 보기)$/.test(link.textContent?.trim() ?? ''))
        .map((link) => {
          const box = link.getBoundingClientRect();
          return `${link.textContent?.trim()} ${Math.round(box.width)}×${Math.round(box.height)} ${box.height >= 24}`;
        }),
    );
    expect(heights).toEqual([
      expect.stringMatching(/^Fanmission \d+×\d+ true$/),
      expect.stringMatching(/^크리에이터 모두 보기 \d+×\d+ true$/),
      expect.stringMatching(/^미션 모두 보기 \d+×\d+ true$/),
    ]);
    expect(found).toEqual({
      '/': [],
      [`/mission-detail/${missions.requested}`]: [],
      [`/mission-detail/${missions.completed}`]: [],
      '/ (visitor)': [],
    });
    expect([...errors, ...visitor.errors]).toEqual([]);
  });

  test('the requester’s mission page in every state names its controls with the words they show', async () => {
    const { page, errors } = await openPage('ko', session, PHONE);
    const found: Record<string, string[]> = {};
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const [state, id] of Object.entries(missions)) {
        await page.goto(`${served.baseUrl}/mission-detail/${id}`);
        await settle(page);
        await untilStill(page);
        found[`${state} ${viewport.width}`] = await nameMismatches(page);
        if (state === 'requested' || state === 'refused') {
          await screenshot(page, `mission-${state}-${viewport.width}`, 'ko');
        }
      }
    }
    expect(found).toEqual(
      Object.fromEntries(
        [360, 1280].flatMap((width) => Object.keys(missions).map((state) => [`${state} ${width}`, []])),
      ),
    );
    expect(errors).toEqual([]);
  });

  test('the home page at 1280 px, the terms step after Next, and creator search opened offline', async () => {
    const { page, errors } = await openPage('ko', {}, DESKTOP);
    await page.goto(`${served.baseUrl}/`);
    await settle(page);
    await screenshot(page, 'home-1280', 'ko');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${served.baseUrl}/signup-accept-terms`);
      const next = page.getByRole('button', { name: ko.common.next });
      await next.waitFor();
      expect(await page.getByText(ko.terms.required).count()).toBe(0);
      await next.click();
      await page.getByText(ko.terms.required).waitFor();
      await screenshot(page, `terms-after-next-${viewport.width}`, 'ko');
    }
    // Opened without a connection (the app already loaded): it says so, then loads by itself once back online.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The page's code is in the browser already (the installed app's service worker keeps it; here, a first visit
      // with other filters), the list it opens now is not.
      await page.goto(`${served.baseUrl}/creator-search?sort=newest`);
      await settle(page);
      await openInApp(page, '/faq');
      await settle(page);
      await page.context().setOffline(true);
      await openInApp(page, '/creator-search?sort=recommended');
      await page.getByText(ko.network.pageOffline).waitFor();
      expect(await page.getByText(ko.creatorSearch.empty).count()).toBe(0);
      await screenshot(page, `creator-search-offline-${viewport.width}`, 'ko');
      await page.context().setOffline(false);
      await page.getByText(ko.network.pageOffline).waitFor({ state: 'detached' });
    }
    expect(errors.filter((error) => !/fetch|network|Load failed/i.test(String(error)))).toEqual([]);
  });
});
