import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { refuseDemoCredentials } from './production-safety';

// Production refuses to start on a database anybody who read the repository can log in to.
const testApp = useTestApp();
const ctx = () => testApp.current.app.ctx;
const ADMIN = 'admin@production.example';

describe('refuseDemoCredentials', () => {
  it('starts on staff and members with passwords of their own', async () => {
    await createAccount(testApp.current.app, {
      email: ADMIN,
      roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
      password: 'a long passphrase of ours',
    });
    await createAccount(testApp.current.app);
    await expect(refuseDemoCredentials(ctx(), ADMIN)).resolves.toBeUndefined();
  });

  it('refuses a console account whose password the repository prints', async () => {
    const staff = await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'], password: 'fanmission-admin1' });
    await expect(refuseDemoCredentials(ctx(), ADMIN)).rejects.toThrow(
      new RegExp(`console account ${staff.email} still has a password published`),
    );
    await ctx().db.deleteFrom('users').where('id', '=', staff.id).execute();
  });

  it('refuses accounts that share a password hash (written by the demo or world generator)', async () => {
    const first = await createAccount(testApp.current.app);
    const second = await createAccount(testApp.current.app);
    const { password_hash } = await ctx()
      .db.selectFrom('users')
      .select('password_hash')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    await ctx().db.updateTable('users').set({ password_hash }).where('id', '=', second.id).execute();
    await expect(refuseDemoCredentials(ctx(), ADMIN)).rejects.toThrow(/2 accounts share one password hash/);
    await ctx().db.deleteFrom('users').where('id', 'in', [first.id, second.id]).execute();
  });

  it('refuses a database the demo world was written into', async () => {
    await sql`insert into demo_world_state (state, empty_tables, started_at) values ('COMPLETE', '{}', now())`.execute(
      ctx().db,
    );
    await expect(refuseDemoCredentials(ctx(), ADMIN)).rejects.toThrow(/the demo world was written into this database/);
    await sql`delete from demo_world_state`.execute(ctx().db);
    await expect(refuseDemoCredentials(ctx(), ADMIN)).resolves.toBeUndefined();
  });
});
