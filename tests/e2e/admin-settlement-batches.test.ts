// Settlement in batches in the console, over the real API and PostgreSQL: finance member A asks to approve last
// month's statements from the list as one request; finance member B reads the batch's statements and totals on the
// approval page and approves it; A then makes the month's transfer batch, B releases it, and A reads the bank's result
// file of that batch (one transfer failed, one line with an edited account) before recording it. A's batch of the month
// before leaves out, each with why, the approved statements whose account is not the payee's own, and its result with
// an edited account pays nothing.
// Screenshots in ko at 1280 and 360 px.
import AxeBuilder from '@axe-core/playwright';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';
import { createAccount, type TestAccount } from '../harness/accounts';
import { screenshot, useBrowser } from '../harness/browser';
import { useServedApp } from '../harness/served-app';
import { createIncomeCreator, releasedMission } from '../support/income';

const ko = consoleKo;
const batch = ko.console.settlements.batch;
const transfer = ko.console.transferBatches;

describe('console: settlement in batches', () => {
  // The month's statements are the whole platform's: an app no other file wrote to.
  const served = useServedApp({ own: true });
  const browser = useBrowser();
  let financeA: TestAccount;
  let financeB: TestAccount;
  const now = new Date();
  const last = {
    year: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
    month: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
  };
  let statementIds: number[] = [];
  /** The month before: three statements to select from, one held. */
  const before = {
    year: last.month === 1 ? last.year - 1 : last.year,
    month: last.month === 1 ? 12 : last.month - 1,
  };
  let beforeIds: number[] = [];
  /** The creators whose statements of last month are not held (the fourth's account is unverified). */
  let notHeldCreatorIds: number[] = [];

  beforeAll(async () => {
    const app = served.testApp.app;
    financeA = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-a-pass1', username: 'fin-a' });
    financeB = await createAccount(app, { roles: ['ROLE_FINANCE'], password: 'finance-b-pass1', username: 'fin-b' });
    const creators = [
      await createIncomeCreator(app, { businessType: 'NONE' }),
      await createIncomeCreator(app),
      await createIncomeCreator(app, { businessType: 'NONE' }),
      await createIncomeCreator(app, { verification: 'UNVERIFIED' }),
    ];
    notHeldCreatorIds = creators.slice(0, 3).map((creator) => creator.creatorId);
    // The month before, settled first: its own creators, so last month's batch is untouched.
    const earlier = [
      await createIncomeCreator(app, { businessType: 'NONE' }),
      await createIncomeCreator(app),
      await createIncomeCreator(app, { businessType: 'NONE' }),
      await createIncomeCreator(app, { verification: 'UNVERIFIED' }),
    ];
    for (const [index, creator] of earlier.entries()) {
      await releasedMission(app.db, {
        creatorId: creator.creatorId,
        coins: 700 + index * 100,
        at: new Date(Date.UTC(before.year, before.month - 1, 12)),
      });
    }
    const earlierRun = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: financeA.headers,
      payload: before,
    });
    expect(earlierRun.statusCode, earlierRun.body).toBe(200);
    beforeIds = earlierRun.json<{ statementIds: number[] }>().statementIds;
    for (const [index, creator] of creators.entries()) {
      await releasedMission(app.db, {
        creatorId: creator.creatorId,
        coins: 600 + index * 150,
        at: new Date(Date.UTC(last.year, last.month - 1, 12)),
      });
    }
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/settlement-runs',
      headers: financeA.headers,
      payload: last,
    });
    expect(run.statusCode, run.body).toBe(200);
    statementIds = run.json<{ statementIds: number[] }>().statementIds;
  });

  function collectPageErrors(page: Page): Error[] {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    return errors;
  }

  async function logIn(page: Page, account: TestAccount) {
    await page.goto(`${served.baseUrl}/admin/`);
    await page.locator('input[name="username"]').fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByText(ko.console.dashboard.sales).waitFor({ state: 'visible' });
  }

  const seriousA11yViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map((violation) => violation.id);

  const listUrl = () =>
    `${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(JSON.stringify({ ...last, status: 'ISSUED' }))}`;

  async function openList(page: Page) {
    await page.goto(listUrl());
    await page.locator('tbody tr').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: batch.approveMonth }).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
  }

  test('A asks to approve the month as one request; B approves it; A makes the transfer batch, B releases it, A records its result', async () => {
    const app = served.testApp.app;
    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerErrors = collectPageErrors(maker);
    await logIn(maker, financeA);
    await openList(maker);
    await screenshot(maker, 'admin-settlement-batch-list-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await logIn(phone, financeA);
    await openList(phone);
    await screenshot(phone, 'admin-settlement-batch-list-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);

    await maker.getByRole('button', { name: batch.approveMonth }).click();
    const dialog = maker.getByRole('dialog', { name: batch.approveMonth });
    await dialog.waitFor({ state: 'visible' });
    // Before sending, it shows what goes in: the three not held, with the won to transfer and the tax withheld.
    const notHeld = await app.db
      .selectFrom('settlement_statements')
      .select('to_receipt')
      .where('id', 'in', statementIds)
      .where('creator_id', 'in', notHeldCreatorIds)
      .execute();
    await dialog
      .getByTestId('batch-preview')
      .getByText(
        `정산서 3건 · 지급액 ${notHeld.reduce((sum, row) => sum + Number(row.to_receipt), 0).toLocaleString('ko')}원`,
        { exact: false },
      )
      .waitFor({ state: 'visible' });
    await expect.poll(() => dialog.evaluate((paper) => getComputedStyle(paper.parentElement!).opacity)).toBe('1');
    await screenshot(maker, 'admin-settlement-batch-approve-dialog-1280.png');
    await phone.getByRole('button', { name: batch.approveMonth }).click();
    const phoneDialog = phone.getByRole('dialog', { name: batch.approveMonth });
    await phoneDialog
      .getByTestId('batch-preview')
      .getByText(/정산서 3건/)
      .waitFor({ state: 'visible' });
    await expect.poll(() => phoneDialog.evaluate((paper) => getComputedStyle(paper.parentElement!).opacity)).toBe('1');
    await screenshot(phone, 'admin-settlement-batch-approve-dialog-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await phoneDialog.getByRole('button', { name: '취소' }).click();
    await dialog.getByRole('button', { name: batch.ask }).click();
    await dialog.waitFor({ state: 'detached' });
    const request = await app.db
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('maker_id', '=', financeA.id)
      .where('kind', '=', 'STATEMENT_BATCH_APPROVE')
      .executeTakeFirstOrThrow();

    // B opens the request: the three statements not held, with creators and amounts, and the totals.
    const checker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const checkerErrors = collectPageErrors(checker);
    await logIn(checker, financeB);
    await checker.goto(`${served.baseUrl}/admin/approvals/${request.id}/show`);
    const details = checker.getByTestId('batch-details');
    await details.waitFor({ state: 'visible' });
    expect(await details.locator('tbody tr').count()).toBe(3);
    await checker.waitForLoadState('networkidle');
    await screenshot(checker, 'admin-settlement-batch-approval-1280.png');
    expect(await seriousA11yViolations(checker)).toEqual([]);
    const checkerPhone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await logIn(checkerPhone, financeB);
    await checkerPhone.goto(`${served.baseUrl}/admin/approvals/${request.id}/show`);
    await checkerPhone.getByTestId('batch-details').waitFor({ state: 'visible' });
    await checkerPhone.waitForLoadState('networkidle');
    await screenshot(checkerPhone, 'admin-settlement-batch-approval-360.png');
    expect(await checkerPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await checker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).click();
    await checker.getByRole('button', { name: '확인' }).click();
    await checker.getByText(ko.console.approvals.approved).waitFor({ state: 'visible' });
    const approved = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'to_receipt', 'bank_account_number'])
      .where('id', 'in', statementIds)
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute();
    expect(approved).toHaveLength(3);

    // A makes the month's transfer batch from the list: the three approved statements go "in transfer".
    const listOf = (filter: object) =>
      `${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(JSON.stringify({ ...last, ...filter }))}`;
    await maker.goto(listOf({ status: 'APPROVED' }));
    await maker.locator('tbody tr').first().waitFor({ state: 'visible' });
    await maker.getByRole('button', { name: transfer.create }).click();
    const createDialog = maker.getByTestId('transfer-batch-create').getByRole('dialog');
    await createDialog.getByText(/3건/).waitFor({ state: 'visible' });
    await expect.poll(() => createDialog.evaluate((paper) => getComputedStyle(paper.parentElement!).opacity)).toBe('1');
    await screenshot(maker, 'admin-transfer-batch-create-1280.png');
    await createDialog.getByRole('button', { name: transfer.createConfirm }).click();
    await maker.waitForURL(/\/settlement-transfer-batches\/\d+\/show/);
    const batchId = Number(/settlement-transfer-batches\/(\d+)\/show/.exec(maker.url())![1]);
    const waiting = maker.getByRole('button', { name: transfer.downloadAfterRelease });
    await waiting.waitFor({ state: 'visible' });
    expect(await waiting.isDisabled()).toBe(true);
    await maker.getByText(/출고 승인 요청 #\d+ \(대기 중\)/).waitFor({ state: 'visible' });
    await maker.waitForLoadState('networkidle');
    await screenshot(maker, 'admin-transfer-batch-created-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const { release_request_id: releaseId } = await app.db
      .selectFrom('settlement_transfer_batches')
      .select('release_request_id')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    // A never releases his own batch; B does, on the approvals page.
    const own = await app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${releaseId}/decision`,
      headers: financeA.headers,
      payload: { decision: 'approve' },
    });
    expect(own.statusCode).toBe(403);
    await checker.goto(`${served.baseUrl}/admin/approvals/${releaseId}/show`);
    await checker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).click();
    await checker.getByRole('button', { name: '확인' }).click();
    await checker.getByText(ko.console.approvals.approved).waitFor({ state: 'visible' });

    // Released: the file downloads, its hash on the page.
    const inTransfer = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'to_receipt', 'bank_account_number'])
      .where('id', 'in', statementIds)
      .where('status', '=', 'IN_TRANSFER')
      .orderBy('id')
      .execute();
    expect(inTransfer).toHaveLength(3);
    const batchPage = async (page: Page) => {
      await page.goto(`${served.baseUrl}/admin/settlement-transfer-batches/${batchId}/show`);
      await page.getByRole('button', { name: transfer.download }).waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
    };
    await batchPage(maker);
    expect(await maker.getByRole('button', { name: transfer.download }).isEnabled()).toBe(true);
    await screenshot(maker, 'admin-transfer-batch-released-1280.png');
    await batchPage(phone);
    await screenshot(phone, 'admin-transfer-batch-released-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);

    // The bank's result file of this batch: two transfers OK, one failed, an edited account and a stranger's line.
    const file = path.join(tmpdir(), `bank-result-${Date.now()}.csv`);
    await writeFile(
      file,
      [
        '정산서번호,계좌번호,이체금액,처리결과,사유',
        ...inTransfer.map(
          (row, index) =>
            `${row.id},${row.bank_account_number},${row.to_receipt},${index === 1 ? '실패,계좌 번호 오류' : '정상,'}`,
        ),
        `${inTransfer[0]!.id},999999999999,${inTransfer[0]!.to_receipt},정상,`,
        `999999,1002999,1000,정상,`,
      ].join('\r\n'),
    );
    const importOn = async (page: Page) => {
      await batchPage(page);
      await page.getByRole('button', { name: transfer.importResult }).click();
      const importDialog = page.getByTestId('transfer-result-import').getByRole('dialog');
      await importDialog.waitFor({ state: 'visible' });
      await importDialog.locator('input[type="file"]').setInputFiles(file);
      await importDialog.getByLabel(/이체 참조번호/).fill('KB-BULK-01');
      await importDialog.getByRole('button', { name: transfer.read }).click();
      await importDialog.getByTestId('transfer-discrepancies').waitFor({ state: 'visible' });
      const record = importDialog.getByRole('button', { name: transfer.record });
      await expect.poll(() => record.isEnabled()).toBe(true);
      await expect.poll(() => record.evaluate((button) => getComputedStyle(button).backgroundColor)).toMatch(/^rgb\(/);
      return importDialog;
    };
    const importDialog = await importOn(maker);
    const differing = await importDialog.getByTestId('transfer-discrepancies').textContent();
    expect(differing).toContain('999999999999');
    expect(differing).toContain(inTransfer[0]!.bank_account_number!);
    await screenshot(maker, 'admin-transfer-batch-import-preview-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    await importOn(phone);
    await screenshot(phone, 'admin-transfer-batch-import-preview-360.png');
    await importDialog.getByRole('button', { name: transfer.record }).click();
    await importDialog.getByText(/반영했습니다/).waitFor({ state: 'visible' });
    const settled = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'status'])
      .where('id', 'in', statementIds)
      .where('status', 'in', ['PAID', 'TRANSFER_FAILED'])
      .orderBy('id')
      .execute();
    expect(settled).toEqual([
      { id: inTransfer[0]!.id, status: 'PAID' },
      { id: inTransfer[1]!.id, status: 'TRANSFER_FAILED' },
      { id: inTransfer[2]!.id, status: 'PAID' },
    ]);
    // The failed statement reads as failed, with the bank's reason, in the list.
    for (const [page, name] of [
      [maker, 'admin-transfer-failed-list-1280.png'],
      [phone, 'admin-transfer-failed-list-360.png'],
    ] as const) {
      await page.goto(listOf({ status: 'TRANSFER_FAILED' }));
      await page
        .getByText(/이체 실패 \(.* · 계좌 번호 오류\)/)
        .first()
        .waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
    }
    expect(makerErrors).toEqual([]);
    expect(checkerErrors).toEqual([]);
  }, 180_000);
  test('A selects two statements, reads their totals and asks for exactly those; B approves exactly those', async () => {
    const app = served.testApp.app;
    const selectionUrl = `${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(
      JSON.stringify({ ...before, status: 'ISSUED', held: false }),
    )}&sort=id&order=ASC`;
    const openSelection = async (page: Page) => {
      await page.goto(selectionUrl);
      await page.locator('tbody tr').nth(2).waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      const rows = page.locator('tbody tr');
      for (const index of [0, 1]) await rows.nth(index).locator('input[type="checkbox"]').check();
      await page.getByRole('button', { name: batch.approveSelected }).waitFor({ state: 'visible' });
    };
    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerErrors = collectPageErrors(maker);
    await logIn(maker, financeA);
    await openSelection(maker);
    await screenshot(maker, 'admin-settlement-batch-selection-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await logIn(phone, financeA);
    await openSelection(phone);
    await screenshot(phone, 'admin-settlement-batch-selection-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);

    const issued = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'to_receipt', 'tax_withheld', 'local_tax_withheld'])
      .where('id', 'in', beforeIds)
      .where('status', '=', 'ISSUED')
      .orderBy('id')
      .execute();
    const chosen = issued.slice(0, 2);
    const toReceipt = chosen.reduce((sum, row) => sum + Number(row.to_receipt), 0);
    const withheld = chosen.reduce((sum, row) => sum + Number(row.tax_withheld) + Number(row.local_tax_withheld), 0);
    const totals = `정산서 2건 · 지급액 ${toReceipt.toLocaleString('ko')}원 · 원천징수 ${withheld.toLocaleString('ko')}원`;
    for (const page of [phone, maker]) {
      await page.getByRole('button', { name: batch.approveSelected }).click();
      const dialog = page.getByRole('dialog', { name: batch.approveSelected });
      await dialog.getByTestId('batch-preview').getByText(totals).waitFor({ state: 'visible' });
      await expect.poll(() => dialog.evaluate((paper) => getComputedStyle(paper.parentElement!).opacity)).toBe('1');
    }
    await screenshot(phone, 'admin-settlement-batch-selection-dialog-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    await screenshot(maker, 'admin-settlement-batch-selection-dialog-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const dialog = maker.getByRole('dialog', { name: batch.approveSelected });
    await dialog.getByRole('button', { name: batch.ask }).click();
    await dialog.waitFor({ state: 'detached' });

    const request = await app.db
      .selectFrom('staff_approval_requests')
      .selectAll()
      .where('maker_id', '=', financeA.id)
      .where('kind', '=', 'STATEMENT_BATCH_APPROVE')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((request.params as { statements: { id: number }[] }).statements.map((row) => row.id)).toEqual(
      chosen.map((row) => row.id),
    );
    const checker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(checker, financeB);
    await checker.goto(`${served.baseUrl}/admin/approvals/${request.id}/show`);
    const details = checker.getByTestId('batch-details');
    await details.waitFor({ state: 'visible' });
    expect(await details.locator('tbody tr').count()).toBe(2);
    await checker.getByRole('button', { name: ko.console.approvals.approve, exact: true }).click();
    await checker.getByRole('button', { name: '확인' }).click();
    await checker.getByText(ko.console.approvals.approved).waitFor({ state: 'visible' });
    const approved = await app.db
      .selectFrom('settlement_statements')
      .select('id')
      .where('id', 'in', beforeIds)
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute();
    expect(approved.map((row) => row.id)).toEqual(chosen.map((row) => row.id));
    expect(makerErrors).toEqual([]);
  }, 180_000);

  test("A's transfer batch of a month leaves out, each with why, the approved statements whose account is not the payee's own", async () => {
    const db = served.testApp.app.db;
    // The month before's four statements, all approved: one to its payee's verified account; one whose creator changed
    // his account since; one whose confirmed holder is no longer his verified name; one whose account was only kept
    // VERIFIED when the checks began (never compared with his name).
    const rows = await db
      .selectFrom('settlement_statements as s')
      .innerJoin('creators as c', 'c.id', 's.creator_id')
      .select(['s.id', 's.creator_id', 'c.user_id'])
      .where('s.id', 'in', beforeIds)
      .orderBy('s.id')
      .execute();
    expect(rows).toHaveLength(4);
    const [paid, changed, notPayee, grandfathered] = rows as [(typeof rows)[number], ...typeof rows];
    await db
      .updateTable('payout_account_verifications')
      .set({ status: 'VERIFIED', matched: 'GRANDFATHERED', checked_at: new Date() })
      .where('creator_id', '=', grandfathered!.creator_id)
      .execute();
    await db
      .updateTable('settlement_statements')
      .set({ status: 'APPROVED', approved_at: new Date(), approved_by_user_id: financeB.id })
      .where('id', 'in', beforeIds)
      .where('status', '=', 'ISSUED')
      .execute();
    await db
      .updateTable('creators')
      .set({ bank_account_number: '3333777777777' })
      .where('id', '=', changed!.creator_id)
      .execute();
    await db
      .updateTable('users')
      .set({ identity_name_hmac: 'a-name-that-is-not-his-holder' })
      .where('id', '=', notPayee!.user_id)
      .execute();
    const refusedUrl = `${served.baseUrl}/admin/settlements?filter=${encodeURIComponent(
      JSON.stringify({ ...before, status: 'APPROVED' }),
    )}`;
    const openDialog = async (page: Page) => {
      await logIn(page, financeA);
      await page.goto(refusedUrl);
      await page.locator('tbody tr').first().waitFor({ state: 'visible' });
      await page.getByRole('button', { name: transfer.create }).click();
      const dialog = page.getByTestId('transfer-batch-create').getByRole('dialog');
      await dialog.getByText(/1건/).waitFor({ state: 'visible' });
      await expect.poll(() => dialog.evaluate((paper) => getComputedStyle(paper.parentElement!).opacity)).toBe('1');
      return dialog;
    };
    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerErrors = collectPageErrors(maker);
    const dialog = await openDialog(maker);
    const refused = await dialog.getByTestId('transfer-batch-refused').allTextContents();
    expect(refused).toHaveLength(3);
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^정산서 #${changed!.id}: 정산서를 발행한 뒤 지급 계좌가 바뀌었습니다`)),
        expect.stringMatching(new RegExp(`^정산서 #${notPayee!.id}: 확인된 예금주가 더 이상`)),
        expect.stringMatching(new RegExp(`^정산서 #${grandfathered!.id}: 은행 예금주 조회로`)),
      ]),
    );
    expect(refused.join(' ')).not.toContain(`#${paid!.id}`);
    await screenshot(maker, 'admin-transfer-batch-create-refused-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    const phone = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openDialog(phone);
    await screenshot(phone, 'admin-transfer-batch-create-refused-360.png');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(361);
    // Made, the batch takes only the payee's own account: the others stay approved, in no batch.
    await dialog.getByRole('button', { name: transfer.createConfirm }).click();
    await maker.waitForURL(/\/settlement-transfer-batches\/\d+\/show/);
    const statuses = await db
      .selectFrom('settlement_statements')
      .select(['id', 'status'])
      .where('id', 'in', beforeIds)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: paid!.id, status: 'IN_TRANSFER' },
      { id: changed!.id, status: 'APPROVED' },
      { id: notPayee!.id, status: 'APPROVED' },
      { id: grandfathered!.id, status: 'APPROVED' },
    ]);

    // B releases it; the bank's result comes back with the account edited and a statement the batch never sent.
    const batchId = Number(/settlement-transfer-batches\/(\d+)\/show/.exec(maker.url())![1]);
    const { release_request_id: releaseId } = await db
      .selectFrom('settlement_transfer_batches')
      .select('release_request_id')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    const released = await served.testApp.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${releaseId}/decision`,
      headers: financeB.headers,
      payload: { decision: 'approve' },
    });
    expect(released.statusCode, released.body).toBe(200);
    const sent = await db
      .selectFrom('settlement_statements')
      .select(['id', 'to_receipt', 'bank_account_number'])
      .where('id', 'in', [paid!.id, changed!.id])
      .orderBy('id')
      .execute();
    const file = path.join(tmpdir(), `bank-result-edited-${Date.now()}.csv`);
    await writeFile(
      file,
      [
        '정산서번호,계좌번호,이체금액,처리결과,사유',
        `${sent[0]!.id},3333777777777,${sent[0]!.to_receipt},정상,`,
        `${sent[1]!.id},${sent[1]!.bank_account_number},${sent[1]!.to_receipt},정상,`,
      ].join('\r\n'),
    );
    const readResult = async (page: Page) => {
      await page.goto(`${served.baseUrl}/admin/settlement-transfer-batches/${batchId}/show`);
      await page.getByRole('button', { name: transfer.importResult }).click();
      const importDialog = page.getByTestId('transfer-result-import').getByRole('dialog');
      await importDialog.locator('input[type="file"]').setInputFiles(file);
      await importDialog.getByLabel(/이체 참조번호/).fill('KB-EDITED-01');
      await importDialog.getByRole('button', { name: transfer.read }).click();
      const differing = importDialog.getByTestId('transfer-discrepancies');
      await differing.waitFor({ state: 'visible' });
      await expect.poll(() => differing.locator('tbody tr').count()).toBe(2);
      return differing;
    };
    const differing = await readResult(maker);
    expect(await differing.textContent()).toContain('3333777777777');
    expect(await differing.textContent()).toContain(sent[0]!.bank_account_number!);
    await screenshot(maker, 'admin-transfer-batch-import-refused-1280.png');
    expect(await seriousA11yViolations(maker)).toEqual([]);
    await readResult(phone);
    await screenshot(phone, 'admin-transfer-batch-import-refused-360.png');
    // Read only: nothing is marked paid.
    expect(
      await db
        .selectFrom('settlement_statements')
        .select('status')
        .where('id', '=', paid!.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'IN_TRANSFER' });
    expect(makerErrors).toEqual([]);
  }, 180_000);
});
