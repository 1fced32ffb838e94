// A statement pays only to a payout account whose holder the bank confirmed is the creator (docs/rules/settlement.md,
// holds): one to an account not VERIFIED is held — shown so to the creator and finance, left out of the transfer
// file, its approval and payment refused with the reason (and by the database) — and released by the check itself
// once the account is VERIFIED.
import type { AdminSettlement, MonthlySettlement, Page } from '@fanmission/contracts';
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
import { checkDuePayoutAccounts, sandboxHolderLookup, SANDBOX_HOLDER_ACCOUNTS } from '../creators';

const clock = { now: new Date('2026-10-20T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

/** The run of October 2026: November 1st, 10:00 in Korea. */
const RUN_AT = new Date('2026-11-01T01:00:00Z');

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: object, payload?: object, language = 'en') =>
  app().inject({ method, url, headers: { ...headers, 'accept-language': language }, payload });

let finance: TestAccount;
let checker: TestAccount;
/** His account's check is queued, not done yet: held until it is. */
let waiting: IncomeCreator;
/** Set an account in another person's name in September: MISMATCH, held. */
let mismatched: IncomeCreator;
/** His account VERIFIED: paid as usual. */
let verified: IncomeCreator;

const statementOf = (creator: IncomeCreator) =>
  db()
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creator.creatorId)
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .executeTakeFirstOrThrow();

