// Settlement in batches (services/src/income/batches.ts): finance asks to approve, then to pay, a month's statements
// as ONE staff approval request; a second finance member approves it and every frozen statement still approvable
// (payable) changes at once, the ones that changed meanwhile listed as skipped.
import type { AdminApproval, SettlementBatchResult } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import {
  createIncomeCreator,
  releasedMission,
  setPayoutAccountVerification,
  type IncomeCreator,
} from '@fanmission/tests/support/income';

const clock = { now: new Date('2026-11-01T01:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const BATCHES = '/api/admin/settlements/batches';
const call = (method: 'POST' | 'PUT', url: string, headers: object, payload?: object, language = 'en') =>
  app().inject({ method, url, headers: { ...headers, 'accept-language': language }, payload });

let finance: TestAccount;
let checker: TestAccount;
let operator: TestAccount;
let fan: TestAccount;
/** Four creators paid in October 2026; `held` pays an account whose holder is not verified. */
let creators: { first: IncomeCreator; second: IncomeCreator; third: IncomeCreator; held: IncomeCreator };

const statementOf = (creator: IncomeCreator) =>
  db()
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creator.creatorId)
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  fan = await createAccount(app());
  creators = {
    first: await createIncomeCreator(app()),
    second: await createIncomeCreator(app(), { businessType: 'NONE' }),
    third: await createIncomeCreator(app()),
    held: await createIncomeCreator(app(), { verification: 'UNVERIFIED' }),
  };
  for (const [index, creator] of Object.values(creators).entries()) {
    const at = new Date('2026-10-15T03:00:00Z');
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000 + index * 100, at });
  }
  const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe('a batch approval of a month', () => {
  let request: AdminApproval;

  it('is one approval request listing every ISSUED statement not held, with count and totals', async () => {
    const requested = await call('POST', BATCHES, finance.headers, { action: 'approve', year: 2026, month: 10 });
    expect(requested.statusCode, requested.body).toBe(202);
    request = requested.json<AdminApproval>();
    const expected = await Promise.all([creators.first, creators.second, creators.third].map(statementOf));
    expect(request).toMatchObject({ kind: 'STATEMENT_BATCH_APPROVE', status: 'PENDING', role: 'ROLE_FINANCE' });
    expect(request.summary).toEqual({
      year: 2026,
      month: 10,
      count: 3,
      toReceipt: expected.reduce((sum, row) => sum + Number(row.to_receipt), 0),
      withheld: expected.reduce((sum, row) => sum + Number(row.tax_withheld) + Number(row.local_tax_withheld), 0),
    });
    // The individual creator's statement withholds tax: the totals are not trivially zero.
    expect(Number(request.summary.withheld)).toBeGreaterThan(0);
    const listed = (request.params as { statements: { id: number; creatorName: string; toReceipt: number }[] })
      .statements;
    expect(listed.map((statement) => statement.id)).toEqual(expected.map((row) => row.id));
    expect(listed[0]).toMatchObject({
      creatorId: creators.first.creatorId,
      toReceipt: Number(expected[0]!.to_receipt),
    });
    expect(listed.map((statement) => statement.id)).not.toContain((await statementOf(creators.held)).id);
  });

  it('is never approved by its maker, and fans and operators cannot ask for one', async () => {
    const own = await call('POST', `/api/admin/approvals/${request.id}/decision`, finance.headers, {
      decision: 'approve',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST' });
    for (const caller of [fan, operator]) {
      const refused = await call('POST', BATCHES, caller.headers, { action: 'approve', year: 2026, month: 10 });
      expect(refused.statusCode).toBe(403);
    }
    // An operator does not learn the request exists.
    const peek = await call('POST', `/api/admin/approvals/${request.id}/decision`, operator.headers, {
      decision: 'approve',
    });
    expect(peek.statusCode).toBe(404);
  });

  it('approves the statements still approvable at once and lists those that changed meanwhile as skipped', async () => {
    const second = await statementOf(creators.second);
    const third = await statementOf(creators.third);
    // Meanwhile: the second is approved on its own, the third's account loses its verification (held).
    await approveAs(
      app(),
      checker,
      await call('PUT', `/api/admin/settlements/${second.id}`, finance.headers, {
        action: 'approve',
      }),
    );
    await setPayoutAccountVerification(db(), creators.third.creatorId, 'UNVERIFIED');

    const decided = await call('POST', `/api/admin/approvals/${request.id}/decision`, checker.headers, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminApproval>().status).toBe('EXECUTED');
    const result = decided.json<AdminApproval>().result as SettlementBatchResult;
    const first = await statementOf(creators.first);
    expect(result).toEqual({
      action: 'approve',
      done: [first.id],
      skipped: [
        { statementId: second.id, reason: 'ALREADY_DONE' },
        { statementId: third.id, reason: 'HELD' },
      ],
    });
    expect(first).toMatchObject({ status: 'APPROVED', approved_by_user_id: finance.id });
    expect((await statementOf(creators.third)).status).toBe('ISSUED');
    await setPayoutAccountVerification(db(), creators.third.creatorId, 'VERIFIED');
  });

  it('answers 409 SETTLEMENT_BATCH_EMPTY when nothing is left to approve, in the caller’s language', async () => {
    const empty = await call('POST', BATCHES, finance.headers, { action: 'approve', year: 2026, month: 9 }, 'ko');
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_EMPTY',
      message: '이 조건에 맞는 정산서가 없습니다. 보류된 정산서는 일괄 처리에 들어가지 않습니다.',
    });
  });

  it('refuses invalid requests with field errors (400)', async () => {
    const cases: [object, string[]][] = [
      [{ action: 'approve', month: 10 }, ['year']],
      [{ action: 'approve', year: 2026, month: 13 }, ['month']],
      [{ action: 'approve', year: 2026, month: 10, ids: [] }, ['ids']],
      [{ action: 'pay', year: 2026, month: 10, transferDate: '2026-11-05' }, ['transferReference']],
      [{ action: 'pay', year: 2026, month: 10, transferReference: 'KB-1', transferDate: '11/05' }, ['transferDate']],
      [{ action: 'reject', year: 2026, month: 10 }, ['action']],
    ];
    for (const [body, fields] of cases) {
      const invalid = await call('POST', BATCHES, finance.headers, body);
      expect(invalid.statusCode, JSON.stringify(body)).toBe(400);
      const errors = invalid.json<{ subErrors: Array<{ field: string }> }>().subErrors;
      expect(errors.map((error) => error.field).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const korean = await call('POST', BATCHES, finance.headers, { action: 'approve', month: 10 }, 'ko');
    expect(korean.json()).toMatchObject({ subErrors: [{ field: 'year', message: '필수 항목입니다.' }] });
  });
});

describe('a batch payment of a month', () => {
  it('marks the APPROVED statements selected paid with the transfer, as one approval request', async () => {
    const first = await statementOf(creators.first);
    const second = await statementOf(creators.second);
    const requested = await call('POST', BATCHES, finance.headers, {
      action: 'pay',
      year: 2026,
      month: 10,
      transferReference: 'KB-BULK-1',
      transferDate: '2026-11-05',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const request = requested.json<AdminApproval>();
    expect(request.kind).toBe('STATEMENT_BATCH_PAY');
    expect(request.summary).toMatchObject({ count: 2, transferReference: 'KB-BULK-1', transferDate: '2026-11-05' });
    const result = await approveAs<SettlementBatchResult>(app(), checker, requested);
    expect(result).toEqual({ action: 'pay', done: [first.id, second.id], skipped: [] });
    for (const creator of [creators.first, creators.second]) {
      expect(await statementOf(creator)).toMatchObject({
        status: 'PAID',
        transfer_reference: 'KB-BULK-1',
        transfer_date: '2026-11-05',
        paid_by_user_id: finance.id,
      });
    }
  });

  it('never takes an ISSUED or held statement', async () => {
    const third = await statementOf(creators.third);
    const held = await statementOf(creators.held);
    const body = { action: 'pay', year: 2026, month: 10, transferReference: 'KB-2', transferDate: '2026-11-05' };
    const refused = await call('POST', BATCHES, finance.headers, { ...body, ids: [third.id, held.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SETTLEMENT_BATCH_EMPTY' });
  });
});
