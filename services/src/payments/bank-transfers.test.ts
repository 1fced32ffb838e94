import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

// Bank deposits: a fan's request, the pending list, and the operator's decision in the console API.
const testApp = useTestApp();
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const en = { 'accept-language': 'en' };

let fan: TestAccount;
let operator: TestAccount;
let finance: TestAccount;
let tenCoins: number;
let hundredCoins: number;

beforeAll(async () => {
  fan = await createAccount(testApp.current.app);
  operator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'] });
  const items = await testApp.current.app.db
    .selectFrom('coin_items')
    .select(['id', 'point'])
    .where('item_type', '=', 'CASH')
    .execute();
  tenCoins = items.find((item) => item.point === 10)!.id;
  hundredCoins = items.find((item) => item.point === 100)!.id;
});

const request = (account: TestAccount | null, payload: Record<string, unknown>, headers = {}) =>
  inject({
    method: 'POST',
    url: '/api/v1/payment/bank-transfer',
    headers: { ...en, ...(account ? account.headers : {}), ...headers },
    payload,
  });
const validRequest = (account: TestAccount, coinItemId = tenCoins) => ({
  coinItemId,
  userId: account.id,
  depositorName: '홍길동',
  depositorPhone: '01012345678',
  cashReceiptNumber: '01012345678',
  receiptType: 'PHONE',
});
const pending = (account: TestAccount, query: string) =>
  inject({ method: 'GET', url: `/api/v1/payment/bank-transfer/page?${query}`, headers: { ...en, ...account.headers } });
const admin = (account: TestAccount | null, options: Omit<InjectOptions, 'headers'>) =>
  inject({ ...options, headers: { ...en, ...(account ? account.headers : {}) } } as InjectOptions);
const decide = (account: TestAccount, id: number, payload: Record<string, unknown>) =>
  admin(account, { method: 'PUT', url: `/api/admin/bank-transfers/${id}`, payload });
const balanceOf = async (account: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: account.headers })).json().point as number;

