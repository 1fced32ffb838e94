// The bank transfer file holds only statements a second finance member approved, and the bank's result file pays a
// statement only for the account and amount the statement pays (services/src/income/console.ts, transfer-results.ts).
import type { SettlementBatchResult, TransferResultPreview } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';

const clock = { now: new Date('2026-11-01T01:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
  app().inject({ method, url, headers: { ...headers, 'accept-language': 'en' }, payload });

let finance: TestAccount;
let checker: TestAccount;
/** October 2026's statements: `approved` approved by a second member, `issued` not. */
let approved: { id: number; to_receipt: number; bank_account_number: string | null };
let issued: { id: number };

const statementOf = (creatorId: number) =>
  db()
    .selectFrom('settlement_statements')
    .select(['id', 'status', 'to_receipt', 'bank_account_number'])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  const creators = [await createIncomeCreator(app()), await createIncomeCreator(app())];
  for (const creator of creators) {
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
  }
  const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
  approved = await statementOf(creators[0]!.creatorId);
  issued = await statementOf(creators[1]!.creatorId);
  await approveAs(
    app(),
    checker,
    await call('PUT', `/api/admin/settlements/${approved.id}`, finance.headers, { action: 'approve' }),
  );
});

describe('the bank transfer file', () => {
  it('holds the approved statements only, whatever the query asks', async () => {
    for (const url of [
      '/api/admin/settlements/transfer-file?year=2026&month=10',
      '/api/admin/settlements/transfer-file?year=2026&month=10&status=APPROVED',
    ]) {
      const file = await call('GET', url, finance.headers);
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain(`,${approved.id},FM-S${approved.id}\r\n`);
      expect(file.body).not.toContain(`FM-S${issued.id}`);
    }
  });
});

describe('the bank result file', () => {
  const resultFile = (account: string) =>
    [
      'statementId,memo,account,amount,result,reason',
      `${approved.id},FM-S${approved.id},${account},${approved.to_receipt},OK,`,
    ].join('\r\n');
  const body = (account: string) => ({
    year: 2026,
    month: 10,
    csv: resultFile(account),
    transferReference: 'KB-ACCOUNT-1',
    transferDate: '2026-11-05',
  });

  it('pays nothing for a row whose account number differs, showing both numbers', async () => {
    const edited = body('999999999999');
    const preview = await call('POST', '/api/admin/settlements/transfer-results/preview', finance.headers, edited);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<TransferResultPreview>()).toMatchObject({
      count: 0,
      unpaid: [
        {
          line: 2,
          statementId: approved.id,
          problem: 'ACCOUNT_DIFFERS',
          bankAccountNumber: '999999999999',
          expectedBankAccountNumber: approved.bank_account_number,
          amount: Number(approved.to_receipt),
          expected: Number(approved.to_receipt),
        },
      ],
    });
    const requested = await call('POST', '/api/admin/settlements/transfer-results', finance.headers, edited);
    expect(requested.statusCode).toBe(409);
    expect(requested.json()).toMatchObject({ code: 'SETTLEMENT_BATCH_EMPTY' });
    expect((await statementOf((await creatorOf(approved.id)).creator_id)).status).toBe('APPROVED');
  });

  it('refuses a result file without the account column (400)', async () => {
    const noAccount = {
      ...body(''),
      csv: ['statementId,memo,amount,result', `${approved.id},,${approved.to_receipt},OK`].join('\r\n'),
    };
    const refused = await call('POST', '/api/admin/settlements/transfer-results/preview', finance.headers, noAccount);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_RESULT_UNREADABLE' });
  });

  it('pays the row whose account (as the bank writes it, with dashes) and amount match', async () => {
    const digits = approved.bank_account_number!;
    const dashed = `${digits.slice(0, 4)}-${digits.slice(4)}`;
    const requested = await call('POST', '/api/admin/settlements/transfer-results', finance.headers, body(dashed));
    const result = await approveAs<SettlementBatchResult>(app(), checker, requested);
    expect(result).toEqual({ action: 'pay', done: [approved.id], skipped: [] });
  });
});

const creatorOf = (id: number) =>
  db().selectFrom('settlement_statements').select('creator_id').where('id', '=', id).executeTakeFirstOrThrow();
