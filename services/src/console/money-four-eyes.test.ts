// Money coming in, and anything under a threshold, under the four-eyes rule (services/src/approvals): one finance
// member alone neither confirms a bank deposit nobody made, nor prices coins below the catalogue's rate, nor splits
// refunds or free coins below a threshold; an operator alone neither changes a creator's payout grade nor lifts the
// penalty that lowered it. Each recipe ends with a pending approval request and nothing credited, paid or changed.
import type { AdminApproval, AdminCoinRefundDetail, AdminStaffAllowance, CoinRefund } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { chargeCoins, DAY_MS, plus, walletCoins as walletCoinsOf } from '@fanmission/tests/support/coins';
import { createProduct, createVerifiedCreator, insertMission } from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

type Account = { id: number; headers: { authorization: string } };
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  account: Account,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  app().inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...account.headers, ...extra },
    ...(payload && { payload }),
  });
const requestOf = (response: LightMyRequestResponse, kind: string, maker: Account) => {
  expect(response.statusCode, response.body).toBe(202);
  const request = response.json<AdminApproval>();
  expect(request).toMatchObject({ kind, status: 'PENDING', makerId: maker.id });
  return request;
};

const walletCoins = (userId: number) => walletCoinsOf(db(), userId);
const allowanceOf = async (account: Account) => {
  const response = await call('GET', '/api/admin/approvals/allowance', account);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminStaffAllowance>();
};
const used = (allowance: AdminStaffAllowance, kind: string) =>
  allowance.allowances.find((entry) => entry.allowance === kind)!;

let finance1: TestAccount;
let finance2: TestAccount;
let operator1: TestAccount;

beforeAll(async () => {
  finance1 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  finance2 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  operator1 = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
});

const cashItem = (point: number) =>
  db()
    .selectFrom('coin_items')
    .selectAll()
    .where('item_type', '=', 'CASH')
    .where('point', '=', point)
    .executeTakeFirstOrThrow();

describe('a bank deposit confirmed by one finance member', () => {
  const askDeposit = async (fan: TestAccount, coinItemId: number) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: fan.headers,
      payload: {
        coinItemId,
        userId: fan.id,
        depositorName: '홍길동',
        depositorPhone: '01012345678',
        cashReceiptNumber: '01012345678',
        receiptType: 'PHONE',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  };

  it('a deposit nobody made, confirmed alone: a pending request showing what the bank statement must show', async () => {
    const fan = await createAccount(app());
    const item = await cashItem(1_000);
    const transferId = await askDeposit(fan, item.id);
    const request = requestOf(
      await call('PUT', `/api/admin/bank-transfers/${transferId}`, finance1, { status: 'paid' }),
      'BANK_DEPOSIT_CONFIRM',
      finance1,
    );
    expect(request.summary).toMatchObject({ bankTransferId: transferId, depositorName: '홍길동', amount: 100_000 });
    expect(typeof request.summary.requestedAt).toBe('string');
    expect(await walletCoins(fan.id)).toBe(0);
    const transfer = await db()
      .selectFrom('bank_transfers')
      .select('status')
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('ready');

    // The second finance member checks the bank statement and approves: the coins are credited once.
    await approveAs(
      app(),
      finance2,
      await call('PUT', `/api/admin/bank-transfers/${transferId}`, finance1, {
        status: 'paid',
      }),
    );
    expect(await walletCoins(fan.id)).toBe(1_000);
    expect((await verify(db())).differences).toEqual([]);
  });

  it('small deposits run alone only until the member’s daily allowance is used; the rest waits', async () => {
    const fan = await createAccount(app());
    const item = await cashItem(30); // 3,000 won
    const answers: number[] = [];
    for (let index = 0; index < 4; index++) {
      const transferId = await askDeposit(fan, item.id);
      answers.push(
        (await call('PUT', `/api/admin/bank-transfers/${transferId}`, finance2, { status: 'paid' })).statusCode,
      );
    }
    // 3 × 3,000 won = 9,000 ≤ 10,000; the fourth would make 12,000.
    expect(answers).toEqual([200, 200, 200, 202]);
    expect(await walletCoins(fan.id)).toBe(90);
    expect(used(await allowanceOf(finance2), 'MONEY_IN_WON')).toMatchObject({ used: 9_000, limit: 10_000 });
  });
});

