import type { CoinHistoryRowDto, CoinLotsResponse, Page } from '@fanmission/contracts';
import { expireLots, holdForMission, lots, refundMission } from '@fanmission/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, grantFreeCoins, plus, spendCoins, type Charge } from '@fanmission/tests/support/coins';

const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const db = () => testApp.current.database.db;

const get = (url: string, account?: TestAccount, language = 'en') =>
  testApp.current.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': language, ...(account && account.headers) },
  });

describe('coin history', () => {
  let fan: TestAccount;
  let otherFan: TestAccount;
  let oldCharge: Charge;
  let bankCharge: Charge;
  let recentCharge: Charge;

  beforeAll(async () => {
    const { app } = testApp.current;
    fan = await createAccount(app);
    otherFan = await createAccount(app);
    // Charged more than 5 years ago: it expired on 2026-01-15 and the daily run swept it on 2026-02-01.
    oldCharge = await chargeCoins(db(), { userId: fan.id, coins: 100, at: new Date('2021-01-15T00:00:00Z') });
    await expireLots(db(), { now: new Date('2026-02-01T00:00:00Z'), idempotencyKey: 'expiry:2026-02-01' });
    // 2026-02-28 16:00 UTC is already 1 March in Korea.
    bankCharge = await chargeCoins(db(), {
      userId: fan.id,
      coins: 300,
      at: new Date('2026-02-28T16:00:00Z'),
      via: 'bank',
    });
    await grantFreeCoins(db(), { userId: fan.id, coins: 10, at: new Date('2026-03-02T05:00:00Z') });
    await spendCoins(db(), { userId: fan.id, coins: 50, at: new Date('2026-03-03T05:00:00Z') });
    recentCharge = await chargeCoins(db(), { userId: fan.id, coins: 30, at: new Date('2026-03-09T05:00:00Z') });
    const withdrawn = await testApp.current.app.inject({
      method: 'POST',
      url: `/api/v1/coin-deposits/${recentCharge.depositId}/withdrawal`,
      headers: fan.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    await chargeCoins(db(), { userId: otherFan.id, coins: 50, at: new Date('2026-03-05T05:00:00Z') });
  });

  it('lists every movement of the wallet, newest first, with its type, signed points and charge', async () => {
    const response = await get('/api/v1/users/me/coin-history/page', fan);
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<CoinHistoryRowDto>>();
    expect(page).toMatchObject({ totalElements: 7, totalPages: 1, number: 0, size: 12, last: true });
    expect(page.content.map((row) => [row.eventType, row.point, row.transactionType])).toEqual([
      ['REFUND', -30, 'PURCHASE_WITHDRAWAL'],
      ['EARN', 30, 'PURCHASE'],
      ['USE', -50, 'MISSION_HOLD'],
      ['EARN', 10, 'BONUS_GRANT'],
      ['EARN', 300, 'PURCHASE'],
      ['EXPIRED', -100, 'EXPIRY'],
      ['EARN', 100, 'PURCHASE'],
    ]);
    const [withdrawal, charge, use, bonus, bank, expired, old] = page.content;

    expect(withdrawal!.coinDeposit?.id).toBe(recentCharge.depositId);
    expect(charge).toMatchObject({
      created: '2026-03-09T05:00:00.000Z',
      coinItemType: 'CASH',
      mission: null,
      coinDeposit: {
        id: recentCharge.depositId,
        payment: { payMethod: 'card', paymentId: recentCharge.paymentId, currency: 'KRW', amount: 3000 },
        coinItem: { point: 30, itemType: 'CASH' },
      },
    });
    expect(use).toMatchObject({ mission: null, coinDeposit: null, coinItemType: null });
    expect(bonus).toMatchObject({ coinItemType: 'BONUS', coinDeposit: null, reason: 'FREE_COIN_EVENT' });
    expect(bank!.coinDeposit).toMatchObject({
      id: bankCharge.depositId,
      payment: { payMethod: 'withoutbankbook', paymentId: null, currency: 'KRW', amount: 30000 },
    });
    expect(expired).toMatchObject({ created: '2026-02-01T00:00:00.000Z', coinDeposit: null });
    expect(old!.coinDeposit?.id).toBe(oldCharge.depositId);
  });

  it('keeps one month of Korea time, or one year', async () => {
    const march = (await get('/api/v1/users/me/coin-history/page?createdYear=2026&createdMonth=3', fan)).json();
    expect(march.totalElements).toBe(5);
    expect(march.content.at(-1)).toMatchObject({ point: 300, created: '2026-02-28T16:00:00.000Z' });

    const february = (await get('/api/v1/users/me/coin-history/page?createdYear=2026&createdMonth=2', fan)).json();
    expect(february.content.map((row: CoinHistoryRowDto) => row.eventType)).toEqual(['EXPIRED']);

    const year2021 = (await get('/api/v1/users/me/coin-history/page?createdYear=2021', fan)).json();
    expect(year2021.content.map((row: CoinHistoryRowDto) => row.point)).toEqual([100]);

    const empty = (await get('/api/v1/users/me/coin-history/page?createdYear=2025&createdMonth=12', fan)).json();
    expect(empty).toMatchObject({ content: [], totalElements: 0, totalPages: 0, last: true });

    // The client may send the filter fields empty for "all months".
    const all = (await get('/api/v1/users/me/coin-history/page?createdYear=&createdMonth=', fan)).json();
    expect(all.totalElements).toBe(7);
  });

  it('names the mission of a hold and of its refund: status, product type and name', async () => {
    const member = await createAccount(testApp.current.app);
    const creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const creatorId = (
      await db().selectFrom('creators').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow()
    ).id;
    const product = await db()
      .insertInto('mission_products')
      .values({ creator_id: creatorId, type: 'BASIC', name: '생일 축하 노래', coin_price: 20, sort_order: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mission = await db()
      .insertInto('missions')
      .values({
        product_id: product.id,
        creator_id: creatorId,
        user_id: member.id,
        type: 'BASIC',
        status: 'REJECTED',
        coin_price: 20,
        rejection_reason: 'PERFORM_EXPIRED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await chargeCoins(db(), { userId: member.id, coins: 50, at: new Date('2026-03-04T00:00:00Z') });
    await holdForMission(db(), {
      userId: member.id,
      missionId: mission.id,
      coins: 20,
      idempotencyKey: `hold:${mission.id}`,
      now: new Date('2026-03-05T00:00:00Z'),
    });
    await refundMission(db(), {
      missionId: mission.id,
      reason: 'REJECTED',
      idempotencyKey: `refund:${mission.id}`,
      now: new Date('2026-03-06T00:00:00Z'),
    });

    const page = (await get('/api/v1/users/me/coin-history/page', member)).json<Page<CoinHistoryRowDto>>();
    const { name: creatorName } = await db()
      .selectFrom('creators')
      .select('name')
      .where('id', '=', creatorId)
      .executeTakeFirstOrThrow();
    const expected = {
      id: mission.id,
      status: 'REJECTED',
      rejectionReason: 'PERFORM_EXPIRED',
      missionProduct: { type: 'BASIC', name: '생일 축하 노래' },
      creatorName,
    };
    expect(page.content.map((row) => [row.eventType, row.point, row.mission])).toEqual([
      ['REFUND', 20, expected],
      ['USE', -20, expected],
      ['EARN', 50, null],
    ]);
  });

  it('names the fee a partial refund kept, and no fee on other rows', async () => {
    const member = await createAccount(testApp.current.app);
    await chargeCoins(db(), { userId: member.id, coins: 300, at: new Date(Date.now() - 10 * 86_400_000) });
    const refunded = await testApp.current.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/coins/partial-refund',
      headers: member.headers,
      payload: {
        bankAccount: { bankName: '신한은행', bankAccountHolder: '김리뷰', bankAccountNumber: '110123456789' },
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const page = (await get('/api/v1/users/me/coin-history/page', member)).json<Page<CoinHistoryRowDto>>();
    expect(page.content.map((row) => [row.transactionType, row.point, row.feeCoins])).toEqual([
      ['PARTIAL_REFUND', -300, 9],
      ['PURCHASE', 300, null],
    ]);
  });

  it('pages the history', async () => {
    const first = (await get('/api/v1/users/me/coin-history/page?size=3&page=0', fan)).json();
    expect(first).toMatchObject({ totalElements: 7, totalPages: 3, number: 0, size: 3, last: false });
    expect(first.content.map((row: CoinHistoryRowDto) => row.point)).toEqual([-30, 30, -50]);

    const last = (await get('/api/v1/users/me/coin-history/page?size=3&page=2', fan)).json();
    expect(last).toMatchObject({ number: 2, last: true });
    expect(last.content.map((row: CoinHistoryRowDto) => row.point)).toEqual([100]);

    const beyond = (await get('/api/v1/users/me/coin-history/page?size=3&page=9', fan)).json();
    expect(beyond).toMatchObject({ content: [], totalElements: 7, totalPages: 3, last: true });
  });

  it('never shows another member’s rows', async () => {
    const page = (await get('/api/v1/users/me/coin-history/page', otherFan)).json();
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({ eventType: 'EARN', point: 50 });
  });

  it('needs a login', async () => {
    const response = await get('/api/v1/users/me/coin-history/page');
    expect(response.statusCode).toBe(401);
    expect((await get('/api/v1/users/me/coin-lots')).statusCode).toBe(401);
  });

  it('rejects an impossible month, a negative page and a month without its year', async () => {
    const month13 = await get('/api/v1/users/me/coin-history/page?createdYear=2026&createdMonth=13', fan);
    expect(month13.statusCode).toBe(400);
    expect(month13.json()).toMatchObject({ code: 'VALIDATION_FAILED', subErrors: [{ field: 'createdMonth' }] });

    const negativePage = await get('/api/v1/users/me/coin-history/page?page=-1', fan);
    expect(negativePage.statusCode).toBe(400);
    expect(negativePage.json().subErrors).toEqual([expect.objectContaining({ field: 'page', rejectedValue: '-1' })]);

    const monthAlone = await get('/api/v1/users/me/coin-history/page?createdMonth=3', fan, 'ko');
    expect(monthAlone.statusCode).toBe(400);
    expect(monthAlone.json().subErrors).toEqual([
      expect.objectContaining({ field: 'createdYear', message: '월을 선택하려면 연도도 함께 선택해 주세요.' }),
    ]);
  });
});

describe('coin lots', () => {
  it('shows each credit with what is left, its expiry and its refund window', async () => {
    const { app } = testApp.current;
    const fan = await createAccount(app);
    const now = clock.now;
    const fresh = await chargeCoins(db(), { userId: fan.id, coins: 100, at: plus(now, -2 * DAY_MS) });
    const used = await chargeCoins(db(), { userId: fan.id, coins: 50, at: plus(now, -DAY_MS) });
    const old = await chargeCoins(db(), { userId: fan.id, coins: 30, at: plus(now, -30 * DAY_MS) });
    await grantFreeCoins(db(), { userId: fan.id, coins: 10, at: plus(now, -DAY_MS / 2) });
    // Earliest expiry first: the 30-day-old charge goes first, then the next oldest.
    await spendCoins(db(), { userId: fan.id, coins: 40, at: plus(now, -DAY_MS / 4) });

    const response = await get('/api/v1/users/me/coin-lots', fan);
    expect(response.statusCode).toBe(200);
    const body = response.json<CoinLotsResponse>();
    expect(body.lots.map((lot) => [lot.source, lot.amount, lot.remaining])).toEqual([
      ['CASH', 100, 90],
      ['CASH', 50, 50],
      ['BONUS', 10, 10],
    ]);
    const [partlyUsed, unused, bonus] = body.lots;
    expect(bonus).toMatchObject({ coinDepositId: null, withdrawalDeadline: null, withdrawableUntil: null });
    expect(bonus!.refundable).toBe(false);
    expect(partlyUsed).toMatchObject({
      coinDepositId: fresh.depositId,
      withdrawalDeadline: plus(now, 5 * DAY_MS).toISOString(),
      withdrawableUntil: null,
      refundable: true,
      expiresAt: '2031-03-08T03:00:00.000Z',
    });
    expect(unused).toMatchObject({
      coinDepositId: used.depositId,
      withdrawableUntil: plus(now, 6 * DAY_MS).toISOString(),
      expired: false,
    });
    expect(body.balance).toBe(150);
    expect(body.partialRefund).toEqual({
      cashCoins: 140,
      feeCoins: 4,
      refundCoins: 136,
      refundAmount: 13_600,
      nonRefundableCoins: 10,
      // Card charges only: the money would go back to the card, no account asked.
      destination: { kind: 'ORIGINAL_METHOD', methods: ['card'] },
    });

    const withEmpty = (await get('/api/v1/users/me/coin-lots?includeEmpty=true', fan)).json<CoinLotsResponse>();
    expect(withEmpty.lots).toHaveLength(4);
    expect(withEmpty.lots.find((lot) => lot.coinDepositId === old.depositId)).toMatchObject({
      remaining: 0,
      refundable: false,
      withdrawableUntil: null,
    });
    // Used-up lots are bounded: the route keeps the most recent COIN_LOTS_EMPTY_LIMIT of them.
    expect(await lots(db(), fan.id, { now, includeEmpty: true, emptyLimit: 0 })).toHaveLength(3);
    expect(await lots(db(), fan.id, { now, includeEmpty: true, emptyLimit: 1 })).toHaveLength(4);
  });
});
