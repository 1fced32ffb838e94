import type { Role } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { hashPassword, signSessionToken } from '@fanmission/services/auth';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

let counter = 0;

/**
 * A ready account straight in the database (sign-up itself is tested through its routes): verified member by
 * default, or whatever roles the test needs.
 */
export async function createAccount(
  app: FastifyInstance,
  options: { roles?: Role[]; email?: string; password?: string; username?: string } = {},
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
  const token = signSessionToken(app, { id: user.id, roles });
  return { id: user.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}
