import type { AdminBonusGrant, CoinHistoryRowDto, Page } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';

// Free-coin events: finance grants a BONUS coin item to one member, a list, or the members a filter finds, with a
// reason and a budget; each member's coins are one BONUS_GRANT (his coin history's free coin event), once however
// often the grant is retried; operators, members and strangers are refused; every grant is audited.
const clock = { now: new Date('2026-11-20T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;

let bonusItem: { id: number; point: number };
let cashItemId: number;
let fans: TestAccount[];
let operator: TestAccount;
let finance: TestAccount;
let creator: TestAccount;

const grant = (account: TestAccount | null, payload: unknown, key: string | null = `key-${Math.random()}`) =>
  inject({
    method: 'POST',
    url: '/api/admin/bonus-grants',
    headers: {
      'accept-language': 'en',
      ...(account?.headers ?? {}),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: payload as Record<string, unknown>,
  });
const balance = async (account: TestAccount) =>
  (await inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: account.headers })).json<{ point: number }>()
    .point;

beforeAll(async () => {
  const { app } = testApp.current;
  const item = await db()
    .selectFrom('coin_items')
    .select(['id', 'point'])
    .where('item_type', '=', 'BONUS')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  bonusItem = item;
  cashItemId = (
    await db().selectFrom('coin_items').select('id').where('item_type', '=', 'CASH').executeTakeFirstOrThrow()
  ).id;
  fans = [await createAccount(app), await createAccount(app), await createAccount(app)];
  operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  creator = await createCreator(app);
});

describe('free-coin grants', () => {
  it('grants one member and a list once each, however often the grant is retried; his history shows the event', async () => {
    const body = {
      coinItemId: bonusItem.id,
      reason: 'Chuseok thank-you',
      budgetCoins: bonusItem.point * 2,
      recipients: { userIds: [fans[0]!.id, fans[1]!.id] },
    };
    const first = await grant(finance, body, 'chuseok-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminBonusGrant>()).toMatchObject({
      coinItem: { id: bonusItem.id },
      coinsEach: bonusItem.point,
      reason: 'Chuseok thank-you',
      recipients: 2,
      grantedCoins: bonusItem.point * 2,
      createdBy: finance.id,
    });
    const again = await grant(finance, body, 'chuseok-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(fans[0]!)).toBe(bonusItem.point);
    expect(await balance(fans[1]!)).toBe(bonusItem.point);
    expect(await balance(fans[2]!)).toBe(0);
    const other = await grant(finance, { ...body, reason: 'something else' }, 'chuseok-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const one = await grant(finance, { ...body, budgetCoins: bonusItem.point, recipients: { userIds: [fans[2]!.id] } });
    expect(one.json<AdminBonusGrant>().recipients).toBe(1);
    const history = await inject({
      method: 'GET',
      url: '/api/v1/users/me/coin-history/page?page=0&size=10',
      headers: fans[2]!.headers,
    });
    const [row] = history.json<Page<CoinHistoryRowDto>>().content;
    expect(row).toMatchObject({
      eventType: 'EARN',
      point: bonusItem.point,
      transactionType: 'BONUS_GRANT',
      reason: 'FREE_COIN_EVENT',
      coinItemType: 'BONUS',
    });

    const audit = await db()
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'status_code'])
      .where('resource', '=', 'bonus-grants')
      .execute();
    expect(audit.filter((entry) => entry.status_code === 200)).toHaveLength(3);
  });

  it('grants the fans a filter finds, never staff nor creators; refuses past the budget and grants nothing', async () => {
    clock.now = new Date('2026-11-21T03:00:00Z');
    const joinedFrom = (
      await db().selectFrom('users').select('created_at').where('id', '=', fans[0]!.id).executeTakeFirstOrThrow()
    ).created_at.toISOString();
    const recipients = { filter: { joinedFrom } };
    const over = await grant(finance, {
      coinItemId: bonusItem.id,
      reason: 'New members',
      budgetCoins: bonusItem.point,
      recipients,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'BONUS_BUDGET_EXCEEDED' });
    expect(over.json().message).toBe(
      `The grant needs ${bonusItem.point * 3} coins, more than its budget of ${bonusItem.point}: nothing was granted.`,
    );
    expect(await balance(fans[2]!)).toBe(bonusItem.point);
    const ok = await grant(finance, {
      coinItemId: bonusItem.id,
      reason: 'New members',
      budgetCoins: bonusItem.point * 10,
      recipients,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<AdminBonusGrant>().recipients).toBe(3);
    expect(await balance(fans[2]!)).toBe(bonusItem.point * 2);
    expect(await balance(operator)).toBe(0);
    expect(await balance(finance)).toBe(0);
  });

  it('refuses a cash item, staff or unknown recipients, a missing reason or key, each naming the field', async () => {
    const base = { coinItemId: bonusItem.id, reason: 'x', budgetCoins: 1000, recipients: { userIds: [fans[0]!.id] } };
    const cash = await grant(finance, { ...base, coinItemId: cashItemId });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().subErrors[0]).toMatchObject({ field: 'coinItemId', message: 'Choose a BONUS coin item.' });
    const staff = await grant(finance, { ...base, recipients: { userIds: [creator.id, operator.id, 999_999] } });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().subErrors[0]).toMatchObject({
      field: 'recipients.userIds',
      message: `These are no members coins can be granted to: ${[creator.id, operator.id].sort((a, b) => a - b).join(', ')}, 999999`,
    });
    for (const [payload, field] of [
      [{ ...base, reason: ' ' }, 'reason'],
      [{ ...base, budgetCoins: 0 }, 'budgetCoins'],
      [{ ...base, recipients: { userIds: [] } }, 'recipients'],
    ] as const) {
      const refused = await grant(finance, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().subErrors[0].field).toContain(field);
    }
    const noKey = await grant(finance, base, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().subErrors[0].field).toContain('idempotency-key');
  });

  it('is finance’s: operators, members and strangers are refused; both roles read the grants', async () => {
    const base = { coinItemId: bonusItem.id, reason: 'x', budgetCoins: 1000, recipients: { userIds: [fans[0]!.id] } };
    const byOperator = await grant(operator, base);
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().message).toBe('access denied');
    expect((await grant(fans[0]!, base)).statusCode).toBe(403);
    expect((await grant(null, base)).statusCode).toBe(401);
    const list = await inject({ method: 'GET', url: '/api/admin/bonus-grants', headers: operator.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('bonus-grants 0-2/3');
    const id = list.json<AdminBonusGrant[]>()[0]!.id;
    const one = await inject({ method: 'GET', url: `/api/admin/bonus-grants/${id}`, headers: finance.headers });
    expect(one.json<AdminBonusGrant>().reason).toBe('New members');
    expect(
      (await inject({ method: 'GET', url: '/api/admin/bonus-grants', headers: fans[0]!.headers })).statusCode,
    ).toBe(403);
  });
});
