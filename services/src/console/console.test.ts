import type {
  AdminAuditEntry,
  AdminCoinItem,
  AdminMission,
  AdminStaff,
  AdminTag,
  AdminUserDetail,
  LedgerVerifyRun,
  MissionView,
  Page,
} from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { createFile, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { type DevMailbox } from '../mail';
import { scheduledVerifyRun } from './verify-runs';

// The console's access rules and its own admin resources, against the real API and PostgreSQL.
const testApp = useTestApp();
const app = () => testApp.current.app;
const en = { 'accept-language': 'en' };

let fan: TestAccount;
let otherFan: TestAccount;
let creator: TestCreator;
let operator: TestAccount;
let finance: TestAccount;
let chief: TestAccount;
let tenCoins: number;

beforeAll(async () => {
  fan = await createAccount(app());
  otherFan = await createAccount(app());
  creator = await createCreator(app(), { username: 'console-creator' });
  operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  chief = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
  tenCoins = (
    await app()
      .db.selectFrom('coin_items')
      .select('id')
      .where('item_type', '=', 'CASH')
      .where('point', '=', 10)
      .executeTakeFirstOrThrow()
  ).id;
});

const call = (account: TestAccount | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
  app().inject({
    method,
    url,
    headers: { ...en, ...(account ? account.headers : {}) },
    ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
  });
const list = (account: TestAccount, resource: string, query: Record<string, unknown> = {}) =>
  call(
    account,
    'GET',
    `/api/admin/${resource}?${new URLSearchParams(
      Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])),
    )}`,
  );
const fields = (response: { json(): unknown }) =>
  ((response.json() as { subErrors?: { field: string }[] }).subErrors ?? []).map((error) => error.field);
const balanceOf = async (account: TestAccount) =>
  (await call(account, 'GET', '/api/v1/coin-deposit')).json<{ point: number }>().point;
const login = (email: string, password: string) =>
  app().inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
/** Signs in to the console (`POST /api/admin/session`); its session is the `fm_console` cookie. */
const consoleLogin = (email: string, password: string) =>
  app().inject({ method: 'POST', url: '/api/admin/session', payload: { username: email, password } });
const consoleCookie = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie']]
    .flat()
    .map(String)
    .find((line) => line.startsWith('fm_console='))!
    .split(';')[0]!;
const auditRows = async (resource: string) =>
  (await list(chief, 'audit-log', { filter: { resource }, range: [0, 99] })).json<AdminAuditEntry[]>();

async function bankTransferOf(account: TestAccount): Promise<number> {
  const response = await call(account, 'POST', '/api/v1/payment/bank-transfer', {
    coinItemId: tenCoins,
    userId: account.id,
    depositorName: '홍길동',
    depositorPhone: '01012345678',
    cashReceiptNumber: '',
    receiptType: 'PHONE',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

describe('who may use /api/admin', () => {
  const routes: [InjectOptions['method'], string, unknown?][] = [
    ['GET', '/api/admin/staff'],
    ['POST', '/api/admin/staff', { email: 'x@example.com', roles: ['ROLE_OPERATOR'] }],
    ['PUT', '/api/admin/staff/1', { active: false }],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/1'],
    ['PUT', '/api/admin/users/1', { loginBlocked: true, loginBlockReason: 'spam' }],
    ['GET', '/api/admin/missions'],
    ['PUT', '/api/admin/missions/1', { contentBlocked: true, contentBlockReason: 'x' }],
    ['GET', '/api/admin/mission-products'],
    ['PUT', '/api/admin/mission-products/1', { active: false }],
    ['GET', '/api/admin/coin-items'],
    ['POST', '/api/admin/coin-items', { itemType: 'CASH', name: 'x', point: 1, price: 100, usdPrice: 0.1 }],
    ['DELETE', '/api/admin/coin-items/1'],
    ['GET', '/api/admin/tags'],
    ['POST', '/api/admin/tags', { name: 'x' }],
    ['GET', '/api/admin/ledger-verify-runs'],
    ['GET', '/api/admin/ledger-accounts/wallet:1'],
    ['POST', '/api/admin/ledger-verify-runs'],
    ['GET', '/api/admin/dashboard'],
    ['GET', '/api/admin/audit-log'],
  ];

  it('answers 401 without a session and 403 to fans and creators, on every console route', async () => {
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const account of [fan, creator]) {
        const response = await call(account, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ACCESS_DENIED' });
      }
    }
    // Refused calls of non-staff leave nothing in the audit log.
    const actors = (await list(chief, 'audit-log', { range: [0, 499] })).json<AdminAuditEntry[]>();
    expect(actors.some((row) => row.actorId === fan.id || row.actorId === creator.id)).toBe(false);
  });

  it('keeps moderation for operators and money decisions for finance', async () => {
    const transfer = await bankTransferOf(otherFan);
    const moneyWrites: [InjectOptions['method'], string, unknown?][] = [
      ['PUT', `/api/admin/bank-transfers/${transfer}`, { status: 'paid' }],
      ['PUT', '/api/admin/coin-refunds/1', { status: 'paid' }],
      ['POST', '/api/admin/coin-items', { itemType: 'CASH', name: 'x', point: 1, price: 100, usdPrice: 0.1 }],
      ['PUT', '/api/admin/coin-items/1', { itemType: 'CASH', name: 'x', point: 1, price: 100, usdPrice: 0.1 }],
    ];
    for (const [method, url, payload] of moneyWrites) {
      expect((await call(operator, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const moderation: [InjectOptions['method'], string, unknown?][] = [
      ['PUT', `/api/admin/users/${fan.id}`, { loginBlocked: true, loginBlockReason: 'spam' }],
      ['PUT', '/api/admin/missions/1', { contentBlocked: true, contentBlockReason: 'x' }],
      ['PUT', '/api/admin/mission-products/1', { active: false }],
      ['POST', '/api/admin/tags', { name: 'finance-tag' }],
      ['POST', '/api/admin/faqs', { category: 'PAYMENT', title: 't', content: 'c' }],
    ];
    for (const [method, url, payload] of moderation) {
      expect((await call(finance, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Both may read everything.
    for (const account of [operator, finance]) {
      expect((await list(account, 'bank-transfers')).statusCode).toBe(200);
      expect((await list(account, 'users')).statusCode).toBe(200);
    }
    // The refused attempts are in the audit log with their status.
    const refused = (await auditRows('bank-transfers')).find((row) => row.actorId === operator.id);
    expect(refused).toMatchObject({ statusCode: 403, resourceId: String(transfer), after: null });
  });

  it('lets nobody confirm a deposit of his own account; another finance member credits it once', async () => {
    const own = await bankTransferOf(finance);
    const self = await call(finance, 'PUT', `/api/admin/bank-transfers/${own}`, { status: 'paid' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'OWN_ACCOUNT' });
    const before = await balanceOf(finance);
    const confirmed = await call(chief, 'PUT', `/api/admin/bank-transfers/${own}`, { status: 'paid' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(chief, 'PUT', `/api/admin/bank-transfers/${own}`, { status: 'paid' })).statusCode).toBe(200);
    expect(await balanceOf(finance)).toBe(before + 10);
    const audit = (await auditRows('bank-transfers'))
      .filter((row) => row.actorId === chief.id && row.resourceId === String(own))
      .at(-1);
    expect(audit).toMatchObject({
      action: 'PUT /api/admin/bank-transfers/:id',
      statusCode: 200,
      actorRoles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
      before: { id: own, status: 'ready' },
      after: { id: own, status: 'paid' },
      requestId: confirmed.headers['x-request-id'],
    });
  });

  it('lets finance, not operators, change a creator’s payout account, through the console only', async () => {
    const account = { bankName: '카카오뱅크', bankAccountHolder: '김별빛', bankAccountNumber: '3333012345678' };
    const url = `/api/admin/creator-payout-accounts/${creator.creatorId}`;
    const byOperator = await call(operator, 'PUT', url, { ...account, reason: 'call' });
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    const byFinance = await call(finance, 'PUT', url, { ...account, reason: 'the creator’s call, identity checked' });
    expect(byFinance.statusCode, byFinance.body).toBe(202);
    const changed = await approveAs<{ bankAccountNumber: string }>(app(), chief, byFinance);
    expect(changed.bankAccountNumber).toBe(account.bankAccountNumber);
    const memberApi = `/api/v1/creators/${creator.creatorId}`;
    expect((await call(finance, 'PUT', memberApi, account)).statusCode).toBe(403);
    expect((await call(finance, 'PUT', memberApi, { description: 'hello' })).statusCode).toBe(403);
  });
});

describe('/api/admin/staff', () => {
  it('invites a member by e-mail, who sets a password from the mail and logs in with his roles', async () => {
    const mailbox = testApp.current.app.ctx.mailer as DevMailbox;
    const invalid = await call(chief, 'POST', '/api/admin/staff', { email: 'nope', roles: [] });
    expect(invalid.statusCode).toBe(400);
    expect(fields(invalid).sort()).toEqual(['email', 'roles']);
    const unknownRole = await call(chief, 'POST', '/api/admin/staff', {
      email: 'a@example.com',
      roles: ['ROLE_CREATOR'],
    });
    expect(fields(unknownRole)).toEqual(['roles[0]']);

    const email = `finance-${Date.now()}@example.com`;
    // Another finance member approves the invitation (services/src/approvals).
    const invited = await call(chief, 'POST', '/api/admin/staff', { email, roles: ['ROLE_FINANCE'] });
    expect(invited.statusCode, invited.body).toBe(202);
    expect(mailbox.list().find((message) => message.to === email)).toBeUndefined();
    const staff = await approveAs<AdminStaff>(app(), finance, invited);
    expect(staff).toMatchObject({ email, roles: ['ROLE_FINANCE'], active: true, invitationPending: true });
    expect((await call(chief, 'POST', '/api/admin/staff', { email, roles: ['ROLE_FINANCE'] })).statusCode).toBe(409);

    const mail = mailbox.list().find((message) => message.to === email)!;
    expect(mail.subject).toMatch(/console|콘솔/);
    const code = decodeURIComponent(/password-reset#code=([^\s]+)/.exec(mail.text)![1]!);
    const set = await app().inject({
      method: 'PUT',
      url: '/api/v1/users/user/forgot-password-reset',
      payload: { code, password: 'finance-pass1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await consoleLogin(email, 'finance-pass1');
    expect(session.json()).toEqual({
      id: staff.id,
      email,
      roles: ['ROLE_FINANCE'],
      approvalLimits: { aboveWon: 100_000, bonusGrantAboveCoins: 1_000, bankDepositAboveWon: 10_000 },
    });
    // A console-only account: the web app's login is not its door.
    expect((await login(email, 'finance-pass1')).json()).toMatchObject({ code: 'CONSOLE_ACCOUNT' });
    expect((await call(chief, 'GET', `/api/admin/staff/${staff.id}`)).json()).toMatchObject({
      invitationPending: false,
    });

    const listed = await list(chief, 'staff', { filter: { q: email } });
    expect(listed.headers['content-range']).toBe('staff 0-0/1');

    // Deactivated: the login and the token stop working at once; reactivated, they work again.
    const token = { cookie: consoleCookie(session) };
    // Deactivating and reactivating are staff approvals too: another finance member approves each.
    const off = await approveAs<AdminStaff>(
      app(),
      finance,
      await call(chief, 'PUT', `/api/admin/staff/${staff.id}`, { ...staff, active: false }),
    );
    expect(off).toMatchObject({ active: false, approvedBy: finance.id });
    // His console token is refused, and says why.
    expect((await app().inject({ method: 'GET', url: '/api/admin/users', headers: token })).json()).toMatchObject({
      status: 403,
      code: 'LOGIN_BLOCKED',
    });
    expect((await consoleLogin(email, 'finance-pass1')).json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
    await approveAs(app(), finance, await call(chief, 'PUT', `/api/admin/staff/${staff.id}`, { active: true }));
    expect((await app().inject({ method: 'GET', url: '/api/admin/users', headers: token })).statusCode).toBe(200);

    const audit = await auditRows('staff');
    expect(audit.filter((row) => row.resourceId === String(staff.id)).map((row) => row.action)).toEqual([
      'PUT /api/admin/staff/:id',
      'PUT /api/admin/staff/:id',
    ]);
    // The invitation's two steps: chief's request (202) and finance's approval, which ran it.
    const request = invited.json<{ id: number }>().id;
    expect(audit.find((row) => row.action === 'POST /api/admin/staff' && row.statusCode === 202)).toMatchObject({
      actorId: chief.id,
      after: { id: request, kind: 'STAFF_INVITATION', params: { invitation: { email, roles: ['ROLE_FINANCE'] } } },
    });
    expect(
      (await auditRows('approvals')).find((row) => row.resourceId === String(request) && row.statusCode === 200),
    ).toMatchObject({ actorId: finance.id, after: { status: 'EXECUTED', result: { email, roles: ['ROLE_FINANCE'] } } });
  });

  it('grants and manages only roles the caller holds, and never his own account', async () => {
    const toFinance = await call(operator, 'POST', '/api/admin/staff', {
      email: `x-${Date.now()}@example.com`,
      roles: ['ROLE_FINANCE'],
    });
    expect(toFinance.statusCode).toBe(403);
    expect(toFinance.json()).toMatchObject({ code: 'ROLE_NOT_HELD' });
    expect((await call(operator, 'PUT', `/api/admin/staff/${finance.id}`, { active: false })).statusCode).toBe(403);
    expect(
      (await call(operator, 'PUT', `/api/admin/staff/${operator.id}`, { roles: ['ROLE_FINANCE'] })).json(),
    ).toMatchObject({ code: 'STAFF_SELF' });
    expect((await call(operator, 'GET', `/api/admin/staff/${fan.id}`)).statusCode).toBe(404);
    // Each grant waits for another holder of the granted role (services/src/approvals).
    const colleague = await approveAs<AdminStaff>(
      app(),
      chief,
      await call(operator, 'POST', '/api/admin/staff', {
        email: `op-${Date.now()}@example.com`,
        roles: ['ROLE_OPERATOR'],
      }),
    );
    const promoting = await call(chief, 'PUT', `/api/admin/staff/${colleague.id}`, {
      roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
    });
    expect(promoting.json()).toMatchObject({ kind: 'STAFF_ROLE_GRANT', role: 'ROLE_FINANCE', status: 'PENDING' });
    expect((await call(chief, 'GET', `/api/admin/staff/${colleague.id}`)).json()).toMatchObject({
      roles: ['ROLE_OPERATOR'],
    });
    const promoted = await approveAs<AdminStaff>(app(), finance, promoting);
    expect(promoted).toMatchObject({ roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
    expect((await call(operator, 'PUT', `/api/admin/staff/${colleague.id}`, { active: false })).statusCode).toBe(403);
  });
});

describe('/api/admin/users', () => {
  it('searches, shows coins and missions, and blocks a login with a reason', async () => {
    const member = await createAccount(app(), { username: 'blockable-member' });
    const found = await list(operator, 'users', { filter: { q: 'blockable-member' } });
    expect(found.headers['content-range']).toBe('users 0-0/1');
    expect(found.json()).toEqual([expect.objectContaining({ id: member.id, coins: 0, loginBlocked: false })]);
    expect((await list(operator, 'users', { sort: ['password', 'ASC'] })).statusCode).toBe(400);

    const detail = (await call(finance, 'GET', `/api/admin/users/${member.id}`)).json<AdminUserDetail>();
    expect(detail).toMatchObject({ missionsByStatus: {}, missionsHidden: 0, openBankTransfers: 0, openRefunds: 0 });

    const noReason = await call(operator, 'PUT', `/api/admin/users/${member.id}`, { loginBlocked: true });
    expect(noReason.statusCode).toBe(400);
    expect(fields(noReason)).toEqual(['loginBlockReason']);
    const blocked = await call(operator, 'PUT', `/api/admin/users/${member.id}`, {
      loginBlocked: true,
      loginBlockReason: 'fraudulent charges',
    });
    expect(blocked.json()).toMatchObject({ loginBlocked: true, loginBlockReason: 'fraudulent charges' });
    expect((await login(member.email, member.password)).json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
    // His open session is refused at once, and says why (not that it expired).
    expect((await call(member, 'GET', '/api/v1/coin-deposit')).json()).toMatchObject({
      status: 403,
      code: 'LOGIN_BLOCKED',
    });
    expect((await list(operator, 'users', { filter: { loginBlocked: true, q: 'blockable' } })).json()).toHaveLength(1);

    await call(operator, 'PUT', `/api/admin/users/${member.id}`, { loginBlocked: false });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await call(operator, 'PUT', `/api/admin/users/${operator.id}`, { loginBlocked: false })).statusCode).toBe(
      403,
    );
    expect((await call(operator, 'GET', '/api/admin/users/999999')).statusCode).toBe(404);
    const audit = (await auditRows('users')).filter((row) => row.resourceId === String(member.id));
    expect(audit[1]).toMatchObject({
      statusCode: 200,
      before: { loginBlocked: false },
      after: { loginBlocked: true, loginBlockReason: 'fraudulent charges' },
    });
  });

  it('never blocks, unblocks or re-activates a staff account: those are managed at /api/admin/staff', async () => {
    const block = { loginBlocked: true, loginBlockReason: 'locking the console' };
    const loginBlockOf = async (id: number) =>
      (await app().db.selectFrom('users').select('login_blocked_at').where('id', '=', id).executeTakeFirstOrThrow())
        .login_blocked_at;
    // Finance, both-role staff and another operator: refused with a pointer to the staff rules, and nothing changes.
    const colleague = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    for (const target of [finance, chief, colleague]) {
      const refused = await app().inject({
        method: 'PUT',
        url: `/api/admin/users/${target.id}`,
        headers: { ...en, ...operator.headers },
        payload: block,
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'STAFF_ACCOUNT',
        message: expect.stringContaining('/api/admin/staff'),
      });
      expect(await loginBlockOf(target.id)).toBeNull();
    }
    expect((await call(finance, 'GET', '/api/v1/coin-deposit')).statusCode).toBe(200);

    // A finance member deactivated under staff management stays deactivated: the users route cannot lift it.
    const dismissed = await createAccount(app(), { roles: ['ROLE_FINANCE'], password: 'dismissed1' });
    await approveAs(app(), finance, await call(chief, 'PUT', `/api/admin/staff/${dismissed.id}`, { active: false }));
    const reactivated = await call(operator, 'PUT', `/api/admin/users/${dismissed.id}`, { loginBlocked: false });
    expect(reactivated.json()).toMatchObject({ status: 403, code: 'STAFF_ACCOUNT' });
    expect(await loginBlockOf(dismissed.id)).not.toBeNull();
    expect((await consoleLogin(dismissed.email, 'dismissed1')).json()).toMatchObject({ code: 'LOGIN_BLOCKED' });
    // Nor by accepting the dismissed member's block objection.
    const objection = await app().inject({
      method: 'POST',
      url: '/api/v1/block-objections',
      payload: { email: dismissed.email, password: 'dismissed1', reason: 'Let me back in' },
    });
    expect(objection.statusCode, objection.body).toBe(200);
    const accepted = await call(operator, 'PUT', `/api/admin/block-objections/${objection.json<{ id: number }>().id}`, {
      status: 'ACCEPTED',
    });
    expect(accepted.json()).toMatchObject({ status: 403, code: 'STAFF_ACCOUNT' });
    expect(await loginBlockOf(dismissed.id)).not.toBeNull();
    // Nor once the account holds no staff role any more: the block is still a staff deactivation.
    await app()
      .db.updateTable('users')
      .set({ roles: ['ROLE_USER'] })
      .where('id', '=', dismissed.id)
      .execute();
    for (const change of [{ loginBlocked: false }, block]) {
      expect((await call(operator, 'PUT', `/api/admin/users/${dismissed.id}`, change)).statusCode).toBe(403);
    }
    expect(
      await app().db.selectFrom('users').select('login_block_reason').where('id', '=', dismissed.id).executeTakeFirst(),
    ).toEqual({ login_block_reason: 'deactivated staff account' });

    // The refused attempts are in the audit log under the users resource.
    const audit = (await auditRows('users')).filter((row) => row.resourceId === String(finance.id));
    expect(audit[0]).toMatchObject({ actorId: operator.id, statusCode: 403, action: 'PUT /api/admin/users/:id' });
  });

  it('keeps the staff deactivation’s reason text to staff management: a member block with it is refused, and lifted', async () => {
    const member = await createAccount(app(), { username: 'reserved-reason' });
    for (const reason of ['deactivated staff account', ' Deactivated Staff Account ']) {
      const refused = await app().inject({
        method: 'PUT',
        url: `/api/admin/users/${member.id}`,
        headers: { ...en, ...operator.headers },
        payload: { loginBlocked: true, loginBlockReason: reason },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().subErrors).toEqual([
        expect.objectContaining({
          field: 'loginBlockReason',
          message: 'This reason is reserved for deactivated staff accounts.',
        }),
      ]);
    }
    // A member whose login carries that text without a staff deactivation (as written before the reason was
    // reserved) is an ordinary blocked member: an operator unblocks him.
    await app()
      .db.updateTable('users')
      .set({ login_blocked_at: new Date(), login_block_reason: 'deactivated staff account' })
      .where('id', '=', member.id)
      .execute();
    const lifted = await call(operator, 'PUT', `/api/admin/users/${member.id}`, { loginBlocked: false });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });
});

describe('/api/admin/missions and mission-products', () => {
  it('shows the fan’s request attachment beside the request (a signed link, its type and name)', async () => {
    const product = await registerProduct(app(), creator, { type: 'CUSTOM', name: 'Photo request' });
    const attachment = await createFile(app().db, fan.id, 'image');
    const withFile = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'REQUESTED',
      request_file_id: attachment,
    });
    const opened = await call(operator, 'GET', `/api/admin/missions/${withFile.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<AdminMission>().requestFile).toMatchObject({
      url: expect.stringContaining('/files/'),
      contentType: 'image/png',
      filename: 'upload.png',
    });
    const without = await insertMission(app(), product, { user_id: fan.id, status: 'REQUESTED' });
    expect(
      (await call(operator, 'GET', `/api/admin/missions/${without.id}`)).json<AdminMission>().requestFile,
    ).toBeNull();
  });

  it('blocks a mission’s content: gone from public lists and pages, parties notified, back when unblocked', async () => {
    const product = await registerProduct(app(), creator, { type: 'BASIC', name: 'Blockable song' });
    const mission = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    const publicIds = async () =>
      (await call(otherFan, 'GET', '/api/v1/missions/page?status=COMPLETED&size=50'))
        .json<Page<MissionView>>()
        .content.map((view) => view.id);
    expect(await publicIds()).toContain(mission.id);

    const filtered = await list(operator, 'missions', {
      filter: { status: 'COMPLETED', creatorId: creator.creatorId, userId: fan.id },
    });
    expect(filtered.json<AdminMission[]>().map((row) => row.id)).toEqual([mission.id]);
    const noReason = await call(operator, 'PUT', `/api/admin/missions/${mission.id}`, { contentBlocked: true });
    expect(fields(noReason)).toEqual(['contentBlockReason']);
    const blocked = await call(operator, 'PUT', `/api/admin/missions/${mission.id}`, {
      contentBlocked: true,
      contentBlockReason: 'copyright',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ contentBlocked: true, contentBlockReason: 'copyright', escrowCoins: 0 });

    expect(await publicIds()).not.toContain(mission.id);
    expect((await call(otherFan, 'GET', `/api/v1/missions/${mission.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/v1/missions/${mission.id}`)).statusCode).toBe(404);
    const asRequester = await call(fan, 'GET', `/api/v1/missions/${mission.id}`);
    expect(asRequester.statusCode).toBe(200);
    // Its requester is shown why and since when (the page's banner).
    expect(asRequester.json<{ contentHidden: unknown }>().contentHidden).toEqual({
      at: expect.any(String),
      reason: 'copyright',
    });
    const notified = await app()
      .db.selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('mission_id', '=', mission.id)
      .execute();
    expect(notified.map((row) => row.user_id).sort()).toEqual([creator.id, fan.id].sort());
    expect(notified.every((row) => row.kind === 'MISSION_CONTENT_BLOCKED')).toBe(true);
    const fanNotifications = await call(fan, 'GET', '/api/v1/users/me/notifications/page?size=5');
    expect(JSON.stringify(fanNotifications.json())).toContain('Reason: copyright');

    await call(operator, 'PUT', `/api/admin/missions/${mission.id}`, { contentBlocked: false });
    expect(await publicIds()).toContain(mission.id);
    expect(
      (await call(otherFan, 'GET', `/api/v1/missions/${mission.id}`)).json<{ contentHidden: unknown }>().contentHidden,
    ).toBeNull();
    expect(
      (await list(operator, 'missions', { filter: { contentBlocked: true, creatorId: creator.creatorId } })).json(),
    ).toEqual([]);
  });

  it('inactivates a product so it cannot be requested', async () => {
    const product = await registerProduct(app(), creator, { type: 'BASIC', name: 'Retired song' });
    const off = await call(operator, 'PUT', `/api/admin/mission-products/${product.id}`, { active: false });
    expect(off.json()).toMatchObject({ id: product.id, active: false, creatorId: creator.creatorId });
    expect((await call(operator, 'PUT', `/api/admin/mission-products/${product.id}`, {})).statusCode).toBe(400);
    const listed = await list(finance, 'mission-products', { filter: { creatorId: creator.creatorId, active: false } });
    expect(listed.json<{ id: number }[]>().map((row) => row.id)).toContain(product.id);
    const audit = (await auditRows('mission-products')).find(
      (row) => row.resourceId === String(product.id) && row.statusCode === 200,
    );
    expect(audit).toMatchObject({ before: { active: true }, after: { active: false } });
  });
});

describe('/api/admin/coin-items and tags', () => {
  it('lets finance add, reprice (with a second member) and delete an unsold coin item; a sold one only inactivated', async () => {
    const bad = await call(finance, 'POST', '/api/admin/coin-items', { itemType: 'GOLD', name: '', point: 0 });
    expect(fields(bad).sort()).toEqual(['itemType', 'name', 'point', 'price', 'usdPrice']);
    const created = await approveAs<AdminCoinItem>(
      app(),
      chief,
      await call(finance, 'POST', '/api/admin/coin-items', {
        itemType: 'CASH',
        name: '77 coins',
        point: 77,
        price: 7_700,
        usdPrice: 5.5,
      }),
    );
    expect(created).toMatchObject({ point: 77, price: 7_700, discount: 0, usdPrice: 5.5, active: true });
    const item = (await call(finance, 'GET', `/api/admin/coin-items/${created.id}`)).json<AdminCoinItem>();
    const repriced = await approveAs<AdminCoinItem>(
      app(),
      chief,
      await call(finance, 'PUT', `/api/admin/coin-items/${item.id}`, { ...item, price: 7_000, discount: 700 }),
    );
    expect(repriced).toMatchObject({ price: 7_000, discount: 700 });
    const renamed = await call(finance, 'PUT', `/api/admin/coin-items/${item.id}`, { ...repriced, name: '77' });
    expect(renamed.json()).toMatchObject({ name: '77', price: 7_000 });
    expect((await call(finance, 'DELETE', `/api/admin/coin-items/${item.id}`)).statusCode).toBe(200);
    expect((await call(finance, 'GET', `/api/admin/coin-items/${item.id}`)).statusCode).toBe(404);
    // The 10-coin item was sold above.
    expect((await call(finance, 'DELETE', `/api/admin/coin-items/${tenCoins}`)).statusCode).toBe(409);
    const audit = (await auditRows('coin-items')).filter((row) => row.resourceId === String(item.id));
    expect(audit.map((row) => row.action)).toEqual([
      'DELETE /api/admin/coin-items/:id',
      'PUT /api/admin/coin-items/:id',
      'PUT /api/admin/coin-items/:id',
    ]);
    expect(audit[1]).toMatchObject({ before: { price: 7_000, name: '77 coins' }, after: { name: '77' } });
  });

  it('lets operators manage tags; names are unique and a tag in use stays', async () => {
    expect(fields(await call(operator, 'POST', '/api/admin/tags', { name: ' ' }))).toEqual(['name']);
    const tag = (await call(operator, 'POST', '/api/admin/tags', { name: 'console-tag' })).json<AdminTag>();
    expect(tag).toMatchObject({ name: 'console-tag', creators: 0 });
    expect((await call(operator, 'POST', '/api/admin/tags', { name: 'console-tag' })).statusCode).toBe(409);
    expect((await call(operator, 'PUT', `/api/admin/tags/${tag.id}`, { name: 'console-tag-2' })).json()).toMatchObject({
      name: 'console-tag-2',
    });
    await app().db.insertInto('creator_tags').values({ creator_id: creator.creatorId, tag_id: tag.id }).execute();
    expect((await call(operator, 'DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(409);
    await app().db.deleteFrom('creator_tags').where('tag_id', '=', tag.id).execute();
    expect((await call(operator, 'DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(200);
  });

  it("keeps a tag's English and Japanese names beside its Korean one; an empty translation is none", async () => {
    const tooLong = await call(operator, 'POST', '/api/admin/tags', { name: '콘솔 노래', nameEn: 'x'.repeat(31) });
    expect(fields(tooLong)).toEqual(['nameEn']);
    const tag = (
      await call(operator, 'POST', '/api/admin/tags', { name: '콘솔 노래', nameEn: ' Singing ', nameJa: '歌' })
    ).json<AdminTag>();
    expect(tag).toMatchObject({ name: '콘솔 노래', nameEn: 'Singing', nameJa: '歌' });
    const edited = await call(operator, 'PUT', `/api/admin/tags/${tag.id}`, {
      name: '콘솔 노래',
      nameEn: 'Songs',
      nameJa: '',
    });
    expect(edited.json()).toMatchObject({ name: '콘솔 노래', nameEn: 'Songs', nameJa: null });
    expect((await call(operator, 'GET', `/api/admin/tags/${tag.id}`)).json()).toMatchObject({
      nameEn: 'Songs',
      nameJa: null,
    });
    expect(
      (await call(finance, 'PUT', `/api/admin/tags/${tag.id}`, { name: '콘솔 노래', nameEn: 'X' })).statusCode,
    ).toBe(403);
    expect((await call(operator, 'DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(200);
  });
});

describe('/api/admin/ledger-verify-runs', () => {
  it('runs verify in the background with progress, stores a clean result, and allows one run at a time', async () => {
    const started = await call(finance, 'POST', '/api/admin/ledger-verify-runs');
    expect(started.statusCode, started.body).toBe(202);
    const run = started.json<LedgerVerifyRun>();
    expect(run).toMatchObject({ status: 'RUNNING', startedBy: finance.id });
    let current = run;
    for (let attempt = 0; attempt < 100 && current.status === 'RUNNING'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await call(operator, 'GET', `/api/admin/ledger-verify-runs/${run.id}`)).json<LedgerVerifyRun>();
    }
    expect(current).toMatchObject({ status: 'DONE', ok: true, error: null });
    expect(current.report!.differences).toEqual([]);
    expect(current.report!.transactions).toBeGreaterThan(0);
    expect(current.doneTransactions).toBe(current.totalTransactions);

    // A run in progress (its heartbeat fresh) refuses a second; a stale one is marked failed and replaced.
    await app()
      .db.insertInto('ledger_verify_runs')
      .values({ status: 'RUNNING', started_by: null, started_at: new Date(), heartbeat_at: new Date(), report: null })
      .execute();
    const refused = await call(finance, 'POST', '/api/admin/ledger-verify-runs');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'VERIFY_RUNNING' });
    await app()
      .db.updateTable('ledger_verify_runs')
      .set({ heartbeat_at: new Date(Date.now() - 3_600_000) })
      .where('status', '=', 'RUNNING')
      .execute();
    expect((await call(finance, 'POST', '/api/admin/ledger-verify-runs')).statusCode).toBe(202);
    const runs = (await list(finance, 'ledger-verify-runs')).json<LedgerVerifyRun[]>();
    expect(runs[1]).toMatchObject({ status: 'FAILED', error: 'the process running it stopped' });
  });

  const finished = async (run: LedgerVerifyRun) => {
    let current = run;
    for (let attempt = 0; attempt < 200 && current.status === 'RUNNING'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await call(operator, 'GET', `/api/admin/ledger-verify-runs/${run.id}`)).json<LedgerVerifyRun>();
    }
    return current;
  };
  /** The run the test before started has finished. */
  const noRunUnderWay = async () => {
    for (const run of (await list(finance, 'ledger-verify-runs')).json<LedgerVerifyRun[]>()) await finished(run);
  };

  it('runs incrementally from the last run’s checkpoint: only the transactions since, with where it started', async () => {
    await noRunUnderWay();
    const invalid = await call(finance, 'POST', '/api/admin/ledger-verify-runs', { mode: 'QUICK' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED', subErrors: [{ field: 'mode' }] });

    const full = await finished(
      (await call(finance, 'POST', '/api/admin/ledger-verify-runs', { mode: 'FULL' })).json<LedgerVerifyRun>(),
    );
    expect(full).toMatchObject({ mode: 'FULL', status: 'DONE', ok: true, report: { since: 0 } });
    const mark = (await app().db.selectFrom('ledger_verify_checkpoint').select('mark').executeTakeFirstOrThrow()).mark;
    await bankTransferOf(otherFan);
    await releasedMission(app().db, {
      creatorId: (await createIncomeCreator(app())).creatorId,
      coins: 300,
      at: new Date(),
    });

    const started = await call(finance, 'POST', '/api/admin/ledger-verify-runs', { mode: 'INCREMENTAL' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ mode: 'INCREMENTAL', status: 'RUNNING' });
    const incremental = await finished(started.json<LedgerVerifyRun>());
    expect(incremental).toMatchObject({ mode: 'INCREMENTAL', status: 'DONE', ok: true });
    expect(incremental.report!.since).toBe(Number(mark));
    const since = await app()
      .db.selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '>', mark)
      .executeTakeFirstOrThrow();
    expect(incremental.report!.transactions).toBeGreaterThan(0);
    expect(incremental.report!.transactions).toBe(Number(since.n));
  });

  it('the daily maintenance verifies the day’s transactions, the whole log on Sundays in Korea, and skips a busy day', async () => {
    const deps = { db: app().db, now: () => new Date(), log: { error: () => undefined } };
    // Sunday 2026-11-29 00:30 in Korea is Saturday in UTC.
    const sunday = await scheduledVerifyRun(deps, new Date('2026-11-28T15:30:00Z'));
    expect(sunday).toMatchObject({ mode: 'FULL', differences: 0 });
    const monday = await scheduledVerifyRun(deps, new Date('2026-11-29T15:30:00Z'));
    expect(monday).toMatchObject({ mode: 'INCREMENTAL', differences: 0 });
    const runs = (await list(finance, 'ledger-verify-runs')).json<LedgerVerifyRun[]>();
    expect(runs[0]).toMatchObject({ id: monday.runId, mode: 'INCREMENTAL', startedBy: null, status: 'DONE' });

    await app()
      .db.insertInto('ledger_verify_runs')
      .values({ status: 'RUNNING', started_by: null, started_at: new Date(), heartbeat_at: new Date(), report: null })
      .execute();
    expect(await scheduledVerifyRun(deps, new Date('2026-11-30T15:30:00Z'))).toEqual({
      skipped: 'another run is under way',
    });
    await app()
      .db.updateTable('ledger_verify_runs')
      .set({ status: 'FAILED' })
      .where('status', '=', 'RUNNING')
      .execute();
  });
});

describe('/api/admin/dashboard', () => {
  it('answers the day series, sales by method, escrow, settlement totals and the event pipeline', async () => {
    expect((await call(operator, 'GET', '/api/admin/dashboard?days=0')).statusCode).toBe(400);
    // Last month's payout statements are totalled per month (what to transfer, and what is paid).
    const payee = await createIncomeCreator(app());
    const now = new Date();
    const last = {
      year: now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear(),
      month: now.getUTCMonth() === 0 ? 12 : now.getUTCMonth(),
    };
    await releasedMission(app().db, {
      creatorId: payee.creatorId,
      coins: 600,
      at: new Date(Date.UTC(last.year, last.month - 1, 12)),
    });
    const run = await call(finance, 'POST', '/api/admin/settlement-runs', last);
    expect(run.statusCode, run.body).toBe(200);
    // Today's outcomes, one of each; a lottery applicant not drawn is no mission outcome.
    const product = await registerProduct(app(), creator, { type: 'BASIC', name: 'Outcome song' });
    const before = (await call(operator, 'GET', '/api/admin/dashboard?days=1')).json<{
      missionsPerDay: Record<string, number>[];
    }>().missionsPerDay[0]!;
    const rejectedAt = new Date();
    for (const reason of ['REFUSED', 'DECISION_EXPIRED', 'PERFORM_EXPIRED', 'CANCELED', 'NOT_WON'] as const) {
      await insertMission(app(), product, {
        user_id: fan.id,
        status: 'REJECTED',
        rejection_reason: reason,
        requested_at: rejectedAt,
        rejected_at: rejectedAt,
      });
    }
    const today = (await call(operator, 'GET', '/api/admin/dashboard?days=1')).json<{
      missionsPerDay: Record<string, number>[];
    }>().missionsPerDay[0]!;
    expect({
      requested: today.requested! - before.requested!,
      refused: today.refused! - before.refused!,
      expired: today.expired! - before.expired!,
      canceled: today.canceled! - before.canceled!,
    }).toEqual({ requested: 5, refused: 1, expired: 2, canceled: 1 });
    const response = await call(operator, 'GET', '/api/admin/dashboard?days=30');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      coinSalesPerDay: { won: number; byMethod: Record<string, number> }[];
      salesByMethod: { method: string; won: number; count: number }[];
      missionsPerDay: { completed: number }[];
      events: { transport: string };
      settlementsPerMonth: { month: string; won: number; paidWon: number }[];
    }>();
    expect(body.coinSalesPerDay).toHaveLength(30);
    // The 10-coin deposit confirmed above (1,000 won by bank).
    expect(body.coinSalesPerDay.at(-1)!.byMethod['bank']).toBeGreaterThanOrEqual(1_000);
    expect(body.salesByMethod.find((row) => row.method === 'bank')).toMatchObject({ won: expect.any(Number) });
    expect(body.missionsPerDay.reduce((sum, day) => sum + day.completed, 0)).toBeGreaterThanOrEqual(1);
    expect(body.events.transport).toBe('postgres');
    expect(body.settlementsPerMonth).toEqual([
      { month: `${last.year}-${String(last.month).padStart(2, '0')}`, won: 36_000, paidWon: 0 },
    ]);
  });
});

describe('/api/admin/audit-log', () => {
  it('pages the log newest first and refuses changes to it', async () => {
    const page = await list(operator, 'audit-log', { range: [0, 1] });
    expect(page.headers['content-range']).toMatch(/^audit-log 0-1\/\d+$/);
    const [newest, older] = page.json<AdminAuditEntry[]>();
    expect(newest!.id).toBeGreaterThan(older!.id);
    expect((await call(operator, 'GET', `/api/admin/audit-log/${newest!.id}`)).json()).toMatchObject({
      id: newest!.id,
    });
    await expect(sql`update admin_audit_log set status_code = 1`.execute(app().db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from admin_audit_log`.execute(app().db)).rejects.toThrow(/append-only/);
  });
});

describe('popups (links)', () => {
  it('accepts http(s) URLs and site paths only', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x']) {
      const refused = await call(operator, 'POST', '/api/admin/popups', { title: 'x', linkLoggedOn: link });
      expect(refused.statusCode, link).toBe(400);
      expect(fields(refused)).toEqual(['linkLoggedOn']);
    }
    for (const link of ['https://fanmission.example/x', '/browse-missions']) {
      const accepted = await call(operator, 'POST', '/api/admin/popups', { title: 'x', linkLoggedOff: link });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    expect((await call(finance, 'POST', '/api/admin/popups', { title: 'x' })).statusCode).toBe(403);
  });
});

describe('/api/admin/ledger-accounts', () => {
  it('answers a wallet’s balance and lots, and zero for an account never used', async () => {
    const wallet = await call(finance, 'GET', `/api/admin/ledger-accounts/wallet:${finance.id}`);
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({
      account: `wallet:${finance.id}`,
      kind: 'WALLET',
      balance: 10,
      lots: [expect.objectContaining({ amount: 10, remaining: 10, source: 'CASH' })],
    });
    expect((await call(operator, 'GET', '/api/admin/ledger-accounts/wallet:999999')).json()).toEqual({
      account: 'wallet:999999',
      kind: null,
      balance: 0,
      lots: [],
    });
    expect((await call(operator, 'GET', '/api/admin/ledger-accounts/nothing')).statusCode).toBe(400);
  });
});
