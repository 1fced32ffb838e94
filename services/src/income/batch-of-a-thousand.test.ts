// The capacity of settlement in batches (services/src/income/batches.ts): one batch request approves 1,000
// statements of a month in one decision by a second finance member, and the ledger still verifies.
import type { AdminApproval, SettlementBatchResult } from '@fanmission/contracts';
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
        matched: 'REAL_NAME' as const,
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
