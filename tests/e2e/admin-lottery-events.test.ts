// An operator oversees lottery events from the console over the real stack (the served app with a Temporal
// time-skipping server and worker of its own): on the mission products list, he draws one event now (the picks the
// creator left, at random, winners announced) and cancels another (its applicants' applications cancelled by the
// event's workflow), each with a reason. Screenshots in ko at 1280 and 360 px.
import { eventSchedule, kstDate, kstDayStart, type EventStatus } from '@fanmission/contracts';
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, test, vi } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { untilStill } from '@fanmission/tests/support/browser';
import { storeConsoleSession } from '@fanmission/tests/support/console';
import { useServedApp } from '../harness/served-app';
import { createFan, createFile, createVerifiedCreator } from '@fanmission/tests/support/missions';

vi.setConfig({ testTimeout: 240_000 });

const ko = consoleKo;
const DAY = 24 * 60 * 60 * 1000;

describe('console: lottery event oversight', () => {
  let skew = 0;
  const served = useServedApp({ temporal: true, now: () => new Date(Date.now() + skew) });
  const browser = useBrowser();

  const eventStatus = async (productId: number) =>
    (
      await served.testApp.app.db
        .selectFrom('lottery_events')
        .select('status')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).status;
  async function statusBecomes(productId: number, status: EventStatus): Promise<void> {
    await expect.poll(() => eventStatus(productId), { timeout: 30_000 }).toBe(status);
  }

  test('an operator draws one event now and cancels another, each with a reason', async () => {
    const app = served.testApp.app;
    const env = served.temporal!.env;
    const operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1' });
    const today = kstDate(new Date());
    // Applications close at the end of tomorrow (Korea time), not of today: a Korean midnight while the fans apply
    // would have closed them.
    const applyEnd = kstDate(new Date(kstDayStart(today).getTime() + DAY));
    const eventEnd = kstDate(new Date(kstDayStart(today).getTime() + 10 * DAY));
    const events: number[] = [];
    // One ongoing event per creator: two creators.
    for (const title of ['지금 추첨할 이벤트', '취소할 이벤트']) {
      const creator = await createVerifiedCreator(app);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/mission-products',
        headers: creator.headers,
        payload: {
          creatorId: creator.creatorId,
          type: 'EVENT',
          title,
          description: 'Signed polaroids',
          drawNumber: 2,
          applyStart: today,
          applyEnd,
          eventEnd,
          descriptionPictureId: await createFile(app.db, creator.id, 'image'),
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      events.push(created.json<{ id: number }>().id);
    }
    const [toDraw, toCancel] = events as [number, number];
    for (const productId of events) await statusBecomes(productId, 'APPLYING');
    const applications: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const fan = await createFan(app);
      for (const productId of events) {
        const applied = await app.inject({
          method: 'POST',
          url: '/api/v1/missions',
          headers: fan.headers,
          payload: {
            missionProductId: productId,
            requestComment: `Fan ${index}`,
            phone: '01012345678',
            name: 'Fan',
            address: 'Seoul',
          },
        });
        expect(applied.statusCode, applied.body).toBe(200);
        if (productId === toCancel) applications.push(applied.json<{ id: number }>().id);
      }
    }
    const { applyEndAt } = eventSchedule({ applyStart: today, applyEnd, eventEnd });
    await env.sleep(applyEndAt.getTime() - (await env.currentTimeMs()) + 1000);
    skew = (await env.currentTimeMs()) - Date.now();
    await statusBecomes(toDraw, 'DRAWING');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    // Signed in by the operator's stored session (the login form is not this file's subject).
    await storeConsoleSession(page, served.baseUrl, operator);
    await page.goto(`${served.baseUrl}/admin/mission-products?filter=${encodeURIComponent('{"type":"EVENT"}')}`);
    const row = (productId: number) =>
      page.locator('tr', { has: page.locator('td.column-id', { hasText: new RegExp(`^${productId}$`) }) });
    await row(toDraw).getByRole('button', { name: ko.console.lotteryEvents.draw }).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-operator-lottery-events.png');

    await row(toDraw).getByRole('button', { name: ko.console.lotteryEvents.draw }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: ko.console.actions.reason }).fill('크리에이터 연락 두절로 대신 추첨');
    await screenshot(page, 'admin-operator-lottery-draw-dialog.png');
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.lotteryEvents.drawn).waitFor({ state: 'visible' });
    expect(await eventStatus(toDraw)).toBe('DRAWN');
    await row(toDraw).getByRole('button', { name: ko.console.lotteryEvents.draw }).waitFor({ state: 'detached' });

    await row(toCancel).getByRole('button', { name: ko.console.lotteryEvents.cancel }).click();
    await dialog.getByRole('textbox', { name: ko.console.actions.reason }).fill('경품 배송 불가');
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByText(ko.console.lotteryEvents.canceled).waitFor({ state: 'visible' });
    await statusBecomes(toCancel, 'CANCELED');
    const missions = await app.db
      .selectFrom('missions')
      .select(['status', 'rejection_reason'])
      .where('id', 'in', applications)
      .execute();
    expect(missions).toEqual(applications.map(() => ({ status: 'REJECTED', rejection_reason: 'CANCELED' })));
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => [violation.id, violation.nodes.map((node) => node.html)])).toEqual([]);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByText('지금 추첨할 이벤트').waitFor({ state: 'visible' });
    // The heading shows before the list's rows: the width is measured once the screen is still.
    await untilStill(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-operator-lottery-events-360.png');
    expect(errors).toEqual([]);
  });
});