describe('a fan asks to charge by bank deposit', () => {
  it('creates a ready request and lists it among the pending charges', async () => {
    const member = await createAccount(testApp.current.app);
    const created = await request(member, validRequest(member));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    await request(member, { ...validRequest(member, hundredCoins), cashReceiptNumber: '' });

    const page = await pending(member, `userId=${member.id}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 12, last: true });
    expect(body.content[1]).toEqual({
      id,
      depositorName: '홍길동',
      depositorPhone: '01012345678',
      coinItem: { id: tenCoins, name: '10 코인', point: 10, price: 1000 },
      status: 'ready',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      instructions: {
        bankName: 'KB국민은행',
        accountNumber: '000000-00-000000',
        accountHolder: '(주)팬미션',
        amount: 1000,
        dueAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      cashReceipt: {
        receiptType: 'PHONE',
        number: '01012345678',
        status: 'PENDING',
        approvalNumber: null,
        issuedAt: null,
      },
    });
    expect(body.content[0].coinItem.point).toBe(100);

    const paid = await pending(member, `userId=${member.id}&status=paid&page=0&size=12`);
    expect(paid.json()).toMatchObject({ content: [], totalElements: 0 });
  });

  it('requires the depositor’s name and a numeric phone', async () => {
    const response = await request(fan, { ...validRequest(fan), depositorName: '  ', depositorPhone: '010-1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().subErrors).toEqual([
      { field: 'depositorName', message: 'This field is required.', rejectedValue: '  ' },
      { field: 'depositorPhone', message: 'Only digits are allowed.', rejectedValue: '010-1234' },
    ]);
    const missing = await request(fan, { coinItemId: tenCoins, userId: fan.id, receiptType: 'EMAIL' });
    expect((missing.json().subErrors as Array<{ field: string }>).map((sub) => sub.field).sort()).toEqual([
      'depositorName',
      'depositorPhone',
      'receiptType',
    ]);
    const bonus = await testApp.current.app.db
      .selectFrom('coin_items')
      .select('id')
      .where('item_type', '=', 'BONUS')
      .executeTakeFirstOrThrow();
    expect((await request(fan, validRequest(fan, bonus.id))).statusCode).toBe(400);
    expect((await request(fan, validRequest(fan, 999_999))).statusCode).toBe(404);
    expect((await pending(fan, 'status=ready')).statusCode).toBe(400);
    expect((await pending(fan, `userId=${fan.id}&status=done`)).statusCode).toBe(400);
  });

  it('is for the member’s own account only, never for creators', async () => {
    expect((await request(null, validRequest(fan))).statusCode).toBe(401);
    const other = await createAccount(testApp.current.app);
    expect((await request(other, validRequest(fan))).statusCode).toBe(403);
    expect((await pending(other, `userId=${fan.id}`)).statusCode).toBe(403);
    expect(
      (await inject({ method: 'GET', url: `/api/v1/payment/bank-transfer/page?userId=${fan.id}` })).statusCode,
    ).toBe(401);
    const creator = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const refused = await request(creator, validRequest(creator));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('creators cannot charge coins');
  });

  it('returns the same request for a retry with the same Idempotency-Key', async () => {
    const member = await createAccount(testApp.current.app);
    const key = { 'idempotency-key': 'bank-1' };
    const [first, second] = await Promise.all([
      request(member, validRequest(member), key),
      request(member, validRequest(member), key),
    ]);
    expect(second.json().id).toBe(first.json().id);
    const changed = await request(member, { ...validRequest(member), depositorName: '김철수' }, key);
    expect(changed.statusCode).toBe(409);
    expect((await pending(member, `userId=${member.id}`)).json().totalElements).toBe(1);
  });
});

describe('a fan takes back his bank deposit request', () => {
  const cancel = (account: TestAccount | null, id: number | string, headers = {}) =>
    inject({
      method: 'POST',
      url: `/api/v1/payment/bank-transfer/${id}/cancel`,
      headers: { ...en, ...(account ? account.headers : {}), ...headers },
    });

  it('cancels his own waiting request once, which leaves his pending charges; finance can no longer confirm it', async () => {
    const member = await createAccount(testApp.current.app);
    const { id } = (await request(member, validRequest(member))).json() as { id: number };
    const cancelled = await cancel(member, id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'cancelled', coinItem: { point: 10 } });
    // Again: nothing changes.
    expect((await cancel(member, id)).json()).toEqual(cancelled.json());
    expect((await pending(member, `userId=${member.id}&status=ready`)).json().content).toEqual([]);
    const record = await admin(finance, { method: 'GET', url: `/api/admin/bank-transfers/${id}` });
    expect(record.json()).toMatchObject({ status: 'cancelled', decidedBy: member.id, coinDepositId: null });
    expect((await decide(finance, id, { status: 'paid' })).statusCode).toBe(409);
    expect(await balanceOf(member)).toBe(0);
  });

  it('refuses once finance has decided (409), someone else’s or no request alike (404), visitors (401), a bad id (400)', async () => {
    const member = await createAccount(testApp.current.app);
    const other = await createAccount(testApp.current.app);
    const { id } = (await request(member, validRequest(member))).json() as { id: number };
    const theirs = await cancel(other, id);
    const none = await cancel(other, 999_999_999);
    expect([theirs.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(theirs.json()).toEqual(none.json());
    expect((await cancel(null, id)).statusCode).toBe(401);
    const bad = await cancel(member, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['id']);

    expect((await decide(finance, id, { status: 'paid' })).statusCode).toBe(200);
    const late = await cancel(member, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'BANK_TRANSFER_DECIDED' });
    expect(await balanceOf(member)).toBe(10);
  });
});

describe('finance decides in /api/admin/bank-transfers', () => {
  it('lists pending requests with Content-Range, marks one paid once, and refuses other changes', async () => {
    const member = await createAccount(testApp.current.app);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await request(member, validRequest(member))).json().id);

    const list = await admin(operator, {
      method: 'GET',
      url: `/api/admin/bank-transfers?${new URLSearchParams({
        sort: JSON.stringify(['id', 'ASC']),
        range: JSON.stringify([0, 1]),
        filter: JSON.stringify({ status: 'ready', userId: member.id }),
      })}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-range']).toBe('bank-transfers 0-1/3');
    expect(list.json().map((record: { id: number }) => record.id)).toEqual(ids.slice(0, 2));
    expect(list.json()[0]).toMatchObject({
      userId: member.id,
      amount: 1000,
      status: 'ready',
      coinItem: { point: 10, price: 1000 },
      coinDepositId: null,
      decidedBy: null,
    });
    const rest = await admin(operator, {
      method: 'GET',
      url: `/api/admin/bank-transfers?range=[2,9]&filter=${encodeURIComponent(JSON.stringify({ userId: member.id }))}`,
    });
    expect(rest.headers['content-range']).toBe('bank-transfers 2-2/3');
    const many = await admin(finance, {
      method: 'GET',
      url: `/api/admin/bank-transfers?filter=${encodeURIComponent(JSON.stringify({ id: [ids[2]] }))}`,
    });
    expect(many.json().map((record: { id: number }) => record.id)).toEqual([ids[2]]);

    const paid = await decide(finance, ids[0]!, { status: 'paid', note: 'seen on the statement' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      id: ids[0],
      status: 'paid',
      note: 'seen on the statement',
      decidedBy: finance.id,
      coinDepositId: expect.any(Number),
    });
    expect(await balanceOf(member)).toBe(10);

    // Repeating the decision changes nothing; concurrent repeats neither.
    const again = await Promise.all([
      decide(finance, ids[0]!, { status: 'paid' }),
      decide(finance, ids[0]!, { status: 'paid' }),
    ]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(again[0]!.json()).toEqual(paid.json());
    expect(await balanceOf(member)).toBe(10);
    const ledgerPurchases = await testApp.current.app.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('type', '=', 'PURCHASE')
      .where((eb) => eb(eb.ref('metadata', '->>').key('paymentId'), '=', `bank-transfer:${ids[0]}`))
      .execute();
    expect(ledgerPurchases).toHaveLength(1);

    const undo = await decide(finance, ids[0]!, { status: 'cancelled' });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({
      code: 'BANK_TRANSFER_DECIDED',
      message: 'This bank deposit request is already paid; only a ready request can be changed.',
    });

    const cancelled = await decide(finance, ids[1]!, { status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', coinDepositId: null });
    expect((await decide(finance, ids[1]!, { status: 'paid' })).statusCode).toBe(409);
    const noReason = await decide(finance, ids[2]!, { status: 'failed', note: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().subErrors.map((error: { field: string }) => error.field)).toEqual(['note']);
    const failed = await decide(finance, ids[2]!, { status: 'failed', note: 'no money arrived' });
    expect(failed.json()).toMatchObject({ status: 'failed', note: 'no money arrived' });
    // The fan's pending tab lists what waits and what failed (he reads "failed, contact support"), not the rest.
    const fanPending = await pending(member, `userId=${member.id}&status=ready,failed`);
    expect(fanPending.json().content.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([
      [ids[2], 'failed'],
    ]);
    expect((await pending(member, `userId=${member.id}&status=ready,lost`)).statusCode).toBe(400);
    expect(await balanceOf(member)).toBe(10);

    const one = await admin(operator, { method: 'GET', url: `/api/admin/bank-transfers/${ids[1]}` });
    expect(one.json()).toMatchObject({ id: ids[1], status: 'cancelled' });
    const fanView = await pending(member, `userId=${member.id}&status=paid`);
    expect(fanView.json().content.map((row: { id: number }) => row.id)).toEqual([ids[0]]);
  });

  it('accepts the whole record react-admin PUTs, but only paid, cancelled or failed as a status', async () => {
    const id = (await request(fan, validRequest(fan))).json().id as number;
    const record = (await admin(operator, { method: 'GET', url: `/api/admin/bank-transfers/${id}` })).json();
    const ready = await decide(finance, id, record);
    expect(ready.statusCode).toBe(400);
    expect(ready.json().subErrors[0]).toMatchObject({ field: 'status', rejectedValue: 'ready' });
    const failed = await decide(finance, id, { ...record, status: 'failed', note: 'no money arrived' });
    expect(failed.json()).toMatchObject({ status: 'failed', note: 'no money arrived' });
  });

  it('refuses fans (403) and visitors (401), unknown ids (404) and bad list queries (400)', async () => {
    const id = (await request(fan, validRequest(fan))).json().id as number;
    for (const options of [
      { method: 'GET', url: '/api/admin/bank-transfers' },
      { method: 'GET', url: `/api/admin/bank-transfers/${id}` },
      { method: 'PUT', url: `/api/admin/bank-transfers/${id}`, payload: { status: 'paid' } },
    ] as const) {
      const byFan = await admin(fan, options);
      expect(byFan.statusCode).toBe(403);
      expect(byFan.json().message).toBe('access denied');
      expect((await admin(null, options)).statusCode).toBe(401);
    }
    expect(await balanceOf(fan)).toBe(0);

    expect((await admin(operator, { method: 'GET', url: '/api/admin/bank-transfers/999999' })).statusCode).toBe(404);
    expect((await decide(finance, 999_999, { status: 'paid' })).statusCode).toBe(404);
    for (const query of ['sort=["depositorPhone","ASC"]', 'range=[5,1]', 'filter={"status":"lost"}', 'filter=nope']) {
      const response = await admin(operator, { method: 'GET', url: `/api/admin/bank-transfers?${encodeURI(query)}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('credits the coins of the item as it was requested, whatever the catalogue says when finance confirms', async () => {
    const member = await createAccount(testApp.current.app);
    const { id } = (await request(member, validRequest(member))).json() as { id: number };
    const db = testApp.current.app.db;
    // The catalogue keeps its rate (coins × 100 won = price): the item's coins and price change together.
    await db.updateTable('coin_items').set({ point: 1_000, price: 100_000 }).where('id', '=', tenCoins).execute();
    try {
      const listed = await admin(finance, { method: 'GET', url: `/api/admin/bank-transfers/${id}` });
      expect(listed.json().coinItem).toMatchObject({ id: tenCoins, point: 10 });
      // A member whose daily allowance is untouched confirms it alone (the file's other confirmations used finance's).
      const colleague = await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'] });
      expect((await decide(colleague, id, { status: 'paid' })).statusCode).toBe(200);
    } finally {
      await db.updateTable('coin_items').set({ point: 10, price: 1_000 }).where('id', '=', tenCoins).execute();
    }
    expect(await balanceOf(member)).toBe(10);
  });

  it('refuses to credit a member who became a creator meanwhile', async () => {
    const member = await createAccount(testApp.current.app);
    const id = (await request(member, validRequest(member))).json().id as number;
    await testApp.current.app.db
      .updateTable('users')
      .set({ roles: ['ROLE_USER', 'ROLE_CREATOR'], coins_frozen_at: new Date() })
      .where('id', '=', member.id)
      .execute();
    const refused = await decide(finance, id, { status: 'paid' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CREATOR_CANNOT_CHARGE' });
    const record = (await admin(operator, { method: 'GET', url: `/api/admin/bank-transfers/${id}` })).json();
    expect(record).toMatchObject({ status: 'ready', coinDepositId: null });
    expect((await decide(finance, id, { status: 'cancelled', note: 'refunded by bank' })).statusCode).toBe(200);
  });
});
