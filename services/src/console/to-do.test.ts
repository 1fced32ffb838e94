import type { AdminToDo } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, plus, tenCoinItemId } from '@fanmission/tests/support/coins';
import { createCreator } from '@fanmission/tests/support/creators';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { settleMonth } from '../income';

// The dashboard's "to do" block: one call counts every queue the caller's roles may act on, with its oldest entry's
// time. The clock is in 2032, where no other test of this file's database writes.
const clock = { now: new Date('2032-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const kst = (time: string) => new Date(`${time}+09:00`);

let operator: TestAccount;
let finance: TestAccount;
let both: TestAccount;
let fan: TestAccount;

const toDo = async (account: TestAccount) => {
  const response = await app().inject({ method: 'GET', url: '/api/admin/to-do', headers: account.headers });
  expect(response.statusCode).toBe(200);
  return response.json<AdminToDo>();
};
const counts = (answer: AdminToDo) => Object.fromEntries(answer.items.map((item) => [item.queue, item.count]));
const oldest = (answer: AdminToDo, queue: string) => answer.items.find((item) => item.queue === queue)?.oldestAt;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  both = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR', 'ROLE_FINANCE'] });
  fan = await createAccount(app());
});

describe('GET /api/admin/to-do', () => {
  it('shows operators their queues only, finance theirs, each counted as its list filters and oldest first', async () => {
    expect((await toDo(operator)).items.map((item) => item.queue)).toEqual([
      'creatorsToReview',
      'adultFlagClearRequests',
      'blockObjections',
      'reportedComments',
      'reportedReviews',
      'approvalsWaitingForMe',
    ]);
    expect((await toDo(finance)).items.map((item) => item.queue)).toEqual([
      'depositsToConfirm',
      'refundRequests',
      'statementsToApprove',
      'statementsToPay',
      'heldStatements',
      'approvalsWaitingForMe',
    ]);
    expect((await toDo(both)).items).toHaveLength(11);

    const before = { operator: counts(await toDo(operator)), finance: counts(await toDo(finance)) };
    const db = app().db;
    // Two creators awaiting review (one applied earlier), one approved.
    const first = await createCreator(app(), { verified: false });
    await createCreator(app(), { verified: false });
    await createCreator(app(), { verified: true });
    await db
      .updateTable('creators')
      .set({ created_at: kst('2020-01-02T09:00:00') })
      .where('id', '=', first.creatorId)
      .execute();
    // An adult-flagged creator asking to clear his flag, one not asking.
    const asking = await createCreator(app(), { adult: true });
    await createCreator(app(), { adult: true });
    await db
      .updateTable('creators')
      .set({ adult_clear_requested_at: kst('2032-03-03T11:00:00') })
      .where('id', '=', asking.creatorId)
      .execute();
    // One pending objection, one decided.
    await db
      .insertInto('block_objections')
      .values([
        {
          user_id: fan.id,
          blocked_at: kst('2032-03-01T10:00:00'),
          reason: '오해입니다',
          created_at: kst('2032-03-02T10:00:00'),
        },
        {
          user_id: fan.id,
          blocked_at: kst('2032-02-01T10:00:00'),
          reason: '다시 봐 주세요',
          status: 'REJECTED',
          created_at: kst('2032-02-02T10:00:00'),
        },
      ])
      .execute();
    // Two deposits waiting, one paid.
    const coinItemId = await tenCoinItemId(db);
    const deposit = (status: 'ready' | 'paid', at: string) => ({
      user_id: fan.id,
      coin_item_id: coinItemId,
      depositor_name: '김팬',
      depositor_phone: '01012345678',
      amount: 1000,
      point: 10,
      status,
      created_at: kst(at),
    });
    await db
      .insertInto('bank_transfers')
      .values([
        deposit('ready', '2032-03-05T08:00:00'),
        deposit('ready', '2020-03-04T08:00:00'),
        deposit('paid', '2032-03-01T08:00:00'),
      ])
      .execute();
    // A fan's refund request.
    const charge = await chargeCoins(db, { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    const refund = await app().inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
      headers: fan.headers,
    });
    expect(refund.statusCode).toBe(200);
    // Three statements of February: one waits for approval, one approved waits for its transfer, one held.
    const payees = [
      await createIncomeCreator(app()),
      await createIncomeCreator(app()),
      await createIncomeCreator(app()),
    ];
    for (const payee of payees) {
      await releasedMission(db, { creatorId: payee.creatorId, coins: 600, at: kst('2032-02-12T12:00:00') });
    }
    // The third changed his payout account a day before the statements were issued: his statement is held.
    await db
      .insertInto('payout_account_changes')
      .values({
        creator_id: payees[2]!.creatorId,
        actor_id: payees[2]!.id,
        actor_roles: ['ROLE_USER', 'ROLE_CREATOR'],
        reason: null,
        from_bank_name: '국민은행',
        from_bank_account_holder: '홍길동',
        from_bank_account_number: '1002000',
        from_payout_overseas: false,
        from_payout_foreigner: false,
        to_bank_name: '우리은행',
        to_bank_account_holder: '홍길동',
        to_bank_account_number: '1002999',
        to_payout_overseas: false,
        to_payout_foreigner: false,
        destination_changed: true,
        request_ip: null,
        request_id: 'to-do-test',
        changed_at: kst('2032-02-29T10:00:00'),
      })
      .execute();
    await settleMonth(db, { year: 2032, month: 2, now: kst('2032-03-01T01:00:00'), trigger: 'ADMIN' });
    await db
      .updateTable('settlement_statements')
      .set({ status: 'APPROVED', approved_at: kst('2032-03-03T10:00:00') })
      .where('creator_id', '=', payees[1]!.creatorId)
      .execute();

    const operatorNow = await toDo(operator);
    expect(counts(operatorNow)).toEqual({
      ...before.operator,
      creatorsToReview: before.operator['creatorsToReview']! + 2,
      adultFlagClearRequests: before.operator['adultFlagClearRequests']! + 1,
      blockObjections: before.operator['blockObjections']! + 1,
    });
    expect(oldest(operatorNow, 'creatorsToReview')).toBe(kst('2020-01-02T09:00:00').toISOString());
    expect(oldest(operatorNow, 'adultFlagClearRequests')).toBe(kst('2032-03-03T11:00:00').toISOString());
    const financeNow = await toDo(finance);
    expect(counts(financeNow)).toEqual({
      ...before.finance,
      depositsToConfirm: before.finance['depositsToConfirm']! + 2,
      refundRequests: before.finance['refundRequests']! + 1,
      statementsToApprove: before.finance['statementsToApprove']! + 1,
      statementsToPay: before.finance['statementsToPay']! + 1,
      heldStatements: before.finance['heldStatements']! + 1,
    });
    expect(oldest(financeNow, 'depositsToConfirm')).toBe(kst('2020-03-04T08:00:00').toISOString());
    expect(oldest(financeNow, 'statementsToPay')).toBe(kst('2032-03-03T10:00:00').toISOString());

    // A held statement released is approvable again.
    await db
      .updateTable('settlement_statements')
      .set({ hold_released_at: clock.now, hold_released_by_user_id: finance.id, hold_release_note: '본인 확인' })
      .where('creator_id', '=', payees[2]!.creatorId)
      .execute();
    expect(counts(await toDo(finance))).toMatchObject({
      statementsToApprove: before.finance['statementsToApprove']! + 2,
      heldStatements: before.finance['heldStatements']!,
    });
  });

  it('counts the approval requests waiting for the caller, never his own', async () => {
    const waiting = (answer: AdminToDo) => counts(answer)['approvalsWaitingForMe'];
    const before = { finance: waiting(await toDo(finance)), both: waiting(await toDo(both)) };
    await app()
      .db.insertInto('staff_approval_requests')
      .values({
        kind: 'BONUS_GRANT',
        maker_id: both.id,
        required_role: 'ROLE_FINANCE',
        params: JSON.stringify({}),
        frozen_hash: 'to-do-test',
        reason: '이벤트 보상',
        result: null,
        created_at: clock.now,
        expires_at: plus(clock.now, DAY_MS),
      })
      .execute();
    expect(waiting(await toDo(finance))).toBe(before.finance! + 1);
    expect(waiting(await toDo(both))).toBe(before.both);
  });

  it('is for staff: a fan gets 403, a visitor 401', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/admin/to-do', headers: fan.headers })).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/admin/to-do' })).statusCode).toBe(401);
  });
});