const adminStatement = async (id: number) => {
  const response = await call('GET', `/api/admin/settlements/${id}`, finance.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSettlement>();
};

const creatorsStatements = async (creator: IncomeCreator) => {
  const response = await call('GET', '/api/v1/creators/me/incomes/page', creator.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<MonthlySettlement>>().content;
};

/** The statements a transfer batch of October would take now (services/src/income/transfer-batches.ts). */
const transferFile = async () => {
  const response = await call(
    'GET',
    '/api/admin/settlement-transfer-batches/preview?year=2026&month=10',
    finance.headers,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ statementIds: number[] }>().statementIds;
};

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  waiting = await createIncomeCreator(app(), { verification: 'UNVERIFIED' });
  mismatched = await createIncomeCreator(app());
  verified = await createIncomeCreator(app());
  clock.now = new Date('2026-09-01T03:00:00Z');
  const changed = await call('PUT', `/api/v1/creators/${mismatched.creatorId}`, mismatched.headers, {
    bankName: '카카오뱅크',
    bankAccountHolder: '홍길동',
    bankAccountNumber: `33330000${SANDBOX_HOLDER_ACCOUNTS.otherHolderSuffix}`,
    currentPassword: mismatched.password,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  for (const creator of [waiting, mismatched, verified]) {
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
  }
  clock.now = RUN_AT;
  const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe('a statement to an account whose holder is not verified', () => {
  it('is held with its reason, for finance and for the creator; a VERIFIED one is not', async () => {
    const held = await adminStatement((await statementOf(waiting)).id);
    expect(held).toMatchObject({
      status: 'ISSUED',
      held: true,
      holdReason: 'ACCOUNT_UNVERIFIED',
      payToVerification: 'UNVERIFIED',
      holdAccountChangeId: null,
    });
    const other = await adminStatement((await statementOf(mismatched)).id);
    expect(other).toMatchObject({ held: true, holdReason: 'ACCOUNT_MISMATCH', payToVerification: 'MISMATCH' });
    expect(await adminStatement((await statementOf(verified)).id)).toMatchObject({
      held: false,
      holdReason: null,
      payToVerification: 'VERIFIED',
    });

    const [own] = await creatorsStatements(waiting);
    expect(own).toMatchObject({ year: 2026, month: 10, held: true, holdReason: 'ACCOUNT_UNVERIFIED' });
    const [theirs] = await creatorsStatements(mismatched);
    expect(theirs).toMatchObject({ held: true, holdReason: 'ACCOUNT_MISMATCH' });

    const filter = encodeURIComponent(JSON.stringify({ year: 2026, month: 10, held: true }));
    const list = await call('GET', `/api/admin/settlements?filter=${filter}`, finance.headers);
    expect(
      list
        .json<AdminSettlement[]>()
        .map((row) => row.creatorId)
        .sort(),
    ).toEqual([waiting.creatorId, mismatched.creatorId].sort());
  });

  it('is left out of the transfer file', async () => {
    const file = await transferFile();
    expect(file).not.toContain((await statementOf(waiting)).id);
    expect(file).not.toContain((await statementOf(mismatched)).id);
    // An ISSUED statement is not in it either: only approved ones are.
    expect(file).not.toContain((await statementOf(verified)).id);
  });

  it('is neither approved nor paid: the server says why, in the caller’s language, and the database refuses it', async () => {
    const url = `/api/admin/settlements/${(await statementOf(waiting)).id}`;
    const approve = await call('PUT', url, finance.headers, { action: 'approve' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({
      code: 'PAYOUT_ACCOUNT_UNVERIFIED',
      message: expect.stringContaining('holder has not been verified'),
    });
    const inKorean = await call('PUT', url, finance.headers, { action: 'approve' }, 'ko');
    expect(inKorean.json().message).toContain('예금주 확인이 끝나지 않은 계좌');

    const mismatchUrl = `/api/admin/settlements/${(await statementOf(mismatched)).id}`;
    const pay = await call('PUT', mismatchUrl, finance.headers, {
      action: 'pay',
      transferReference: 'KB-1',
      transferDate: '2026-11-10',
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_UNVERIFIED' });
    expect(pay.json().message).toContain(SANDBOX_HOLDER_ACCOUNTS.otherHolder);

    await expect(
      db()
        .updateTable('settlement_statements')
        .set({ status: 'APPROVED', approved_at: RUN_AT })
        .where('id', '=', (await statementOf(waiting)).id)
        .execute(),
    ).rejects.toThrow(/pays an account whose holder is not verified/);
    expect(await statementOf(waiting)).toMatchObject({ status: 'ISSUED' });
  });

  it('is released by the check itself once the account is VERIFIED, then approved and paid like any other', async () => {
    const statement = await statementOf(waiting);
    // The queued check comes due; the bank answers the creator's verified name.
    await db()
      .updateTable('payout_account_verifications')
      .set({ next_attempt_at: RUN_AT })
      .where('creator_id', '=', waiting.creatorId)
      .execute();
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect(await adminStatement(statement.id)).toMatchObject({ held: false, holdReason: null });
    const [own] = await creatorsStatements(waiting);
    expect(own).toMatchObject({ held: false, holdReason: null });
    const url = `/api/admin/settlements/${statement.id}`;
    expect(
      await approveAs(app(), checker, await call('PUT', url, finance.headers, { action: 'approve' })),
    ).toMatchObject({ status: 'APPROVED' });
    expect(await transferFile()).toContain(statement.id);
    const pay = { action: 'pay', transferReference: 'KB-2', transferDate: '2026-11-10' };
    expect(await approveAs(app(), checker, await call('PUT', url, finance.headers, pay))).toMatchObject({
      status: 'PAID',
      held: false,
    });
  });

  it('voids a payment request when the account’s check changes before a second member approves it', async () => {
    const statement = await statementOf(verified);
    const url = `/api/admin/settlements/${statement.id}`;
    await approveAs(app(), checker, await call('PUT', url, finance.headers, { action: 'approve' }));
    const requested = await call('PUT', url, finance.headers, {
      action: 'pay',
      transferReference: 'KB-3',
      transferDate: '2026-11-10',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    // The creator set the same account again: its check starts over.
    await setPayoutAccountVerification(db(), verified.creatorId, 'UNVERIFIED');
    const decided = await call('POST', `/api/admin/approvals/${requested.json().id}/decision`, checker.headers, {
      decision: 'approve',
    });
    expect(decided.statusCode).not.toBe(200);
    expect(await statementOf(verified)).toMatchObject({ status: 'APPROVED' });
  });
});
