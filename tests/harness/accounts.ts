import { type Role, STAFF_ROLES } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword, signSessionToken } from '@fanmission/services/auth';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  /** A console token for an account with a staff role (what `POST /api/admin/session` signs), else a web-app one. */
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

let counter = 0;

/**
 * A ready account straight in the database (sign-up itself is tested through its routes): verified member by
 * default, or whatever roles the test needs. A staff account's token is a console token, which `/api/admin` requires
 * (and the web API takes too); `session: 'web'` gives it the web app's instead.
 */
export async function createAccount(
  app: FastifyInstance,
  options: { roles?: Role[]; email?: string; password?: string; username?: string; session?: 'web' | 'console' } = {},
): Promise<TestAccount> {
  counter += 1;
  const email = options.email ?? `member${counter}-${Date.now()}@example.com`;
  const password = options.password ?? 'password123';
  const roles = options.roles ?? ['ROLE_USER'];
  const user = await app.db
    .insertInto('users')
    .values({
      email,
      username: options.username ?? `member${counter}`,
      password_hash: await hashPassword(password),
      provider: 'local',
      roles,
      email_verified_at: roles.includes('ROLE_UNVERIFIED') ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (roles.includes('ROLE_CREATOR')) {
    await app.db
      .insertInto('creators')
      .values({ user_id: user.id, name: options.username ?? `creator${counter}` })
      .execute();
  }
  const staff = roles.some((role) => (STAFF_ROLES as readonly Role[]).includes(role));
  const token = signSessionToken(app, { id: user.id, roles }, { kind: options.session ?? (staff ? 'console' : 'web') });
  return { id: user.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}
