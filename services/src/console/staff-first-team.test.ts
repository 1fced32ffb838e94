// The platform's first team (services/src/console/staff-approvals.ts): the founding account invites at once while it is
// the console's only account, since nobody could approve; from the moment a second account has existed, every staff
// change waits for an approval, whoever is still active. The founder and that first colleague are the founding team,
// not related to each other. An empty database of its own: no other staff exists.
import type { AdminApproval, AdminStaff } from '@fanmission/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const call = (method: 'POST' | 'PUT', url: string, account: TestAccount, payload: object) =>
  app().inject({ method, url, headers: { 'accept-language': 'en', ...account.headers }, payload });

const financeHolders = async (email: string) =>
  (
    await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where(sql<boolean>`'ROLE_FINANCE' = any(roles)`)
      .execute()
  ).length;

describe('the first team', () => {
  let founder: TestAccount;

  it('invites a finance member at once while nobody else holds the role; the next invitation waits for him', async () => {
    founder = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
    const first = await call('POST', '/api/admin/staff', founder, {
      email: 'first-finance@example.test',
      roles: ['ROLE_FINANCE'],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminStaff>()).toMatchObject({ roles: ['ROLE_FINANCE'], invitationPending: true });
    expect(await financeHolders('first-finance@example.test')).toBe(1);

    const next = await call('POST', '/api/admin/staff', founder, {
      email: 'second-finance@example.test',
      roles: ['ROLE_FINANCE'],
    });
    expect(next.statusCode, next.body).toBe(202);
    expect(next.json<AdminApproval>()).toMatchObject({
      kind: 'STAFF_INVITATION',
      role: 'ROLE_FINANCE',
      status: 'PENDING',
      makerId: founder.id,
    });
    expect(await financeHolders('second-finance@example.test')).toBe(0);

    // The founder and his first colleague are the founding team: not related, each checks the other's requests.
    const firstRow = await db()
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('email', '=', 'first-finance@example.test')
      .executeTakeFirstOrThrow();
    const token = signSessionToken(app(), { id: firstRow.id, roles: firstRow.roles as never }, { kind: 'console' });
    const decided = await app().inject({
      method: 'POST',
      url: `/api/admin/approvals/${next.json<AdminApproval>().id}/decision`,
      headers: { 'accept-language': 'en', authorization: `Bearer ${token}` },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await financeHolders('second-finance@example.test')).toBe(1);
  });

  it('never again once a second account existed: a role grant waits, and so does an invitation when the other left', async () => {
    const first = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'first-finance@example.test')
      .executeTakeFirstOrThrow();
    // Nobody but the founder is an operator: making the first finance member one still waits for an approval.
    const grant = await call('PUT', `/api/admin/staff/${first.id}`, founder, {
      roles: ['ROLE_FINANCE', 'ROLE_OPERATOR'],
    });
    expect(grant.statusCode, grant.body).toBe(202);
    expect(grant.json<AdminApproval>()).toMatchObject({ kind: 'STAFF_ROLE_GRANT', status: 'PENDING' });
    const held = await db().selectFrom('users').select('roles').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(held.roles).not.toContain('ROLE_OPERATOR');

    // The first finance member holds no console role any more and cannot log in: the founder is alone again, but the
    // console remembers that a team existed.
    await db()
      .updateTable('users')
      .set({ roles: ['ROLE_USER'], login_blocked_at: new Date() })
      .where('id', '=', first.id)
      .execute();
    const alone = await call('POST', '/api/admin/staff', founder, {
      email: 'third-finance@example.test',
      roles: ['ROLE_FINANCE'],
    });
    expect(alone.statusCode, alone.body).toBe(202);
    expect(await financeHolders('third-finance@example.test')).toBe(0);
    const team = await db().selectFrom('staff_team').select('second_member_at').executeTakeFirstOrThrow();
    expect(team.second_member_at).not.toBeNull();
  });
});
