// Staff accounts under the four-eyes rule (services/src/console/staff-approvals.ts, services/src/approvals): one
// finance member cannot make the second person himself. A helper he invites never checks his requests nor he the
// helper's (whoever approved the invitation), nor does a helper's helper; deactivating colleagues is itself a request,
// so the founding account's "first team" exception never comes back. Each recipe ends with nothing run.
import type { AdminApproval, AdminApprovalCounts, AdminStaff } from '@fanmission/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

type Staff = { id: number; headers: { authorization: string } };

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  account: Staff,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  app().inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...account.headers, ...extra },
    ...(payload && { payload }),
  });
const decide = (account: Staff, id: number, language = 'en') =>
  call(
    'POST',
    `/api/admin/approvals/${id}/decision`,
    account,
    { decision: 'approve' },
    { 'accept-language': language },
  );
const requestOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<AdminApproval>();
};
/** Approves a request as `checker`: it runs; answers its result. */
async function approved<Result = unknown>(checker: Staff, request: AdminApproval): Promise<Result> {
  const decided = await decide(checker, request.id);
  expect(decided.statusCode, decided.body).toBe(200);
  expect(decided.json<AdminApproval>().status).toBe('EXECUTED');
  return decided.json<AdminApproval>().result as Result;
}
const statusOf = async (id: number) =>
  (await db().selectFrom('staff_approval_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const waitingIds = async (account: Staff) =>
  (await call('GET', `/api/admin/approvals?filter=${encodeURIComponent('{"view":"waiting"}')}`, account))
    .json<AdminApproval[]>()
    .map((row) => row.id);

/** A console session of an invited member (as his login after setting his password would give). */
async function staffByEmail(email: string): Promise<Staff> {
  const row = await db()
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = signSessionToken(app(), { id: row.id, roles: row.roles as never }, { kind: 'console' });
  return { id: row.id, headers: { authorization: `Bearer ${token}` } };
}

const staffRow = (id: number) =>
  db()
    .selectFrom('users')
    .select(['roles', 'login_blocked_at', 'staff_approved_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let admin: TestAccount;
let finance1: TestAccount;
let finance2: TestAccount;
let finance3: TestAccount;
let operator1: TestAccount;
let operator2: TestAccount;
let sybil: TestAccount;
let itemId: number;

beforeAll(async () => {
  admin = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
  finance1 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  finance2 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  finance3 = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
  operator1 = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  operator2 = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  sybil = await createAccount(app());
  itemId = (
    await db()
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: 'promo 1500', point: 1_500, price: 0, usd_price: '0', active: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

/** A free-coin grant above the limit to the sybil fan: a request for approval. */
const grantToSybil = (maker: Staff, key: string) =>
  call(
    'POST',
    '/api/admin/bonus-grants',
    maker,
    { coinItemId: itemId, reason: 'promo', budgetCoins: 100_000, recipients: { userIds: [sybil.id] } },
    { 'idempotency-key': key },
  );
const sybilCoins = async () =>
  (await app().inject({ method: 'GET', url: '/api/v1/coin-deposit', headers: sybil.headers })).json<{
    point: number;
  }>().point;

describe('one person with helper accounts he invited', () => {
  let helper: Staff;

  it('reverse helper: the inviter never approves his helper’s money request, nor does the invitation’s approver', async () => {
    const invitation = requestOf(
      await call('POST', '/api/admin/staff', finance1, { email: 'helper@example.test', roles: ['ROLE_FINANCE'] }),
    );
    // A routine staffing request, approved by an unrelated colleague.
    expect(await approved(finance2, invitation)).toMatchObject({ email: 'helper@example.test' });
    helper = await staffByEmail('helper@example.test');
    expect((await call('GET', `/api/admin/staff/${helper.id}`, finance3)).json<AdminStaff>()).toMatchObject({
      grantedBy: finance1.id,
      approvedBy: finance2.id,
    });

    const grant = requestOf(await grantToSybil(helper, 'helper-1'));
    for (const [language, message] of Object.entries({
      en: 'You and the requester are linked by staff access (one let the other in, or the same member chose you both): another staff member must approve it.',
      ko: '요청자와 운영진 초대·권한 부여·승인으로 이어진 계정(같은 사람이 초대한 계정끼리도)은 그 요청을 승인할 수 없습니다. 다른 운영진이 승인해야 합니다.',
    })) {
      const refused = await decide(finance1, grant.id, language);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STAFF_RELATED', message });
    }
    expect((await decide(finance2, grant.id)).json()).toMatchObject({ code: 'STAFF_RELATED' });
    // Neither sees it waiting for him; an unrelated member does.
    expect(await waitingIds(finance1)).not.toContain(grant.id);
    expect(await waitingIds(finance2)).not.toContain(grant.id);
    expect(await waitingIds(finance3)).toContain(grant.id);
    const counts = (await call('GET', '/api/admin/approvals/counts', finance1)).json<AdminApprovalCounts>();
    expect(counts.waitingForMe).toBe((await waitingIds(finance1)).length);
    // And the other way round: the helper never checks the inviter's requests.
    const own = requestOf(await grantToSybil(finance1, 'finance1-1'));
    expect((await decide(helper, own.id)).json()).toMatchObject({ code: 'STAFF_RELATED' });

    expect(await statusOf(grant.id)).toBe('PENDING');
    expect(await statusOf(own.id)).toBe('PENDING');
    expect(await sybilCoins()).toBe(0);
  });

  it('chain: a helper’s helper never approves the first inviter’s requests, nor does the inviter approve the chain', async () => {
    const invitation = requestOf(
      await call('POST', '/api/admin/staff', helper, { email: 'helper-y@example.test', roles: ['ROLE_FINANCE'] }),
    );
    // The inviter of the helper cannot approve the helper's invitation.
    expect((await decide(finance1, invitation.id)).json()).toMatchObject({ code: 'STAFF_RELATED' });
    expect(
      await db().selectFrom('users').select('id').where('email', '=', 'helper-y@example.test').executeTakeFirst(),
    ).toBeUndefined();
    // An unrelated colleague approves it: helper-y is granted by the helper, himself granted by finance1.
    expect((await decide(finance3, invitation.id)).json<AdminApproval>().status).toBe('EXECUTED');
    const helperY = await staffByEmail('helper-y@example.test');

    const grant = requestOf(await grantToSybil(finance1, 'finance1-2'));
    const refused = await decide(helperY, grant.id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_RELATED' });
    expect(await waitingIds(helperY)).not.toContain(grant.id);
    expect(await statusOf(grant.id)).toBe('PENDING');
    expect(await sybilCoins()).toBe(0);
  });

  it('deactivation: deactivating the other holders is a request, so the first-team exception never returns', async () => {
    const others = [finance1, finance2, finance3];
    const requests: AdminApproval[] = [];
    for (const member of others) {
      const asked = requestOf(await call('PUT', `/api/admin/staff/${member.id}`, admin, { active: false }));
      expect(asked).toMatchObject({ kind: 'STAFF_DEACTIVATION', status: 'PENDING', summary: { staffId: member.id } });
      requests.push(asked);
    }
    for (const member of others) expect((await staffRow(member.id)).login_blocked_at).toBeNull();
    const invited = requestOf(
      await call('POST', '/api/admin/staff', admin, { email: 'helper-b@example.test', roles: ['ROLE_FINANCE'] }),
    );
    expect(invited).toMatchObject({ kind: 'STAFF_INVITATION', status: 'PENDING' });
    // Even with every other account blocked, the count of active accounts does not bring the exception back.
    await db()
      .updateTable('users')
      .set({ login_blocked_at: new Date() })
      .where('id', '<>', admin.id)
      .where(sql<boolean>`roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`)
      .execute();
    try {
      const alone = await call('POST', '/api/admin/staff', admin, {
        email: 'helper-c@example.test',
        roles: ['ROLE_FINANCE'],
      });
      expect(alone.statusCode, alone.body).toBe(202);
    } finally {
      await db()
        .updateTable('users')
        .set({ login_blocked_at: null })
        .where('id', '<>', admin.id)
        .where('staff_deactivated', '=', false)
        .execute();
    }
    const helperAccounts = await db()
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['helper-b@example.test', 'helper-c@example.test'])
      .execute();
    expect(helperAccounts).toEqual([]);
    for (const request of requests) expect(await statusOf(request.id)).toBe('PENDING');
  });
});

describe('PUT /api/admin/staff/{id}', () => {
  it('deactivates and reactivates only once another member approves; the account records who approved', async () => {
    const off = requestOf(await call('PUT', `/api/admin/staff/${operator2.id}`, operator1, { active: false }));
    expect(off).toMatchObject({ kind: 'STAFF_DEACTIVATION', role: 'ROLE_OPERATOR', status: 'PENDING' });
    expect((await staffRow(operator2.id)).login_blocked_at).toBeNull();
    // The account a request changes never approves it.
    expect((await decide(operator2, off.id)).json()).toMatchObject({ code: 'STAFF_SELF' });
    expect(await waitingIds(operator2)).not.toContain(off.id);
    const done = await approved<AdminStaff>(admin, off);
    expect(done).toMatchObject({ id: operator2.id, active: false, approvedBy: admin.id });
    expect((await staffRow(operator2.id)).staff_approved_by).toBe(admin.id);

    const on = requestOf(await call('PUT', `/api/admin/staff/${operator2.id}`, operator1, { active: true }));
    expect(on).toMatchObject({ kind: 'STAFF_REACTIVATION', role: 'ROLE_OPERATOR' });
    expect((await decide(admin, on.id)).json<AdminApproval>().status).toBe('EXECUTED');
    expect((await staffRow(operator2.id)).login_blocked_at).toBeNull();
    // A reactivation gives access back: its maker and approver are now related to the account.
    const grant = requestOf(await grantToSybil(admin, 'admin-1'));
    expect((await decide(finance3, grant.id)).statusCode).toBe(200);
  });

  it('takes a role away only once approved; an unchanged record changes nothing and asks nothing', async () => {
    const dual = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
    const removal = requestOf(await call('PUT', `/api/admin/staff/${dual.id}`, admin, { roles: ['ROLE_OPERATOR'] }));
    expect(removal).toMatchObject({
      kind: 'STAFF_ROLE_REMOVAL',
      role: 'ROLE_FINANCE',
      summary: { staffId: dual.id, roles: 'ROLE_FINANCE' },
    });
    expect((await staffRow(dual.id)).roles).toContain('ROLE_FINANCE');
    expect((await decide(finance3, removal.id)).json<AdminApproval>().status).toBe('EXECUTED');
    expect((await staffRow(dual.id)).roles).toEqual(['ROLE_OPERATOR']);

    const same = await call('PUT', `/api/admin/staff/${dual.id}`, admin, { roles: ['ROLE_OPERATOR'], active: true });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<AdminStaff>()).toMatchObject({ id: dual.id, roles: ['ROLE_OPERATOR'], active: true });
  });

  it('refuses roles and activation changed together (400, in the caller’s language)', async () => {
    for (const [language, message] of Object.entries({
      en: 'Change the roles and the active state in separate requests.',
      ko: '역할 변경과 활성 상태 변경은 따로 요청해 주세요.',
      ja: '権限の変更と有効状態の変更は別々に依頼してください。',
    })) {
      const both = await call(
        'PUT',
        `/api/admin/staff/${operator1.id}`,
        admin,
        { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'], active: false },
        { 'accept-language': language },
      );
      expect(both.statusCode).toBe(400);
      expect(both.json().subErrors).toEqual([expect.objectContaining({ field: 'active', message })]);
    }
    const invalid = await call('PUT', `/api/admin/staff/${operator1.id}`, admin, { active: 'no' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().subErrors[0].field).toBe('active');
  });

  it('answers permission errors without saying whether an account exists', async () => {
    expect((await call('PUT', `/api/admin/staff/${finance1.id}`, operator1, { active: false })).json()).toMatchObject({
      code: 'ROLE_NOT_HELD',
    });
    expect((await call('PUT', `/api/admin/staff/${operator1.id}`, operator1, { active: false })).json()).toMatchObject({
      code: 'STAFF_SELF',
    });
    expect((await call('PUT', `/api/admin/staff/${sybil.id}`, admin, { active: false })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/staff/99999999', admin, { active: false })).statusCode).toBe(404);
    const fan = await app().inject({
      method: 'PUT',
      url: `/api/admin/staff/${operator1.id}`,
      headers: sybil.headers,
      payload: { active: false },
    });
    expect([401, 403]).toContain(fan.statusCode);
  });

  it('when nobody else holds the role, a holder of the other role checks; the last active holder is never removed', async () => {
    const maker = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const subject = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const blockOthers = (keep: number[]) =>
      db()
        .updateTable('users')
        .set({ login_blocked_at: new Date() })
        .where('id', 'not in', keep)
        .where(sql<boolean>`'ROLE_FINANCE' = any(roles)`)
        .returning('id')
        .execute();
    const unblock = (ids: { id: number }[]) =>
      db()
        .updateTable('users')
        .set({ login_blocked_at: null })
        .where(
          'id',
          'in',
          ids.map((row) => row.id),
        )
        .execute();
    // Only the maker and the account he asks to deactivate hold finance: an operator checks.
    const blocked = await blockOthers([maker.id, subject.id]);
    try {
      const asked = requestOf(await call('PUT', `/api/admin/staff/${subject.id}`, maker, { active: false }));
      expect(asked).toMatchObject({ kind: 'STAFF_DEACTIVATION', role: 'ROLE_OPERATOR' });
      // The maker leaves meanwhile: the account would be finance's last active holder.
      await db().updateTable('users').set({ login_blocked_at: new Date() }).where('id', '=', maker.id).execute();
      blocked.push({ id: maker.id });
      const refused = await decide(operator1, asked.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'LAST_ROLE_HOLDER',
        message:
          'After this change no active staff member would hold ROLE_FINANCE. Give the role to another member first.',
      });
      expect((await staffRow(subject.id)).login_blocked_at).toBeNull();
      expect(await statusOf(asked.id)).toBe('PENDING');
    } finally {
      await unblock(blocked);
    }
  });

  it('lists the pending staff requests for the staff screen', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({
        status: 'PENDING',
        kind: [
          'STAFF_INVITATION',
          'STAFF_ROLE_GRANT',
          'STAFF_ROLE_REMOVAL',
          'STAFF_DEACTIVATION',
          'STAFF_REACTIVATION',
        ],
      }),
    );
    const listed = (await call('GET', `/api/admin/approvals?filter=${filter}`, admin)).json<AdminApproval[]>();
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((row) => row.kind))).toEqual(new Set(['STAFF_INVITATION', 'STAFF_DEACTIVATION']));
    const none = await call('GET', `/api/admin/approvals?filter=${encodeURIComponent('{"kind":[]}')}`, admin);
    expect(none.statusCode).toBe(400);
  });
});
