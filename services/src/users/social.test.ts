import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@fanmission/tests/harness/database';
import { testConfig } from '@fanmission/tests/harness/app';
import type { ServiceContext } from '../context';
import { createDevMailbox } from '../mail';
import { findOrCreateSocialUser, socialUsername, type SocialProfile } from './social';

const database = useTestDatabase();
const NOW = new Date('2025-03-01T09:00:00Z');

function context(): ServiceContext {
  const config = testConfig();
  return {
    db: database.current.db,
    config,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    now: () => NOW,
    log: { warn: () => {}, error: () => {} },
  };
}

const profile = (overrides: Partial<SocialProfile>): SocialProfile => ({
  provider: 'google',
  subject: 'subject',
  email: null,
  emailVerified: false,
  name: null,
  ...overrides,
});

async function localAccount(email: string, verified: boolean) {
  return database.current.db
    .insertInto('users')
    .values({
      email,
      username: 'local',
      password_hash: 'argon2-hash-placeholder',
      provider: 'local',
      roles: verified ? ['ROLE_USER'] : ['ROLE_UNVERIFIED'],
      email_verified_at: verified ? NOW : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const identitiesOf = (subject: string) =>
  database.current.db.selectFrom('user_identities').selectAll().where('subject', '=', subject).execute();

describe('findOrCreateSocialUser', () => {
  it('creates a member with the verified e-mail, no password and ROLE_USER', async () => {
    const user = await findOrCreateSocialUser(
      context(),
      profile({ subject: 's-new', email: 'new@example.com', emailVerified: true, name: 'New Fan', language: 'ja' }),
    );
    expect(user).toMatchObject({
      email: 'new@example.com',
      email_verified_at: NOW,
      username: 'New Fan',
      password_hash: null,
      provider: 'google',
      roles: ['ROLE_USER'],
      language: 'ja',
    });
    expect(await identitiesOf('s-new')).toEqual([
      expect.objectContaining({ provider: 'google', user_id: user.id, email: 'new@example.com' }),
    ]);
  });

  it('keeps an unverified e-mail off the account (only on the identity)', async () => {
    const user = await findOrCreateSocialUser(
      context(),
      profile({ provider: 'facebook', subject: 's-unverified', email: 'maybe@example.com', name: 'Maybe' }),
    );
    expect(user).toMatchObject({ email: null, email_verified_at: null, provider: 'facebook', roles: ['ROLE_USER'] });
    expect((await identitiesOf('s-unverified'))[0]).toMatchObject({ email: 'maybe@example.com' });
  });

  it('logs a known identity into its user, whatever e-mail the provider now reports', async () => {
    const ctx = context();
    const first = await findOrCreateSocialUser(
      ctx,
      profile({ subject: 's-known', email: 'a@example.com', emailVerified: true }),
    );
    const again = await findOrCreateSocialUser(
      ctx,
      profile({ subject: 's-known', email: 'b@example.com', emailVerified: true }),
    );
    expect(again.id).toBe(first.id);
  });

  it('links a verified e-mail to the existing verified account, ignoring case', async () => {
    const local = await localAccount('Linked@Example.com', true);
    const user = await findOrCreateSocialUser(
      context(),
      profile({ provider: 'apple', subject: 's-link', email: 'linked@example.com', emailVerified: true }),
    );
    expect(user.id).toBe(local.id);
    expect(user.provider).toBe('local');
    expect(await identitiesOf('s-link')).toEqual([expect.objectContaining({ provider: 'apple', user_id: local.id })]);
  });

  it('never links into a staff account, even on a verified e-mail', async () => {
    const operator = await database.current.db
      .insertInto('users')
      .values({
        email: 'staff@example.com',
        username: 'operator',
        password_hash: 'argon2-hash-placeholder',
        provider: 'local',
        roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'],
        email_verified_at: NOW,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const user = await findOrCreateSocialUser(
      context(),
      profile({ subject: 's-staff', email: 'staff@example.com', emailVerified: true }),
    );
    expect(user.id).not.toBe(operator.id);
    expect(user.roles).toEqual(['ROLE_USER']);
    expect(user.email).toBeNull();
    expect(await identitiesOf('s-staff')).toEqual([expect.objectContaining({ user_id: user.id })]);
  });

  it('never links on an e-mail the provider did not verify', async () => {
    const local = await localAccount('unverified-claim@example.com', true);
    const user = await findOrCreateSocialUser(
      context(),
      profile({ subject: 's-claim', email: 'unverified-claim@example.com', emailVerified: false }),
    );
    expect(user.id).not.toBe(local.id);
    expect(user.email).toBeNull();
  });

  it('never links into an account that did not verify the address itself', async () => {
    const squatter = await localAccount('owner@example.com', false);
    const user = await findOrCreateSocialUser(
      context(),
      profile({ subject: 's-owner', email: 'owner@example.com', emailVerified: true }),
    );
    expect(user.id).not.toBe(squatter.id);
    expect(user.email).toBeNull();
    const untouched = await database.current.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', squatter.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ email: 'owner@example.com', roles: ['ROLE_UNVERIFIED'] });
  });

  it('makes exactly one user of simultaneous first logins, with or without an e-mail', async () => {
    const ctx = context();
    for (const [subject, email] of [
      ['s-race-email', 'race@example.com'],
      ['s-race-bare', null],
    ] as const) {
      const users = await Promise.all(
        Array.from({ length: 10 }, () =>
          findOrCreateSocialUser(ctx, profile({ provider: 'apple', subject, email, emailVerified: email !== null })),
        ),
      );
      expect(new Set(users.map((user) => user.id)).size).toBe(1);
      expect(await identitiesOf(subject)).toHaveLength(1);
    }
    const bareUsers = await database.current.db
      .selectFrom('users')
      .innerJoin('user_identities', 'user_identities.user_id', 'users.id')
      .select('users.id')
      .where('user_identities.subject', '=', 's-race-bare')
      .execute();
    expect(bareUsers).toHaveLength(1);
  });

  it('joins two providers that verified the same new e-mail at the same moment into one account', async () => {
    const ctx = context();
    const [viaGoogle, viaApple] = await Promise.all([
      findOrCreateSocialUser(
        ctx,
        profile({ provider: 'google', subject: 's-both-g', email: 'both@example.com', emailVerified: true }),
      ),
      findOrCreateSocialUser(
        ctx,
        profile({ provider: 'apple', subject: 's-both-a', email: 'both@example.com', emailVerified: true }),
      ),
    ]);
    expect(viaApple.id).toBe(viaGoogle.id);
  });
});

describe('socialUsername', () => {
  it('uses the provider’s name, else the e-mail’s local part, else "fan", at most 30 characters', () => {
    expect(socialUsername('  Mina Park ', 'mina@example.com')).toBe('Mina Park');
    expect(socialUsername(null, 'fan.club@example.com')).toBe('fan.club');
    expect(socialUsername('   ', null)).toBe('fan');
    expect(socialUsername('가'.repeat(40), null)).toBe('가'.repeat(30));
    expect(socialUsername('😀'.repeat(31), null)).toBe('😀'.repeat(30));
  });
});
