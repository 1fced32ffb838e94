// A staff member's daily allowance (./allowance.ts) counts the money he moved alone, once: an action that ends moving
// nothing gives its use back, whether it was refused (a 4xx after the use was taken, a platform cap) or found the money
// already moved by an earlier or concurrent call and only answered it (a cancel asked again, a refund another member
// paid meanwhile); a request that a checker refuses never used any. Each test fails if such a use stayed counted.
import type {
  AdminApproval,
  AdminCoinRefund,
  AdminStaffAllowance,
  CoinRefund,
  StaffAllowanceKind,
} from '@fanmission/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../auth';
import { getRefundRequest, markRefundPaidOrRequestApproval, refundAtProviderOrRequestApproval } from '../coin-history';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig } from '@fanmission/tests/harness/app';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, plus, spendCoins, tenCoinItemId } from '@fanmission/tests/support/coins';

/** The platform's daily cap of free coins, low enough for one test to meet it. */
const DAILY_CAP_COINS = 500;
const testApp = useTestApp({ config: testConfig({ BONUS_GRANT_DAILY_CAP_COINS: String(DAILY_CAP_COINS) }) });
const app = () => testApp.current.app;
const db = () => testApp.current.database.db;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, account: TestAccount, payload?: object) =>
  app().inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...account.headers },
    ...(payload && { payload }),
  });
const usedBy = async (account: TestAccount, allowance: StaffAllowanceKind) => {
  const response = await call('GET', '/api/admin/approvals/allowance', account);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminStaffAllowance>().allowances.find((entry) => entry.allowance === allowance)!.used;
};
const financeMember = () => createAccount(app(), { roles: ['ROLE_FINANCE'] });
const callerOf = (account: TestAccount): Caller => ({ id: account.id, roles: ['ROLE_FINANCE'], creatorId: null });

let tenCoins: number;
beforeAll(async () => {
  tenCoins = await tenCoinItemId(db());
});

/** A sandbox card charge of 10 coins (1,000 won), approved at the checkout and credited. */
async function paidCharge(fan: TestAccount): Promise<string> {
  const ordered = await call('POST', '/api/v1/payment', fan, {
    coinItemId: tenCoins,
    userId: fan.id,
    payMethod: 'card',
    currency: 'KRW',
    language: 'ko',
  });
  expect(ordered.statusCode, ordered.body).toBe(200);
  const paymentId = ordered.json<{ merchantUid: string }>().merchantUid;
  const approved = await app().inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approved.statusCode).toBe(303);
  const credited = await call('POST', '/api/v1/coin-deposit', fan, { coinItemId: tenCoins, userId: fan.id, paymentId });
  expect(credited.statusCode, credited.body).toBe(200);
  return paymentId;
}