describe('the coin catalogue', () => {
  const item = (overrides: object) => ({
    itemType: 'CASH',
    name: 'x',
    point: 1_000_000,
    price: 1_000,
    usdPrice: 1,
    active: true,
    sortOrder: 9_999,
    ...overrides,
  });

  it('a CASH item of 1,000,000 coins for 1,000 won breaks the catalogue’s rate: 400 on the price, in ko, en and ja', async () => {
    const messages: Record<string, string> = {};
    for (const language of ['ko', 'en', 'ja']) {
      const response = await call('POST', '/api/admin/coin-items', finance1, item({}), {
        'accept-language': language,
      });
      expect(response.statusCode, response.body).toBe(400);
      const subError = response.json<{ subErrors: { field: string; message: string }[] }>().subErrors[0]!;
      expect(subError.field).toBe('price');
      messages[language] = subError.message;
    }
    expect(messages.en).toBe('A coin item’s price is its coins × 100 won, less its discount.');
    expect(messages.ko).toMatch(/100원/);
    expect(messages.ja).toMatch(/100ウォン/);
  });

  it('refuses a negative or fractional discount with a field error', async () => {
    for (const discount of [-1, 1.5]) {
      const response = await call('POST', '/api/admin/coin-items', finance1, item({ discount }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ subErrors: { field: string }[] }>().subErrors.map((error) => error.field)).toContain(
        'discount',
      );
    }
  });

  it('the same item with its discount written out: a pending request, nothing for sale', async () => {
    const before = await db().selectFrom('coin_items').select('id').execute();
    const request = requestOf(
      await call('POST', '/api/admin/coin-items', finance1, item({ price: 1_000, discount: 99_999_000 })),
      'CASH_COIN_ITEM',
      finance1,
    );
    expect(request.summary).toEqual({ name: 'x', coins: 1_000_000, price: 1_000, discount: 99_999_000 });
    expect((await db().selectFrom('coin_items').select('id').execute()).length).toBe(before.length);
  });

  it('changing a CASH item’s coins or price waits; its name alone does not', async () => {
    const ten = await cashItem(10);
    const base = { itemType: 'CASH', name: ten.name, point: 10, price: 1_000, usdPrice: 0.8, sortOrder: 1 };
    requestOf(
      await call('PUT', `/api/admin/coin-items/${ten.id}`, finance1, { ...base, price: 500, discount: 500 }),
      'CASH_COIN_ITEM',
      finance1,
    );
    requestOf(
      await call('PUT', `/api/admin/coin-items/${ten.id}`, finance1, { ...base, usdPrice: 0.01 }),
      'CASH_COIN_ITEM',
      finance1,
    );
    const renamed = await call('PUT', `/api/admin/coin-items/${ten.id}`, finance1, { ...base, name: '10 코인 ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await cashItem(10)).toMatchObject({ point: 10, price: 1_000, usd_price: '0.80' });
  });
});

describe('refunds marked paid, split under the threshold', () => {
  /** A member's partial refund of 500 held CASH coins: 485 coins, 48,500 won to his bank account. */
  async function refundRequest(): Promise<CoinRefund> {
    const fan = await createAccount(app());
    // A bank deposit: the refund goes to the fan's account, paid by hand.
    await chargeCoins(db(), { userId: fan.id, coins: 500, at: plus(new Date(), -10 * DAY_MS), via: 'bank' });
    const asked = await app().inject({
      method: 'POST',
      url: '/api/v1/users/me/coins/partial-refund',
      headers: fan.headers,
      payload: {
        bankAccount: { bankName: 'KB국민은행', bankAccountHolder: '홍길동', bankAccountNumber: '12345678901234' },
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const refund = asked.json<CoinRefund>();
    expect(refund.amount).toBe(48_500);
    return refund;
  }
  const markPaid = (maker: Account, refund: CoinRefund) =>
    call('PUT', `/api/admin/coin-refunds/${refund.id}`, maker, { status: 'paid', note: 'sent' });

  it('repeated refunds of 48,500 won: two run alone, the third waits for a second member', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let index = 0; index < 3; index++) answers.push(await markPaid(finance1, await refundRequest()));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 202]);
    const request = requestOf(answers[2]!, 'MANUAL_REFUND', finance1);
    const third = await db()
      .selectFrom('coin_refunds')
      .select('status')
      .where('id', '=', request.params.refundId as number)
      .executeTakeFirstOrThrow();
    expect(third.status).toBe('requested');
    expect(used(await allowanceOf(finance1), 'MONEY_OUT_WON')).toMatchObject({ used: 97_000, limit: 100_000 });

    // The request's page lists the approval, then who approved it once the second member did.
    const detail = async () =>
      (
        await call('GET', `/api/admin/coin-refunds/${request.params.refundId as number}`, finance2)
      ).json<AdminCoinRefundDetail>();
    expect((await detail()).approvals).toEqual([
      expect.objectContaining({ id: request.id, kind: 'MANUAL_REFUND', status: 'PENDING', makerEmail: finance1.email }),
    ]);
    await approveAs(app(), finance2, answers[2]!);
    expect(await detail()).toMatchObject({
      status: 'paid',
      approvals: [
        {
          id: request.id,
          kind: 'MANUAL_REFUND',
          status: 'EXECUTED',
          makerEmail: finance1.email,
          deciderEmail: finance2.email,
          decidedAt: expect.any(String),
        },
      ],
    });
  });

  it('five refunds marked paid at once by one member: exactly two are paid, three wait', async () => {
    const maker = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const refunds: CoinRefund[] = [];
    for (let index = 0; index < 5; index++) refunds.push(await refundRequest());
    const answers = await Promise.all(refunds.map((refund) => markPaid(maker, refund)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(3);
    const paid = await db()
      .selectFrom('coin_refunds')
      .select('id')
      .where(
        'id',
        'in',
        refunds.map((refund) => refund.id),
      )
      .where('status', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(2);
    expect(used(await allowanceOf(maker), 'MONEY_OUT_WON')).toMatchObject({ used: 97_000, remaining: 3_000 });
  });
});

describe('GET /api/admin/approvals/allowance', () => {
  it('answers a member nothing used at first, per allowance, with the window', async () => {
    const fresh = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    expect(await allowanceOf(fresh)).toEqual({
      windowHours: 24,
      allowances: [
        { allowance: 'FREE_COINS', used: 0, limit: 1_000, remaining: 1_000 },
        { allowance: 'MONEY_OUT_WON', used: 0, limit: 100_000, remaining: 100_000 },
        { allowance: 'MONEY_IN_WON', used: 0, limit: 10_000, remaining: 10_000 },
      ],
    });
  });

  it('is refused to a visitor (401) and to a member without a console role (403)', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/admin/approvals/allowance' })).statusCode).toBe(401);
    const fan = await createAccount(app());
    expect((await call('GET', '/api/admin/approvals/allowance', fan)).statusCode).toBe(403);
  });
});

describe('free coins split into small grants', () => {
  let thousand: number;
  beforeAll(async () => {
    thousand = (
      await db()
        .insertInto('coin_items')
        .values({ item_type: 'BONUS', name: 'promo 1000', point: 1_000, price: 0, usd_price: '0', active: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  const grant = (maker: Account, fan: Account, coinItemId: number, key: string) =>
    call(
      'POST',
      '/api/admin/bonus-grants',
      maker,
      { coinItemId, reason: 'promo', budgetCoins: 1_000, recipients: { userIds: [fan.id] } },
      { 'idempotency-key': key },
    );

  it('1,000-coin grants one after another: the first runs, the second waits for approval', async () => {
    const maker = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const fan = await createAccount(app());
    expect((await grant(maker, fan, thousand, 'split-1')).statusCode).toBe(200);
    const second = requestOf(await grant(maker, fan, thousand, 'split-2'), 'BONUS_GRANT', maker);
    // A retry of the first grant answers it again and uses nothing more.
    expect((await grant(maker, fan, thousand, 'split-1')).statusCode).toBe(200);
    expect(await walletCoins(fan.id)).toBe(1_000);
    expect(used(await allowanceOf(maker), 'FREE_COINS')).toMatchObject({ used: 1_000, limit: 1_000 });

    // A day later the allowance is free again; a retry of the grant sent for approval still answers that request.
    await db()
      .updateTable('staff_allowance_uses')
      .set({ at: plus(new Date(), -25 * 3_600_000) })
      .where('staff_id', '=', maker.id)
      .execute();
    expect(used(await allowanceOf(maker), 'FREE_COINS')).toMatchObject({ used: 0 });
    const retried = await grant(maker, fan, thousand, 'split-2');
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json<AdminApproval>().id).toBe(second.id);
    expect(await walletCoins(fan.id)).toBe(1_000);
  });

  it('parallel split grants never pass the allowance: 20 grants of 100 coins at once, exactly 10 run', async () => {
    const hundred = (
      await db()
        .insertInto('coin_items')
        .values({ item_type: 'BONUS', name: 'promo 100', point: 100, price: 0, usd_price: '0', active: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const maker = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const fan = await createAccount(app());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => grant(maker, fan, hundred, `parallel-${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(await walletCoins(fan.id)).toBe(1_000);
    expect((await verify(db())).differences).toEqual([]);
  });
});

describe('a helper account shares the allowance of the member who made him staff', () => {
  it('the inviter grants 1,000 coins alone; his helper’s grant the same day waits', async () => {
    const thousand = (
      await db()
        .insertInto('coin_items')
        .values({ item_type: 'BONUS', name: 'helper 1000', point: 1_000, price: 0, usd_price: '0', active: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const inviter = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const colleague = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const email = `helper-${Date.now()}@example.test`;
    // A routine invitation, approved by a colleague: the helper exists, made staff by the inviter.
    await approveAs(
      app(),
      colleague,
      await call('POST', '/api/admin/staff', inviter, { email, roles: ['ROLE_FINANCE'] }),
    );
    const row = await db()
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const token = signSessionToken(app(), { id: row.id, roles: row.roles as never }, { kind: 'console' });
    const helper = { id: row.id, headers: { authorization: `Bearer ${token}` } };
    const fan = await createAccount(app());
    const grant = (maker: Account, key: string) =>
      call(
        'POST',
        '/api/admin/bonus-grants',
        maker,
        { coinItemId: thousand, reason: 'promo', budgetCoins: 1_000, recipients: { userIds: [fan.id] } },
        { 'idempotency-key': key },
      );
    expect((await grant(inviter, 'shared-1')).statusCode).toBe(200);
    requestOf(await grant(helper, 'shared-2'), 'BONUS_GRANT', helper);
    expect(used(await allowanceOf(helper), 'FREE_COINS')).toMatchObject({ used: 1_000, remaining: 0 });
    // The colleague who approved the invitation is related to the helper only, not to the inviter: his own is whole.
    expect(used(await allowanceOf(colleague), 'FREE_COINS')).toMatchObject({ used: 0 });
    expect(await walletCoins(fan.id)).toBe(1_000);
  });
});

describe('a creator’s payout grade', () => {
  it('an operator alone changing a creator’s grade: a pending request, the grade unchanged until finance approves', async () => {
    const creator = await createVerifiedCreator(app());
    const request = requestOf(
      await call('PUT', `/api/admin/creators/${creator.creatorId}`, operator1, { grade: 'DIAMOND' }),
      'CREATOR_GRADE_CHANGE',
      operator1,
    );
    expect(request).toMatchObject({ role: 'ROLE_FINANCE' });
    expect(request.summary).toEqual({ creatorId: creator.creatorId, from: 'SILVER', to: 'DIAMOND' });
    const gradeOf = async () =>
      (await db().selectFrom('creators').select('grade').where('id', '=', creator.creatorId).executeTakeFirstOrThrow())
        .grade;
    expect(await gradeOf()).toBe('SILVER');
    await approveAs(
      app(),
      finance1,
      await call('PUT', `/api/admin/creators/${creator.creatorId}`, operator1, {
        grade: 'DIAMOND',
      }),
    );
    expect(await gradeOf()).toBe('DIAMOND');
  });

  it('lifting the penalty that lowered a grade: a pending request, nothing lifted', async () => {
    const creator = await createVerifiedCreator(app());
    const fan = await createAccount(app());
    const productId = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 10 });
    const mission = await insertMission(
      app(),
      { id: productId, type: 'BASIC', coinPrice: 10, minimumCost: null, creator: { id: creator.creatorId } },
      { user_id: fan.id, status: 'REJECTED' },
    );
    const penalty = await db()
      .insertInto('creator_penalties')
      .values({
        creator_id: creator.creatorId,
        mission_id: mission.id,
        level: 2,
        requests_blocked_until: plus(new Date(), 7 * DAY_MS),
        previous_grade: 'GOLD',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    requestOf(
      await call('PUT', `/api/admin/creator-penalties/${penalty.id}`, operator1, { liftNote: 'forgiven' }),
      'CREATOR_PENALTY_LIFT',
      operator1,
    );
    const row = await db()
      .selectFrom('creator_penalties')
      .select('lifted_at')
      .where('id', '=', penalty.id)
      .executeTakeFirstOrThrow();
    expect(row.lifted_at).toBeNull();
  });
});
