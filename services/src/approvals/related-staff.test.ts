// Four eyes no helper pair meets (./related-staff.ts): two accounts one member made staff (siblings) never check each
// other's requests, nor do the accounts of a chain of such grants; a relation never lapses; the colleague who only
// approved two invitations is not made related to anyone but the accounts he let in.
import type { AdminApproval } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { walletCoins } from '@fanmission/tests/support/coins';
import { recordStaffGrant } from './related-staff';

const clock = { now: new Date('2026-10-20T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

type Account = Pick<TestAccount, 'id' | 'headers'>;

const call = (method: 'POST' | 'GET', url: string, account: Account, payload?: object, key?: string) =>
  app().inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...account.headers, ...(key && { 'idempotency-key': key }) },
    ...(payload && { payload }),
  });

/** `inviter` makes `email` a finance member; `checker` approves it as routine. Answers the new account's session. */
async function helperOf(inviter: Account, checker: Account, email: string): Promise<Account> {
  await approveAs(app(), checker, await call('POST', '/api/admin/staff', inviter, { email, roles: ['ROLE_FINANCE'] }));
  const row = await db()
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = signSessionToken(app(), { id: row.id, roles: row.roles as never }, { kind: 'console' });
  return { id: row.id, headers: { authorization: `Bearer ${token}` } };
}

async function bonusItem(point: number): Promise<number> {
  const row = await db()
    .insertInto('coin_items')
    .values({ item_type: 'BONUS', name: `related ${point}`, point, price: 0, usd_price: '0', active: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A free-coin grant above the allowance: a pending request of `maker`. */
async function pendingGrant(maker: Account, fanId: number, key: string): Promise<AdminApproval> {
  const item = await bonusItem(1_500);
  const answer = await call(
    'POST',
    '/api/admin/bonus-grants',
    maker,
    { coinItemId: item, reason: 'four-eyes test', budgetCoins: 1_500, recipients: { userIds: [fanId] } },
    key,
  );
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json<AdminApproval>();
}

const approve = (checker: Account, id: number) =>
  call('POST', `/api/admin/approvals/${id}/decision`, checker, { decision: 'approve' });

describe('staff related through the grants of console access', () => {
  it('two helpers one member made staff never approve each other, even long after, and nothing is granted', async () => {
    const finance1 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const finance2 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const finance3 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const helper1 = await helperOf(finance1, finance2, `sibling-1-${Date.now()}@example.test`);
    const helper2 = await helperOf(finance1, finance2, `sibling-2-${Date.now()}@example.test`);
    const fan = await createAccount(app());

    const request = await pendingGrant(helper1, fan.id, 'siblings-1');
    for (const checker of [helper2, finance1, finance2]) {
      const refused = await approve(checker, request.id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('STAFF_RELATED');
    }
    expect(await walletCoins(db(), fan.id)).toBe(0);
    // A year later the relation still holds.
    clock.now = new Date(clock.now.getTime() + 365 * 86_400_000);
    const later = await pendingGrant(helper2, fan.id, 'siblings-2');
    expect((await approve(helper1, later.id)).statusCode).toBe(403);
    expect((await approve(finance1, later.id)).statusCode).toBe(403);
    // An unrelated colleague checks it.
    const approved = await approve(finance3, later.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminApproval>().status).toBe('EXECUTED');
    expect(await walletCoins(db(), fan.id)).toBe(1_500);
  });

  it('a helper of a helper is related to the first member’s other helpers; an approver is no inviter', async () => {
    const finance1 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const finance2 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const finance3 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const helper = await helperOf(finance1, finance2, `chain-1-${Date.now()}@example.test`);
    const helpersHelper = await helperOf(helper, finance3, `chain-2-${Date.now()}@example.test`);
    const otherHelper = await helperOf(finance1, finance3, `chain-3-${Date.now()}@example.test`);
    const fan = await createAccount(app());
    const request = await pendingGrant(helpersHelper, fan.id, 'chain-1');
    expect((await approve(otherHelper, request.id)).json().code).toBe('STAFF_RELATED');
    // finance2 approved the first helper's and finance3 the others' invitations: each only approved, so the two of
    // them stay unrelated to each other and to finance1.
    const byFinance1 = await pendingGrant(finance1, fan.id, 'chain-2');
    expect((await approve(finance2, byFinance1.id)).statusCode).toBe(200);
    const byFinance2 = await pendingGrant(finance2, fan.id, 'chain-3');
    expect((await approve(finance3, byFinance2.id)).statusCode).toBe(200);
  });

  it('the founding pair (the one invitation nobody could approve) check each other; their helpers do not', async () => {
    const founder = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const firstColleague = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    // As the founding account's invitation of its first colleague is kept (services/src/console/staff.ts).
    await recordStaffGrant(db(), {
      staffId: firstColleague.id,
      makerId: founder.id,
      approverId: null,
      requestId: null,
      at: clock.now,
    });
    const fan = await createAccount(app());
    const byFounder = await pendingGrant(founder, fan.id, 'founding-1');
    expect((await approve(firstColleague, byFounder.id)).statusCode).toBe(200);
    // Each one's helper is related to him, but the two trees stay apart.
    const founderHelper = await helperOf(founder, firstColleague, `founding-2-${Date.now()}@example.test`);
    const byHelper = await pendingGrant(founderHelper, fan.id, 'founding-3');
    expect((await approve(founder, byHelper.id)).json().code).toBe('STAFF_RELATED');
    expect((await approve(firstColleague, byHelper.id)).json().code).toBe('STAFF_RELATED');
    // A helper the other founder chose (this one only approved it) is of the other tree: he checks it.
    const colleagueHelper = await helperOf(firstColleague, founder, `founding-4-${Date.now()}@example.test`);
    expect((await approve(colleagueHelper, byHelper.id)).statusCode).toBe(200);
  });

  it('siblings share one day’s allowance: the second helper’s grant waits once the first used it', async () => {
    const finance1 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const finance2 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const helper1 = await helperOf(finance1, finance2, `share-1-${Date.now()}@example.test`);
    const helper2 = await helperOf(finance1, finance2, `share-2-${Date.now()}@example.test`);
    const fan = await createAccount(app());
    const thousand = await bonusItem(1_000);
    const grant = (maker: Account, key: string) =>
      call(
        'POST',
        '/api/admin/bonus-grants',
        maker,
        { coinItemId: thousand, reason: 'promo', budgetCoins: 1_000, recipients: { userIds: [fan.id] } },
        key,
      );
    expect((await grant(helper1, 'share-1')).statusCode).toBe(200);
    const second = await grant(helper2, 'share-2');
    expect(second.statusCode, second.body).toBe(202);
    expect(await walletCoins(db(), fan.id)).toBe(1_000);
  });
});
