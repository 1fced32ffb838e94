import type { AdminCoinRefund, CoinRefund } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, plus } from '@fanmission/tests/support/coins';

const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);

describe('refund requests in the console', () => {
  let fan: TestAccount;
  let operator: TestAccount;
  let finance: TestAccount;
  let withdrawal: CoinRefund;
  let partial: CoinRefund;

  beforeAll(async () => {
    const { app, database } = testApp.current;
    fan = await createAccount(app);
    operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
    finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const charge = await chargeCoins(database.db, { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS) });
    // A bank deposit: the partial refund goes to the account the fan gives.
    await chargeCoins(database.db, { userId: fan.id, coins: 500, at: plus(clock.now, -20 * DAY_MS), via: 'bank' });
    withdrawal = (
      await inject({
        method: 'POST',
        url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
        headers: fan.headers,
      })
    ).json();
    clock.now = plus(clock.now, 3 * DAY_MS);
    partial = (
      await inject({
        method: 'POST',
        url: '/api/v1/users/me/coins/partial-refund',
        headers: fan.headers,
        payload: { bankAccount: { bankName: '우리은행', bankAccountHolder: '홍길동', bankAccountNumber: '1002123' } },
      })
    ).json();
  });

  it('lists requests oldest due first, with the member and the payment to cancel', async () => {
    const response = await inject({ method: 'GET', url: '/api/admin/coin-refunds', headers: operator.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('coin-refunds 0-1/2');
    const rows = response.json<AdminCoinRefund[]>();
    expect(rows.map((row) => [row.id, row.kind, row.amount])).toEqual([
      [withdrawal.id, 'WITHDRAWAL', 10_000],
      [partial.id, 'PARTIAL_REFUND', 48_500],
    ]);
    expect(rows[0]).toMatchObject({
      userId: fan.id,
      email: fan.email,
      status: 'requested',
      payment: { payMethod: 'card', currency: 'KRW', amount: 10_000 },
    });
    expect(rows[1]).toMatchObject({ payment: null, coins: 500, feeCoins: 15 });
    // Operators read the fan's account number as its last four digits; finance, who pays it, reads it whole.
    const maskedAccount = { bankName: '우리은행', bankAccountHolder: '홍길동', bankAccountNumber: '****2123' };
    expect(rows[1]!.bankAccount).toEqual(maskedAccount);
    expect(rows[1]!.destination).toEqual({ kind: 'BANK_ACCOUNT', account: maskedAccount });
    expect(rows[0]!.destination).toEqual({ kind: 'ORIGINAL_METHOD', methods: ['card'] });
    const one = await inject({
      method: 'GET',
      url: `/api/admin/coin-refunds/${partial.id}`,
      headers: operator.headers,
    });
    expect(one.json<AdminCoinRefund>().bankAccount?.bankAccountNumber).toBe('****2123');

    const filtered = await inject({
      method: 'GET',
      url: `/api/admin/coin-refunds?filter=${encodeURIComponent('{"kind":"PARTIAL_REFUND"}')}&range=[0,9]`,
      headers: finance.headers,
    });
    expect(filtered.headers['content-range']).toBe('coin-refunds 0-0/1');
    expect(filtered.json<AdminCoinRefund[]>().map((row) => row.id)).toEqual([partial.id]);
    expect(filtered.json<AdminCoinRefund[]>()[0]!.bankAccount?.bankAccountNumber).toBe('1002123');
    expect(filtered.json<AdminCoinRefund[]>()[0]!.destination).toEqual({
      kind: 'BANK_ACCOUNT',
      account: { bankName: '우리은행', bankAccountHolder: '홍길동', bankAccountNumber: '1002123' },
    });
  });

  it('refuses marking paid by hand while a provider refund is under way, or once the providers returned it all', async () => {
    const { db } = testApp.current.app;
    const url = `/api/admin/coin-refunds/${partial.id}`;
    const markPaid = () =>
      inject({
        method: 'PUT',
        url,
        headers: { ...finance.headers, 'accept-language': 'en' },
        payload: { status: 'paid' },
      });
    await db
      .updateTable('coin_refunds')
      .set({ provider_refund_claimed_at: clock.now })
      .where('id', '=', partial.id)
      .execute();
    const underWay = await markPaid();
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().message).toBe(
      'This refund is being made at the payment provider right now. Check again in a moment.',
    );
    await db
      .updateTable('coin_refunds')
      .set({ provider_refund_claimed_at: null })
      .where('id', '=', partial.id)
      .execute();

    const parts = await db.selectFrom('coin_refund_parts').select('id').where('refund_id', '=', partial.id).execute();
    expect(parts.length).toBeGreaterThan(0);
    await db
      .updateTable('coin_refund_parts')
      .set({ provider_refund_id: 'refund-at-provider', refunded_at: clock.now })
      .where('refund_id', '=', partial.id)
      .execute();
    const returned = await markPaid();
    expect(returned.statusCode).toBe(409);
    expect(returned.json().message).toBe(
      'Every charge of this refund already came back from its payment provider: nothing is left to pay by hand.',
    );
    await db
      .updateTable('coin_refund_parts')
      .set({ provider_refund_id: null, refunded_at: null })
      .where('refund_id', '=', partial.id)
      .execute();
    expect(
      (await db.selectFrom('coin_refunds').select('status').where('id', '=', partial.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('requested');
  });

  it('lets finance mark a request paid, once and for good', async () => {
    const url = `/api/admin/coin-refunds/${partial.id}`;
    const byOperator = await inject({ method: 'PUT', url, headers: operator.headers, payload: { status: 'paid' } });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe('access denied');

    const record = (await inject({ method: 'GET', url, headers: finance.headers })).json<AdminCoinRefund>();
    // react-admin sends the whole record back.
    const paid = await inject({
      method: 'PUT',
      url,
      headers: finance.headers,
      payload: { ...record, status: 'paid', note: 'sent by internet banking' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      id: partial.id,
      status: 'paid',
      paidAt: clock.now.toISOString(),
      paidBy: finance.id,
      note: 'sent by internet banking',
    });

    const again = await inject({ method: 'PUT', url, headers: finance.headers, payload: { status: 'paid' } });
    expect(again.json()).toMatchObject({ status: 'paid', paidAt: clock.now.toISOString() });

    const back = await inject({
      method: 'PUT',
      url,
      headers: { ...finance.headers, 'accept-language': 'en' },
      payload: { status: 'requested' },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A refund marked paid cannot be set back to requested.');

    const stillRequested = await inject({
      method: 'GET',
      url: `/api/admin/coin-refunds?filter=${encodeURIComponent('{"status":"requested"}')}`,
      headers: finance.headers,
    });
    expect(stillRequested.json<AdminCoinRefund[]>().map((row) => row.id)).toEqual([withdrawal.id]);
    expect(
      (await inject({ method: 'GET', url: '/api/admin/coin-refunds/999999', headers: finance.headers })).statusCode,
    ).toBe(404);
  });

  it('refuses marking paid by hand a request that goes back to the payment method, and changes nothing', async () => {
    const { db } = testApp.current.app;
    const url = `/api/admin/coin-refunds/${withdrawal.id}`;
    const messages: Record<string, string> = {};
    for (const language of ['ko', 'en', 'ja']) {
      const refused = await inject({
        method: 'PUT',
        url,
        headers: { ...finance.headers, 'accept-language': language },
        payload: { status: 'paid', note: 'card payment cancelled' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('NOT_PAYABLE_BY_HAND');
      messages[language] = refused.json().message;
    }
    expect(messages).toEqual({
      ko: '이 환불은 회원의 결제 수단으로 돌려주는 요청이라 지급 완료로 표시할 수 없습니다. 결제대행사로 환불해 주세요.',
      en: 'This refund goes back to the member’s payment method, so it cannot be marked paid by hand. Refund it through the payment provider.',
      ja: 'この返金は会員の決済手段に戻すため、支払い完了にはできません。決済代行会社で返金してください。',
    });
    const row = await db
      .selectFrom('coin_refunds')
      .select(['status', 'paid_at', 'note'])
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'requested', paid_at: null, note: null });
    // No approval was asked for an action that does not match.
    const approvals = await db
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('kind', '=', 'MANUAL_REFUND')
      .execute();
    expect(approvals).toEqual([]);
  });

  it('is closed to fans and strangers', async () => {
    const asFan = await inject({ method: 'GET', url: '/api/admin/coin-refunds', headers: fan.headers });
    expect(asFan.statusCode).toBe(403);
    expect(asFan.json().message).toBe('access denied');
    expect((await inject({ method: 'GET', url: '/api/admin/coin-refunds' })).statusCode).toBe(401);
  });
});
