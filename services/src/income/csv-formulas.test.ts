// Every CSV the API writes (the creator's statement, finance's copy of it, a bank transfer batch's file and the
// withholding summary) writes a cell that a spreadsheet would read as a formula as text: the member-typed nickname,
// product name, creator name and account holder all start with `=`, `+`, `-`, `@`, a tab or a carriage return here.
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '@fanmission/tests/harness/accounts';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => app().db;

const FORMULAS = ['=HYPERLINK("http://ev.il","x")', '+1+2', '-3+4', '@SUM(1)', '\tcmd', '\rcmd'];

let finance: TestAccount;
let creator: Awaited<ReturnType<typeof createIncomeCreator>>;
let statementId: number;
let transferBatchId: number;

const get = (url: string, headers: Record<string, string>) =>
  app().inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

/** Every cell of a CSV body (RFC 4180 quoting), the byte order mark left out. */
function cells(body: string): string[] {
  const out: string[] = [];
  const text = body.replace(/^\uFEFF/, '');
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === '\n') {
      out.push(cell.replace(/\r$/, ''));
      cell = '';
    } else cell += char;
  }
  return out;
}

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  // An individual: his statement is on the month's withholding summary too.
  creator = await createIncomeCreator(app(), { businessType: 'NONE' });
  await db()
    .updateTable('creators')
    .set({ name: '=creator()', business_name: '@business', bank_account_holder: '-holder' })
    .where('id', '=', creator.creatorId)
    .execute();
  for (const formula of FORMULAS) {
    const fan = await createAccount(app(), { username: formula.slice(0, 30) });
    await releasedMission(db(), {
      creatorId: creator.creatorId,
      coins: 200,
      at: new Date(Date.UTC(2025, 2, 15, 3)),
      fanId: fan.id,
      productName: `+${formula}`,
    });
  }
  const run = await app().inject({
    method: 'POST',
    url: '/api/admin/settlement-runs',
    headers: finance.headers,
    payload: { year: 2025, month: 3 },
  });
  expect(run.statusCode).toBe(200);
  statementId = (
    await db()
      .selectFrom('settlement_statements')
      .select('id')
      .where('creator_id', '=', creator.creatorId)
      .executeTakeFirstOrThrow()
  ).id;
  // The bank transfer file holds approved statements only: a second finance member approves this one.
  const checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  const asked = await app().inject({
    method: 'PUT',
    url: `/api/admin/settlements/${statementId}`,
    headers: finance.headers,
    payload: { action: 'approve' },
  });
  await approveAs(app(), checker, asked);
  // Its transfer batch, released by the checker: its file is downloaded.
  const batch = await app().inject({
    method: 'POST',
    url: '/api/admin/settlement-transfer-batches',
    headers: finance.headers,
    payload: { year: 2025, month: 3 },
  });
  expect(batch.statusCode, batch.body).toBe(201);
  const { id, releaseApprovalId } = batch.json<{ id: number; releaseApprovalId: number }>();
  transferBatchId = id;
  const released = await app().inject({
    method: 'POST',
    url: `/api/admin/approvals/${releaseApprovalId}/decision`,
    headers: checker.headers,
    payload: { decision: 'approve' },
  });
  expect(released.statusCode, released.body).toBe(200);
});

describe('CSV downloads', () => {
  it.each([
    ['the creator’s statement', () => `/api/v1/creators/me/incomes/${statementId}/csv`, () => creator.headers],
    ['finance’s statement', () => `/api/admin/settlements/${statementId}/csv`, () => finance.headers],
    [
      'the bank transfer file',
      () => `/api/admin/settlement-transfer-batches/${transferBatchId}/file`,
      () => finance.headers,
    ],
    [
      'the withholding summary',
      () => '/api/admin/settlements/withholding-summary?year=2025&month=3',
      () => finance.headers,
    ],
  ])('%s writes no cell a spreadsheet reads as a formula', async (_, url, headers) => {
    const response = await get(url(), headers());
    expect(response.statusCode).toBe(200);
    const all = cells(response.body);
    const formulas = all.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?[\d,.]+%?$/.test(cell));
    expect(formulas).toEqual([]);
    // The typed values are there, as text.
    expect(all.some((cell) => cell.startsWith("'"))).toBe(true);
  });

  it('the statement keeps each requester’s nickname and product, quoted as text', async () => {
    const all = cells((await get(`/api/v1/creators/me/incomes/${statementId}/csv`, creator.headers)).body);
    for (const formula of FORMULAS) {
      expect(all).toContain(`'${formula}`);
      expect(all).toContain(`'+${formula}`);
    }
    expect(all).toContain("'=creator()");
  });
});
