import { notificationPath, type Notification, type Page } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, grantFreeCoins, plus } from '@fanmission/tests/support/coins';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { notificationsConsumer } from './index';
import { moneyNotification } from './money';

// Money moved in or out of a fan's wallet: a bank deposit confirmed, bonus coins granted, a refund requested, paid
// or refused, a charge withdrawn. Each is a notification of the MONEY topic linking to the coin history.
const start = new Date('2026-03-10T03:00:00Z'); // a Tuesday, 12:00 in Korea
const clock = { now: start };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);

let finance: TestAccount;

beforeAll(async () => {
  finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
});

async function notificationsOf(fan: TestAccount, language = 'ko'): Promise<Notification[]> {
  await drainOutbox(testApp.current.app.db, { consumers: [notificationsConsumer] });
  const response = await inject({
    method: 'GET',
    url: '/api/v1/users/me/notifications/page?size=20',
    headers: { ...fan.headers, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Notification>>().content;
}

const kinds = (notifications: Notification[]) => notifications.map((notification) => notification.kind).sort();

describe('money notifications', () => {
  it('a bank deposit an operator confirms tells the fan the coins credited, in his language', async () => {
    const fan = await createAccount(testApp.current.app);
    const items = await testApp.current.app.db
      .selectFrom('coin_items')
      .select(['id', 'point'])
      .where('item_type', '=', 'CASH')
      .where('point', '=', 100)
      .executeTakeFirstOrThrow();
    const requested = await inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: fan.headers,
      payload: {
        coinItemId: items.id,
        userId: fan.id,
        depositorName: '홍길동',
        depositorPhone: '01012345678',
        cashReceiptNumber: '',
        receiptType: 'PHONE',
      },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    // Asking is the member's own act: nothing yet.
    expect(await notificationsOf(fan)).toEqual([]);
    const decided = await inject({
      method: 'PUT',
      url: `/api/admin/bank-transfers/${requested.json<{ id: number }>().id}`,
      headers: finance.headers,
      payload: { status: 'paid' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const [deposited] = await notificationsOf(fan);
    expect(deposited).toMatchObject({ kind: 'COINS_DEPOSITED', mission: null, read: false });
    expect(deposited!.content).toBe('입금이 확인되어 100코인이 충전되었습니다.');
    expect(notificationPath({ kind: deposited!.kind, missionId: null })).toBe('/coin-history');
    const [english] = await notificationsOf(fan, 'en');
    expect(english!.content).toBe('Your bank deposit arrived: 100 coins were added.');
  });

  it('a charge withdrawn, a refund requested, paid and refused, each told with its coins', async () => {
    const { app } = testApp.current;
    const fan = await createAccount(app);
    // A bank deposit withdrawn: finance sends it back by hand and marks it paid.
    const charge = await chargeCoins(app.db, { userId: fan.id, coins: 100, at: plus(clock.now, -DAY_MS), via: 'bank' });
    await chargeCoins(app.db, { userId: fan.id, coins: 500, at: plus(clock.now, -20 * DAY_MS) });
    // The card charge completes on the member's own page: no notification; the bank deposit is told when it arrives.
    expect(kinds(await notificationsOf(fan))).toEqual(['COINS_DEPOSITED']);

    const withdrawal = await inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${charge.depositId}/withdrawal`,
      headers: fan.headers,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const partial = await inject({
      method: 'POST',
      url: '/api/v1/users/me/coins/partial-refund',
      headers: fan.headers,
      payload: { bankAccount: { bankName: '우리은행', bankAccountHolder: 'Fan', bankAccountNumber: '1002123' } },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(kinds(await notificationsOf(fan))).toEqual(['CHARGE_WITHDRAWN', 'COINS_DEPOSITED', 'COIN_REFUND_REQUESTED']);

    const paid = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${withdrawal.json<{ id: number }>().id}`,
      headers: finance.headers,
      payload: { status: 'paid' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await inject({
      method: 'PUT',
      url: `/api/admin/coin-refunds/${partial.json<{ id: number }>().id}`,
      headers: finance.headers,
      payload: { status: 'refused', refusalReason: 'account check' },
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const notifications = await notificationsOf(fan);
    expect(kinds(notifications)).toEqual([
      'CHARGE_WITHDRAWN',
      'COINS_DEPOSITED',
      'COIN_REFUND_PAID',
      'COIN_REFUND_REFUSED',
      'COIN_REFUND_REQUESTED',
    ]);
    const text = (kind: Notification['kind']) => notifications.find((notification) => notification.kind === kind)!;
    expect(text('CHARGE_WITHDRAWN').content).toContain('100코인');
    // A withdrawn bank deposit goes back, in won, to the account it came from.
    expect(text('COIN_REFUND_PAID').content).toBe('입금하신 계좌로 10,000원 환불이 완료되었습니다.');
    // 500 coins less the 3 % fee (15): 485 refunded; the refusal gives back the 500 taken.
    expect(text('COIN_REFUND_REQUESTED').content).toContain('485코인');
    expect(text('COIN_REFUND_REFUSED').content).toContain('500코인');
  });

  it('bonus coins an operator grants are told; other ledger moves tell nobody', async () => {
    const { app } = testApp.current;
    const fan = await createAccount(app);
    await grantFreeCoins(app.db, { userId: fan.id, coins: 30, at: clock.now });
    const [bonus] = await notificationsOf(fan, 'ja');
    expect(bonus).toMatchObject({ kind: 'BONUS_COINS_RECEIVED' });
    expect(bonus!.content).toBe('ボーナス30コインが付与されました。');

    const event = { transactionId: 1, idempotencyKey: 'k', occurredAt: start.toISOString() };
    const postings = [
      { account: `wallet:${fan.id}`, amount: -10 },
      { account: 'escrow:1', amount: 10 },
    ];
    for (const transactionType of ['MISSION_HOLD', 'EXPIRY', 'LUCKY_ROLL']) {
      expect(moneyNotification({ ...event, transactionType, postings, metadata: { userId: fan.id } })).toBeNull();
    }
    expect(
      moneyNotification({
        ...event,
        transactionType: 'PURCHASE',
        postings,
        metadata: { userId: fan.id, payMethod: 'card' },
      }),
    ).toBeNull();
  });
});
