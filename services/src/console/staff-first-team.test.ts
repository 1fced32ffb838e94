// The platform's first team (services/src/console/staff-approvals.ts): a console role is given at once while nobody
// but its granter holds it, since nobody could approve it; from the moment a second member holds that role, every
// grant of it waits for his approval. An empty database of its own: no other staff exists.
import type { AdminApproval, AdminStaff } from '@fanmission/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
  });

  it('grants a role at once while nobody else holds it; once someone does, a grant of it waits', async () => {
    const first = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'first-finance@example.test')
      .executeTakeFirstOrThrow();
    // Nobody but the founder is an operator: making the first finance member one runs at once.
    const atOnce = await call('PUT', `/api/admin/staff/${first.id}`, founder, {
      roles: ['ROLE_FINANCE', 'ROLE_OPERATOR'],
    });
    expect(atOnce.statusCode, atOnce.body).toBe(200);
    expect(atOnce.json<AdminStaff>().roles).toEqual(expect.arrayContaining(['ROLE_FINANCE', 'ROLE_OPERATOR']));

    // Now a second operator exists: the same grant to another finance member waits for him.
    const other = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const waits = await call('PUT', `/api/admin/staff/${other.id}`, founder, {
      roles: ['ROLE_FINANCE', 'ROLE_OPERATOR'],
    });
    expect(waits.statusCode, waits.body).toBe(202);
    expect(waits.json<AdminApproval>()).toMatchObject({
      kind: 'STAFF_ROLE_GRANT',
      role: 'ROLE_OPERATOR',
      status: 'PENDING',
    });
    const held = await db().selectFrom('users').select('roles').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(held.roles).not.toContain('ROLE_OPERATOR');
  });
});
