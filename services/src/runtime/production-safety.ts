import { sql } from 'kysely';
import { verifyPassword } from '../auth';
import { DEVELOPMENT_ADMIN_PASSWORD } from '../config';
import type { ServiceContext } from '../context';
import { DEMO_PASSWORD } from '../seed';
import { WORLD_PASSWORD } from '../world';

/** Passwords printed in this repository (the demo and world accounts', the development console account's). */
const PUBLISHED_PASSWORDS = [...new Set([DEMO_PASSWORD, WORLD_PASSWORD, DEVELOPMENT_ADMIN_PASSWORD])];
/** Console accounts checked one by one against those passwords (each check is an argon2 hash: ~50 ms). */
const STAFF_ACCOUNTS_CHECKED = 20;

export class DemoCredentialsError extends Error {
  constructor(reason: string) {
    super(`Refusing to start in production: ${reason}`);
    this.name = 'DemoCredentialsError';
  }
}

/**
 * Production refuses a database that anybody who read this repository can log in to: one the demo world was written
 * into (`npm start`'s demo data), one holding accounts that share a password hash (only the demo and world
 * generators write those: every sign-up hashes with a salt of its own), or a console account whose password is one
 * the repository prints. Throws DemoCredentialsError naming what was found.
 */
export async function refuseDemoCredentials(ctx: ServiceContext, adminEmail: string): Promise<void> {
  const { rows: demoWorld } = await sql<{ state: string }>`select state from demo_world_state limit 1`.execute(ctx.db);
  if (demoWorld.length > 0) {
    throw new DemoCredentialsError(
      'the demo world was written into this database (its accounts have published passwords); use a database of its own',
    );
  }
  const shared = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('accounts'))
    .where('password_hash', 'is not', null)
    .groupBy('password_hash')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirst();
  if (shared) {
    throw new DemoCredentialsError(
      `${shared.accounts} accounts share one password hash, as only the demo and world generators write them`,
    );
  }
  const staff = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where((eb) =>
      eb.or([
        eb('email', '=', adminEmail),
        eb(sql<boolean>`roles && array['ROLE_OPERATOR', 'ROLE_FINANCE']::text[]`, '=', true),
      ]),
    )
    .orderBy(sql`email = ${adminEmail}`, 'desc')
    .orderBy('id')
    .limit(STAFF_ACCOUNTS_CHECKED)
    .execute();
  for (const account of staff) {
    for (const password of PUBLISHED_PASSWORDS) {
      if (await verifyPassword(account.password_hash, password)) {
        throw new DemoCredentialsError(
          `the console account ${account.email ?? account.id} still has a password published with this project; ` +
            'change it (password reset) before starting in production',
        );
      }
    }
  }
}