/** A member's partial refund of his held CASH coins, to his bank account. */
async function partialRefund(fan: TestAccount): Promise<CoinRefund> {
  const asked = await call('POST', '/api/v1/users/me/coins/partial-refund', fan, {
    bankAccount: { bankName: 'KB국민은행', bankAccountHolder: '홍길동', bankAccountNumber: '12345678901234' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json<CoinRefund>();
}

describe('a payment cancel', () => {
  const cancel = (finance: TestAccount, paymentId: string) =>
    call('POST', `/api/admin/payments/${paymentId}/cancel`, finance, { reason: 'customer asked, ticket 42' });

  it('asked again once done: answered as it stands, and counted once', async () => {
    const finance = await financeMember();
    const paymentId = await paidCharge(await createAccount(app()));
    expect((await cancel(finance, paymentId)).statusCode).toBe(200);
    expect(await usedBy(finance, 'MONEY_OUT_WON')).toBe(1_000);
    const again = await cancel(finance, paymentId);
    expect(again.statusCode, again.body).toBe(200);
    expect(await usedBy(finance, 'MONEY_OUT_WON')).toBe(1_000);
  });

  it('asked again by a second member once done: nothing counted for him', async () => {
    const [first, second] = [await financeMember(), await financeMember()];
    const paymentId = await paidCharge(await createAccount(app()));
    expect((await cancel(first, paymentId)).statusCode).toBe(200);
    expect((await cancel(second, paymentId)).statusCode).toBe(200);
    expect([await usedBy(first, 'MONEY_OUT_WON'), await usedBy(second, 'MONEY_OUT_WON')]).toEqual([1_000, 0]);
  });

  it('refused because its coins were spent (409): nothing counted', async () => {
    const finance = await financeMember();
    const fan = await createAccount(app());
    const paymentId = await paidCharge(fan);
    await spendCoins(db(), { userId: fan.id, coins: 5, at: new Date() });
    const refused = await cancel(finance, paymentId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await usedBy(finance, 'MONEY_OUT_WON')).toBe(0);
  });
});

describe('a refund marked paid by hand', () => {
  /** 500 held CASH coins refunded less 3 %: 48,500 won. */
  async function refundRequest(): Promise<CoinRefund> {
    const fan = await createAccount(app());
    // A bank deposit: the refund goes to the fan's account, paid by hand.
    await chargeCoins(db(), { userId: fan.id, coins: 500, at: plus(new Date(), -10 * DAY_MS), via: 'bank' });
    return await partialRefund(fan);
  }
  const markPaid = (finance: TestAccount, refund: { id: number }) =>
    call('PUT', `/api/admin/coin-refunds/${refund.id}`, finance, { status: 'paid', note: 'sent' });

  it('already paid by another member when his own click runs: answered paid, nothing counted for him', async () => {
    const [late, first] = [await financeMember(), await financeMember()];
    const refund = await refundRequest();
    // The late member's console read the request while it was still requested; the other member paid it meanwhile.
    const seen = await getRefundRequest(testApp.current.app.ctx, refund.id);
    expect((await markPaid(first, refund)).statusCode).toBe(200);
    const outcome = await markRefundPaidOrRequestApproval(testApp.current.app.ctx, callerOf(late), seen, {
      status: 'paid',
      note: 'sent',
    });
    expect('refund' in outcome && outcome.refund).toMatchObject({ status: 'paid', paidBy: first.id });
    expect([await usedBy(first, 'MONEY_OUT_WON'), await usedBy(late, 'MONEY_OUT_WON')]).toEqual([48_500, 0]);
  });

  it('marked paid by two members at once: paid once, counted once', async () => {
    const [one, other] = [await financeMember(), await financeMember()];
    const refund = await refundRequest();
    const answers = await Promise.all([markPaid(one, refund), markPaid(other, refund)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await usedBy(one, 'MONEY_OUT_WON')) + (await usedBy(other, 'MONEY_OUT_WON'))).toBe(48_500);
  });

  it('a request the checker refuses used nothing: the maker may still pay what is left of his allowance', async () => {
    const [maker, checker] = [await financeMember(), await financeMember()];
    for (let index = 0; index < 2; index++) expect((await markPaid(maker, await refundRequest())).statusCode).toBe(200);
    const waiting = await markPaid(maker, await refundRequest());
    expect(waiting.statusCode, waiting.body).toBe(202);
    const refused = await call('POST', `/api/admin/approvals/${waiting.json<AdminApproval>().id}/decision`, checker, {
      decision: 'refuse',
      note: 'not on the bank statement',
    });
    expect(refused.json<AdminApproval>().status).toBe('REFUSED');
    expect(await usedBy(maker, 'MONEY_OUT_WON')).toBe(97_000);
    // 3,000 won are left: a refund of 30 coins (3,000 won; 3 % of 30 coins rounds to none) runs alone.
    const fan = await createAccount(app());
    await chargeCoins(db(), { userId: fan.id, coins: 30, at: plus(new Date(), -10 * DAY_MS), via: 'bank' });
    const small = await partialRefund(fan);
    expect(small.amount).toBe(3_000);
    expect((await markPaid(maker, small)).statusCode).toBe(200);
    expect(await usedBy(maker, 'MONEY_OUT_WON')).toBe(100_000);
  });
});

describe('a refund sent back through the provider', () => {
  it('already sent back by another member when his own click runs: answered paid, nothing counted for him', async () => {
    const [late, first] = [await financeMember(), await financeMember()];
    const fan = await createAccount(app());
    await paidCharge(fan);
    const refund = await partialRefund(fan);
    const seen = await getRefundRequest(testApp.current.app.ctx, refund.id);
    const sent = await call('POST', `/api/admin/coin-refunds/${refund.id}/provider-refund`, first, { reason: 'left' });
    expect(sent.json<AdminCoinRefund>().status, sent.body).toBe('paid');
    const outcome = await refundAtProviderOrRequestApproval(testApp.current.app.ctx, callerOf(late), seen, 'left');
    expect('refund' in outcome && outcome.refund.status).toBe('paid');
    expect([await usedBy(first, 'MONEY_OUT_WON'), await usedBy(late, 'MONEY_OUT_WON')]).toEqual([refund.amount, 0]);
  });
});

describe('a bank deposit confirmed alone', () => {
  it('a confirmation the checker refuses used nothing: the maker confirms the rest of his allowance alone', async () => {
    const [maker, checker] = [await financeMember(), await financeMember()];
    const fan = await createAccount(app());
    const askDeposit = async (point: number) => {
      const item = await db()
        .selectFrom('coin_items')
        .select('id')
        .where('item_type', '=', 'CASH')
        .where('point', '=', point)
        .executeTakeFirstOrThrow();
      const asked = await call('POST', '/api/v1/payment/bank-transfer', fan, {
        coinItemId: item.id,
        userId: fan.id,
        depositorName: '홍길동',
        depositorPhone: '01012345678',
        cashReceiptNumber: '01012345678',
        receiptType: 'PHONE',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      return asked.json<{ id: number }>().id;
    };
    const confirm = async (point: number) =>
      call('PUT', `/api/admin/bank-transfers/${await askDeposit(point)}`, maker, { status: 'paid' });
    expect((await confirm(50)).statusCode).toBe(200); // 5,000 won
    const waiting: LightMyRequestResponse = await confirm(100); // 10,000 won: past the 10,000-won allowance
    expect(waiting.statusCode, waiting.body).toBe(202);
    await call('POST', `/api/admin/approvals/${waiting.json<AdminApproval>().id}/decision`, checker, {
      decision: 'refuse',
      note: 'no such credit on the statement',
    });
    expect(await usedBy(maker, 'MONEY_IN_WON')).toBe(5_000);
    expect((await confirm(50)).statusCode).toBe(200);
    expect(await usedBy(maker, 'MONEY_IN_WON')).toBe(10_000);
  });
});

describe('free coins granted alone', () => {
  it('a grant the platform’s daily cap refuses (409): nothing counted', async () => {
    const finance = await financeMember();
    const fan = await createAccount(app());
    const item = await db()
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: 'cap 600', point: 600, price: 0, usd_price: '0', active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await app().inject({
      method: 'POST',
      url: '/api/admin/bonus-grants',
      headers: { ...finance.headers, 'accept-language': 'en', 'idempotency-key': 'over-the-cap' },
      payload: { coinItemId: item.id, reason: 'promo', budgetCoins: 600, recipients: { userIds: [fan.id] } },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('BONUS_CAP_EXCEEDED');
    expect(await usedBy(finance, 'FREE_COINS')).toBe(0);
  });
});
