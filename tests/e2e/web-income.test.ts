// Web app income management (/adjustment-page) over the real API: a creator with missions completed this month sees
// the month's income and its missions; last month, shown in progress, is settled by finance (POST
// /api/admin/settlement-runs); he then finds its statement under past incomes and downloads the PDF, which pdftoppm
// renders (tests/artifacts/screenshots/web-income-statement-pdf.png); finance marks it paid and the row says so.
// Screenshots in ko, en and ja, and at 360 px: tests/artifacts/screenshots/web-income-<screen>-<lang>.png.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { koreaMonthOf, previousMonth } from '@fanmission/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { resources } from '../../web/src/shared/i18n/resources';
import { createAccount, type TestAccount } from '../harness/accounts';
import { SCREENSHOT_DIR, SCREENSHOTS_SAVED, screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { approveAs } from '../support/approvals';
import { createIncomeCreator, releasedMission, type IncomeCreator } from '../support/income';
import { sessionState } from '../support/browser';

const LANGUAGES = ['ko', 'en', 'ja'] as const;
const ko = resources.ko.translation;

describe('web app: income management', () => {
  const served = useServedApp();
  const browser = useBrowser();
  const url = (pathname: string) => `${served.baseUrl}${pathname}`;
  let creator: IncomeCreator;
  let finance: TestAccount;
  const now = koreaMonthOf(new Date());
  const last = previousMonth(now.year, now.month);

  async function open(language: string, width = 1280) {
    // The session is the new context's storage from the start (no page of the app loaded to write it).
    const storageState = sessionState(served.baseUrl, {
      lang: language,
      token: `Bearer ${creator.token}`,
      UserId: String(creator.id),
      CreatorId: String(creator.creatorId),
      IsVerified: 'true',
    });
    const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true, storageState });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return { page, errors };
  }

  async function shot(page: Page, name: string, language: string) {
    await screenshot(page, `web-income-${name}-${language}.png`);
  }

  beforeAll(async () => {
    const app = served.testApp.app;
    // An individual without a business registration: 3 % income tax and 0.3 % local income tax are withheld.
    creator = await createIncomeCreator(app, { businessType: 'NONE' });
    finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const db = app.db;
    // This month so far: two missions, 120 coins.
    await releasedMission(db, { creatorId: creator.creatorId, coins: 50, at: new Date(), productName: '응원 메시지' });
    await releasedMission(db, { creatorId: creator.creatorId, coins: 70, at: new Date(), productName: '노래 한 소절' });
    // Last month: three missions, 600 coins.
    for (const [coins, name] of [
      [200, '생일 축하 영상'],
      [250, '댄스 챌린지'],
      [150, '사인 사진'],
    ] as const) {
      await releasedMission(db, {
        creatorId: creator.creatorId,
        coins,
        at: new Date(Date.UTC(last.year, last.month - 1, 12)),
        productName: name,
      });
    }
  });

  test('sees this month’s income, then last month’s statement after the run, downloads its PDF; finance pays it', async () => {
    const { page, errors } = await open('ko');
    await page.goto(url('/adjustment-page'));
    const summary = page.getByTestId('month-summary');
    await summary.getByText('120코인', { exact: true }).waitFor();
    // 총 매출 120 × 100 won, less the fees; 120 coins are under the 500-coin minimum: carried over, no amount.
    await summary.getByText('12,000원').waitFor();
    await summary.getByText(ko.income.carriesOver.replace('{{minimum}}', '500')).waitFor();
    expect(await summary.getByText('7,200원').count()).toBe(0);
    await summary.getByText(ko.income.inProgress).waitFor();
    // The summary and the rows are two requests: the rows may come second.
    await expect.poll(() => page.getByTestId('income-detail-row').count()).toBe(2);
    await page.getByTestId('income-detail-row').filter({ hasText: '노래 한 소절' }).waitFor();
    await shot(page, 'current', 'ko');

    // Last month: not settled yet, computed by the same rules.
    await page.getByLabel(ko.income.month).click();
    await page.getByRole('option', { name: `${last.month}월`, exact: true }).click();
    if (last.year !== now.year) {
      await page.getByLabel(ko.income.year).click();
      await page.getByRole('option', { name: `${last.year}년` }).click();
    }
    await summary.getByText('600코인', { exact: true }).waitFor();
    // 600 × 100 = 60,000 won sold; 600 × 60 = 36,000 income, less 1,180 withheld: 34,820 won to be paid.
    await summary.getByText('60,000원').waitFor();
    await summary.getByText('34,820원').waitFor();
    await summary.getByText(ko.income.inProgress).waitFor();
    await shot(page, 'last-month', 'ko');
    await expect.poll(() => page.getByTestId('income-detail-row').count()).toBe(3);

    // Past incomes: nothing yet.
    await page.getByRole('tab', { name: ko.income.pastTab }).click();
    await page.getByText(ko.income.pastEmpty).waitFor();

    // Finance settles last month.
    const run = await served.testApp.app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: finance.headers,
      payload: last,
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ issued: 1, settledCoins: 600 });

    await page.reload();
    const row = page.getByTestId('income-statement-row');
    // 600 coins × 60 = 36,000 won, less 1,080 income tax and 100 local income tax (108 cut to 10 won).
    await row.filter({ hasText: '34,820원' }).waitFor();
    await row.getByText('원천징수 1,180원 (소득세 1,080원 · 지방소득세 100원)').waitFor();
    // Due by the 10th of this month (or the next business day): scheduled until then, delayed after it.
    const overdue = new RegExp(
      `^${ko.income.overdue.replace('{{date}}', '\\d{4}\\.\\d{2}\\.\\d{2}').replace(/[()]/g, '\\$&')}$`,
    );
    await row
      .getByText(new RegExp(`^${ko.income.status.UNPAID}$`))
      .or(row.getByText(overdue))
      .waitFor();
    await shot(page, 'past', 'ko');

    // The PDF, rendered by pdftoppm.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fanmission-statement-\d{4}-\d{2}-\d+\.pdf$/);
    const dir = await mkdtemp(path.join(tmpdir(), 'income-pdf-'));
    try {
      const pdf = path.join(dir, 'statement.pdf');
      await download.saveAs(pdf);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(text).toContain('월 정산서');
      expect(text).toContain('생일 축하 영상');
      expect(text).toMatch(/지방소득세 \(원\) 0\.3%\s+100/);
      expect(text).toMatch(/지급액 \(원\)\s+34,820/);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdf,
        // The page's picture is kept to look at only when screenshots are (docs/testing.md).
        SCREENSHOTS_SAVED ? path.join(SCREENSHOT_DIR, 'web-income-statement-pdf') : path.join(dir, 'page'),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Finance approves and marks it paid; the creator sees it paid.
    const statementId = run.json<{ statementIds: number[] }>().statementIds[0]!;
    // Each decision is approved by a second finance member (services/src/approvals).
    const checker = await createAccount(served.testApp.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    for (const payload of [
      { action: 'approve' },
      { action: 'pay', transferReference: 'KB-0001', transferDate: new Date().toISOString().slice(0, 10) },
    ]) {
      const response = await served.testApp.app.inject({
        method: 'PUT',
        url: `/api/admin/settlements/${statementId}`,
        headers: finance.headers,
        payload,
      });
      await approveAs(served.testApp.app, checker, response);
    }
    await page.reload();
    await row.getByText(ko.income.status.PAID).waitFor();
    await shot(page, 'paid', 'ko');
    expect(errors).toEqual([]);
  }, 120_000);

  test('screens in en and ja, and at 360 px', async () => {
    for (const language of LANGUAGES.filter((entry) => entry !== 'ko')) {
      const translation = resources[language].translation;
      const { page, errors } = await open(language);
      await page.goto(url('/adjustment-page'));
      await page.getByTestId('month-summary').getByText(translation.income.totalEarningCoin).waitFor();
      await shot(page, 'current', language);
      await page.getByRole('tab', { name: translation.income.pastTab }).click();
      await page.getByTestId('income-statement-row').first().waitFor();
      await shot(page, 'past', language);
      expect(errors).toEqual([]);
    }
    const { page } = await open('ko', 360);
    await page.goto(url('/adjustment-page'));
    await page.getByTestId('month-summary').waitFor();
    // The summary and the rows are two requests: the width is measured with the rows drawn.
    await page.getByTestId('income-detail-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'current-360', 'ko');
    await page.goto(url('/adjustment-page?tab=past'));
    await page.getByTestId('income-statement-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // On a phone each statement is a card: every column's value on a line of its own, named, nothing off-screen —
    // the payment status and the downloads included, and no line saying the table scrolls sideways.
    const statement = page.getByTestId('income-statement-row').first();
    expect(await page.getByText(ko.common.scrollsSideways).count()).toBe(0);
    const cells = await statement.locator('td').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { label: getComputedStyle(element, '::before').content, left: box.left, right: box.right };
      }),
    );
    expect(cells.length).toBeGreaterThan(3);
    for (const cell of cells) {
      expect(cell.label).not.toBe('none');
      expect(cell.right).toBeLessThanOrEqual(360);
    }
    const pdf = (await statement.getByRole('button', { name: 'PDF' }).boundingBox())!;
    expect(pdf.x + pdf.width).toBeLessThanOrEqual(360);
    await shot(page, 'past-360', 'ko');
  }, 120_000);

  test('the header’s income management link leads here', async () => {
    const { page } = await open('ko');
    await page.goto(url('/'));
    await page.getByRole('button', { name: ko.header.userMenu }).click();
    await page.getByRole('menuitem', { name: ko.header.incomeManagement }).click();
    await page.waitForURL(/\/adjustment-page/);
    await page.getByRole('heading', { name: ko.income.title }).waitFor();
  });
});
