// The capacity of settlement in batches (services/src/income/batches.ts): one batch request approves 1,000
// statements of a month in one decision by a second finance member; their transfer batch's result file pays all but
// the two transfers that failed, which are listed and marked TRANSFER_FAILED; the ledger still verifies.
import type {
  AdminApproval,
  SettlementBatchResult,
  TransferBatch,
  TransferBatchResultOutcome,
} from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { releasedMission } from '@fanmission/tests/support/income';

const STATEMENTS = 1_000;
const clock = { now: new Date('2026-11-01T01:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

let finance: TestAccount;
let checker: TestAccount;

/** `count` creators with verified payout accounts, straight in the database (a business each: nothing withheld). */
async function bulkCreators(count: number): Promise<number[]> {
  const users = await db()
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, index) => ({
        username: `batch-creator-${index}`,
        provider: 'local',
        roles: ['ROLE_USER', 'ROLE_CREATOR'],
        password_hash: 'x',
      })),
    )
    .returning('id')
    .execute();
  const creators = await db()
    .insertInto('creators')
    .values(
      users.map((user, index) => ({
        user_id: user.id,
        name: `크리에이터 ${index}`,
        verified: true,
        business_type: 'PRIVATE' as const,
        verified_business_type: 'PRIVATE' as const,
        verified_business_name: '홍길동',
        verified_business_number: '1234567891',
        business_verified_at: new Date(),
        bank_name: '국민은행',
        bank_account_holder: '홍길동',
        bank_account_number: `1002${user.id}`,
      })),
    )
    .returning(['id', 'bank_account_number'])
    .execute();
  const now = new Date();
  await db()
    .insertInto('payout_account_verifications')
    .values(
      creators.map((creator) => ({
        creator_id: creator.id,
        bank_name: '국민은행',
        bank_account_number: creator.bank_account_number!,
        status: 'VERIFIED' as const,
        // A business's account: its holder is the registered name (services/src/money-out/payee-account.ts).
        matched: 'BUSINESS_NAME' as const,
        bank_holder: '홍길동',
        failure: null,
        next_attempt_at: null,
        queued_at: now,
        checked_at: now,
      })),
    )
    .execute();
  return creators.map((creator) => creator.id);
}

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  const fan = await createAccount(app());
  for (const creatorId of await bulkCreators(STATEMENTS)) {
    await releasedMission(db(), { creatorId, fanId: fan.id, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
  }
  const run = await app().inject({
    method: 'POST',
    url: '/api/admin/settlement-runs',
    headers: finance.headers,
    payload: { year: 2026, month: 10 },
  });
  expect(run.statusCode, run.body).toBe(200);
}, 600_000);

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

it('approves 1,000 statements in one decision', async () => {
  const started = performance.now();
  const requested = await app().inject({
    method: 'POST',
    url: '/api/admin/settlements/batches',
    headers: finance.headers,
    payload: { action: 'approve', year: 2026, month: 10 },
  });
  expect(requested.statusCode, requested.body).toBe(202);
  const request = requested.json<AdminApproval>();
  expect(request.summary.count).toBe(STATEMENTS);
  const asked = performance.now();
  const decided = await app().inject({
    method: 'POST',
    url: `/api/admin/approvals/${request.id}/decision`,
    headers: checker.headers,
    payload: { decision: 'approve' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const result = decided.json<AdminApproval>().result as SettlementBatchResult;
  const done = performance.now();
  console.info(
    `batch of ${STATEMENTS}: request ${Math.round(asked - started)} ms, approval ${Math.round(done - asked)} ms`,
  );
  expect(result.done).toHaveLength(STATEMENTS);
  expect(result.skipped).toEqual([]);
  const counts = await db()
    .selectFrom('settlement_statements')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .groupBy('status')
    .execute();
  expect(counts.map((row) => [row.status, Number(row.n)])).toEqual([['APPROVED', STATEMENTS]]);
});

it('pays the 1,000 from their released transfer batch’s result file: two failed transfers are listed failed', async () => {
  const created = await app().inject({
    method: 'POST',
    url: '/api/admin/settlement-transfer-batches',
    headers: finance.headers,
    payload: { year: 2026, month: 10 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const batch = created.json<TransferBatch>();
  expect(batch.count).toBe(STATEMENTS);
  const released = await app().inject({
    method: 'POST',
    url: `/api/admin/approvals/${batch.releaseApprovalId}/decision`,
    headers: checker.headers,
    payload: { decision: 'approve' },
  });
  expect(released.statusCode, released.body).toBe(200);
  // The bank's file answers every line of the transfer file: all sent but two.
  const transfers = await app().inject({
    method: 'GET',
    url: `/api/admin/settlement-transfer-batches/${batch.id}/file`,
    headers: finance.headers,
  });
  expect(transfers.statusCode, transfers.body).toBe(200);
  const lines = transfers.body.replace('\uFEFF', '').trim().split('\r\n').slice(1);
  expect(lines).toHaveLength(STATEMENTS);
  const rows = lines.map((line) => {
    const cells = line.split(',');
    return { account: cells[2]!, amount: cells[4]!, memo: cells[5]!, statementId: Number(cells[6]) };
  });
  const failed = [rows[17]!.statementId, rows[604]!.statementId];
  const csv = [
    '정산서번호,받는분통장표시,계좌번호,이체금액,처리결과,사유',
    ...rows.map((row) =>
      failed.includes(row.statementId)
        ? `${row.statementId},${row.memo},${row.account},${row.amount},실패,예금주 불일치`
        : `${row.statementId},${row.memo},${row.account},${row.amount},정상,`,
    ),
  ].join('\r\n');
  const imported = await app().inject({
    method: 'POST',
    url: `/api/admin/settlement-transfer-batches/${batch.id}/results`,
    headers: finance.headers,
    payload: { csv, transferReference: 'KB-BULK-10', transferDate: '2026-11-05' },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const outcome = imported.json<TransferBatchResultOutcome>();
  expect(outcome.paid).toHaveLength(STATEMENTS - 2);
  expect(outcome.failed.map((line) => line.statementId)).toEqual(failed);
  expect(outcome.discrepancies).toEqual([]);
  expect(outcome.batch.status).toBe('CLOSED');
  const statuses = await db()
    .selectFrom('settlement_statements')
    .select(['id', 'status', 'transfer_reference'])
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .execute();
  expect(statuses.filter((row) => row.status === 'PAID' && row.transfer_reference === 'KB-BULK-10')).toHaveLength(
    STATEMENTS - 2,
  );
  expect(
    statuses
      .filter((row) => row.status === 'TRANSFER_FAILED')
      .map((row) => row.id)
      .sort(),
  ).toEqual([...failed].sort());
});
