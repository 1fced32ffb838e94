// A day's work in the console over the real API and PostgreSQL: the operator's dashboard opens on his to-do block (the
// creators awaiting review and the pending block objections, no money queues); its link opens the review queue, and
// the review page shows the application (photo, tags, SNS links, description, e-mail, address, date in KST, earlier
// refusals); approving asks first and names the creator. Finance's to-do block has the money queues only, and a
// statement's page reads in Korea time. Screenshots in ko at 1280 and 360 px.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { multipartForm } from '@fanmission/tests/support/files';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { collectPageErrors } from '@fanmission/tests/support/browser';
import { openConsoleAs } from '@fanmission/tests/support/console';
import { axeViolations } from '@fanmission/tests/support/web-a11y';

const ko = consoleKo;
const queues = ko.console.toDo.queues;
/** A to-do link's accessible name: the queue, then its count (any count when none is given). */
const queueLink = (queue: string, count?: number) =>
  new RegExp(`^${queue.replace(/[()]/g, '\\$&')}\\s*${count ?? '\\d+'}건`);

describe('console: a day’s work', () => {
  // The to-do block counts the whole platform's queues: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let operator: TestAccount;
  let finance: TestAccount;
  let applicant: TestCreator;
  let statementId: number;

  beforeAll(async () => {
    const app = served.testApp.app;
    operator = await createAccount(app, { roles: ['ROLE_OPERATOR'], password: 'operator-pass1', username: 'op-day' });
    finance = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-pass1', username: 'fin-day' });
    const tagIds = await createTags(app, ['노래', '게임 방송']);
    applicant = await createCreator(app, {
      name: '하늘소리',
      url: 'haneul',
      verified: false,
      tagIds,
      createdAt: new Date('2026-11-20T15:30:00Z'),
    });
    await app.db
      .updateTable('creators')
      .set({
        review_status: 'PENDING',
        description: '매주 금요일 밤에 노래 방송을 합니다.\n신청곡 환영!',
        business_type: 'PRIVATE',
        business_name: '하늘뮤직',
      })
      .where('id', '=', applicant.creatorId)
      .execute();
    await app.db
      .insertInto('creator_sns_links')
      .values({ creator_id: applicant.creatorId, type: 'YOUTUBE', link: 'https://youtube.com/@haneul' })
      .execute();
    const photo = await sharp({
      create: { width: 240, height: 240, channels: 3, background: { r: 255, g: 138, b: 101 } },
    })
      .png()
      .toBuffer();
    const form = await multipartForm('image', photo, 'haneul.png', 'image/png');
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${applicant.id}/image`,
      headers: { ...form.headers, ...applicant.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    // Refused once: the reason stays in his history after he is back in the queue.
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/admin/creators/${applicant.creatorId}`,
      headers: operator.headers,
      payload: { reviewStatus: 'REJECTED', reviewReason: '소개 영상이 너무 짧습니다.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await app.db
      .updateTable('creators')
      .set({ review_status: 'PENDING' })
      .where('id', '=', applicant.creatorId)
      .execute();
    // A blocked member's pending objection.
    const member = await createAccount(app, { password: 'member-pass1' });
    await app.db
      .updateTable('users')
      .set({ login_blocked_at: new Date(Date.now() - 86_400_000), login_block_reason: '도배 댓글' })
      .where('id', '=', member.id)
      .execute();
    const objection = await app.inject({
      method: 'POST',
      url: '/api/v1/block-objections',
      payload: {
        email: member.email,
        password: member.password,
        reason: '제가 쓴 댓글이 아닙니다. 확인 부탁드립니다.',
      },
    });
    expect(objection.statusCode, objection.body).toBe(200);
    // A statement of last month for finance.
    const payee = await createIncomeCreator(app);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 12, 3));
    await releasedMission(app.db, { creatorId: payee.creatorId, coins: 1_200, at: lastMonth });
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: { year: lastMonth.getUTCFullYear(), month: lastMonth.getUTCMonth() + 1 },
    });
    expect(run.statusCode, run.body).toBe(200);
    statementId = (
      await app.db
        .selectFrom('settlement_statements')
        .select('id')
        .where('creator_id', '=', payee.creatorId)
        .executeTakeFirstOrThrow()
    ).id;
  });

  /** The console's dashboard by the account's stored session: the login form is the subject of one test only. */
  const openConsole = (page: Page, account: TestAccount) => openConsoleAs(page, served.baseUrl, account);

  const toDoBlock = (page: Page) => page.getByRole('region', { name: ko.console.toDo.title });
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('the operator’s to-do block leads to the review page, which shows the application; approving asks and names him', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, operator);
    const block = toDoBlock(page);
    const review = block.getByRole('link', { name: queueLink(queues.creatorsToReview, 1) });
    await review.waitFor({ state: 'visible' });
    await block.getByRole('link', { name: queueLink(queues.blockObjections, 1) }).waitFor({ state: 'visible' });
    await block.getByRole('link', { name: queueLink(queues.approvalsWaitingForMe, 0) }).waitFor({ state: 'visible' });
    expect(await block.getByText(queues.depositsToConfirm).count()).toBe(0);
    expect(await block.getByText(queues.statementsToApprove).count()).toBe(0);
    await review.getByText('가장 오래 기다린 건: 2026.11.21 00:30 KST').waitFor({ state: 'visible' });
    expect(await page.getByText('postgres').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-day-operator-to-do-1280.png');
    expect(await axeViolations(page)).toEqual([]);

    await review.click();
    await page.waitForURL(/\/admin\/creators\?/);
    await page.getByRole('cell', { name: '하늘소리' }).click();
    await page.waitForURL(new RegExp(`/admin/creators/${applicant.creatorId}/show`));
    const words = ko.console.creatorReview;
    await page.getByRole('heading', { name: '하늘소리', exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('img', { name: '하늘소리의 프로필 사진' }).waitFor({ state: 'visible' });
    for (const text of ['노래', '게임 방송', '개인사업자', '하늘뮤직', applicant.email, '2026.11.21 00:30 KST']) {
      await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
    }
    await page.getByText(/매주 금요일 밤에 노래 방송을 합니다/).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'https://youtube.com/@haneul' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: `${served.baseUrl}/haneul` }).getAttribute('href')).toBe('/haneul');
    expect(await page.getByRole('link', { name: words.publicPageAfterApproval }).getAttribute('href')).toBe(
      `/creator/${applicant.creatorId}`,
    );
    const history = page.getByRole('list', { name: words.refusals });
    await history.getByText('소개 영상이 너무 짧습니다.').waitFor({ state: 'visible' });
    await history.getByText(new RegExp(operator.email)).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-day-creator-review-1280.png');
    expect(await axeViolations(page)).toEqual([]);

    const reviewPhone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(reviewPhone, operator);
    await toDoBlock(reviewPhone).waitFor({ state: 'visible' });
    await reviewPhone.goto(`${served.baseUrl}/admin/creators/${applicant.creatorId}/show`);
    await reviewPhone.getByRole('heading', { name: '하늘소리', exact: true }).waitFor({ state: 'visible' });
    await reviewPhone.waitForLoadState('networkidle');
    await screenshot(reviewPhone, 'admin-day-creator-review-360.png');
    expect(await noSidewaysScroll(reviewPhone)).toBeLessThanOrEqual(361);
    expect(await axeViolations(reviewPhone)).toEqual([]);
    await reviewPhone.close();

    await page.getByRole('button', { name: ko.console.actions.approve, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ko.console.actions.approve });
    await dialog.getByText(/"하늘소리" 크리에이터를 승인합니다\./).waitFor({ state: 'visible' });
    await screenshot(page, 'admin-day-creator-approve-confirm-1280.png');
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByText('"하늘소리" 크리에이터를 승인했습니다.').waitFor({ state: 'visible' });
    const stored = await served.testApp.app.db
      .selectFrom('creators')
      .select(['review_status', 'verified'])
      .where('id', '=', applicant.creatorId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ review_status: 'APPROVED', verified: true });

    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(phone, operator);
    await toDoBlock(phone)
      .getByRole('link', { name: queueLink(queues.creatorsToReview, 0) })
      .waitFor({ state: 'visible' });
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'admin-day-operator-to-do-360.png');
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(361);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
    expect(errors).toEqual([]);
  });

  test('the login page loads the console’s shell only; the dashboard its own screen, not every resource’s', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${served.baseUrl}/admin/`);
    await page.locator('input[name="password"]').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const screenChunk = /\/assets\/(dashboard|money|moderation|creator-review|missions|people|system|approvals)-/;
    expect(scripts.filter((script) => screenChunk.test(script))).toEqual([]);
    await page.locator('input[name="username"]').fill(operator.email);
    await page.locator('input[name="password"]').fill(operator.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await toDoBlock(page).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const loaded = scripts.filter((script) => screenChunk.test(script));
    expect(loaded.some((script) => script.includes('/dashboard-'))).toBe(true);
    expect(loaded.filter((script) => !script.includes('/dashboard-'))).toEqual([]);
    await page.close();
  });

  test('block objections read as sentences and their actions are in reach at 1280 and 360 px', async () => {
    for (const [width, name] of [
      [1280, 'admin-day-block-objections-1280.png'],
      [360, 'admin-day-block-objections-360.png'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await openConsole(page, operator);
      await toDoBlock(page)
        .getByRole('link', { name: queueLink(queues.blockObjections, 1) })
        .click();
      await page.waitForURL(/\/admin\/block-objections\?/);
      const reason = page.getByRole('cell', { name: '제가 쓴 댓글이 아닙니다. 확인 부탁드립니다.' });
      await reason.waitFor({ state: 'visible' });
      // A readable column: the objection runs over a few lines, not one syllable per line.
      expect((await reason.boundingBox())!.width).toBeGreaterThan(150);
      const approve = page.getByRole('button', { name: ko.console.actions.approve, exact: true });
      await approve.waitFor({ state: 'visible' });
      const box = (await approve.boundingBox())!;
      expect(box.x + box.width, `approve at ${width} px`).toBeLessThanOrEqual(width);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(width + 1);
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  });

  test('finance’s to-do block has the money queues only; a statement’s page reads in Korea time', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await openConsole(page, finance);
    const block = toDoBlock(page);
    const toApprove = block.getByRole('link', { name: queueLink(queues.statementsToApprove, 1) });
    await toApprove.waitFor({ state: 'visible' });
    for (const queue of ['depositsToConfirm', 'refundRequests', 'statementsToPay', 'heldStatements'] as const) {
      await block.getByRole('link', { name: queueLink(queues[queue]) }).waitFor();
    }
    expect(await block.getByText(queues.creatorsToReview).count()).toBe(0);
    expect(await block.getByText(queues.blockObjections).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-day-finance-to-do-1280.png');
    expect(await axeViolations(page)).toEqual([]);

    await toApprove.click();
    await page.waitForURL(/\/admin\/settlements\?/);
    await page.goto(`${served.baseUrl}/admin/settlements/${statementId}/show`);
    await page.getByText(/ KST$/).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'admin-day-settlement-1280.png');
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openConsole(phone, finance);
    await toDoBlock(phone)
      .getByRole('link', { name: queueLink(queues.statementsToApprove, 1) })
      .waitFor();
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'admin-day-finance-to-do-360.png');
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(361);
    await phone.goto(`${served.baseUrl}/admin/settlements/${statementId}/show`);
    await phone.getByText(/ KST$/).first().waitFor({ state: 'visible' });
    await phone.waitForLoadState('networkidle');
    await screenshot(phone, 'admin-day-settlement-360.png');
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(361);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
    expect(errors).toEqual([]);
  });
});
