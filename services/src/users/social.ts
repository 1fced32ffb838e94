import type { Language, SocialProvider } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { uniqueViolation, type DbExecutor } from '../db';
import { insertUser } from './repository';
import type { UserRow } from './table';

/** Who a provider says signed in: the stable subject is the identity, the e-mail only a hint for linking. */
export interface SocialProfile {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  /** The provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string | null;
  /** The language of the request that created the account, for its mails. */
  language?: Language;
}

const USERNAME_MAX_LENGTH = 30;
// Only concurrent first logins conflict, and after the first one commits the next attempt finds its identity.
const ATTEMPTS = 3;

export function socialUsername(name: string | null, email: string | null): string {
  const candidate = name?.trim() || email?.split('@')[0]?.trim() || 'fan';
  return Array.from(candidate).slice(0, USERNAME_MAX_LENGTH).join('');
}

async function findIdentityUser(db: DbExecutor, provider: SocialProvider, subject: string) {
  return db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .selectAll('users')
    .where('user_identities.provider', '=', provider)
    .where('user_identities.subject', '=', subject)
    .executeTakeFirst();
}

async function insertIdentity(db: DbExecutor, profile: SocialProfile, userId: number, email: string | null) {
  await db
    .insertInto('user_identities')
    .values({ provider: profile.provider, subject: profile.subject, user_id: userId, email })
    .execute();
}

async function resolveSocialUser(db: DbExecutor, profile: SocialProfile, now: Date): Promise<UserRow> {
  const linked = await findIdentityUser(db, profile.provider, profile.subject);
  if (linked) return linked;

  const email = profile.email?.trim() || null;
  const verifiedEmail = profile.emailVerified ? email : null;
  if (verifiedEmail) {
    const owner = await db.selectFrom('users').selectAll().where('email', '=', verifiedEmail).executeTakeFirst();
    // Linking only into an account that proved the address itself: an unverified sign-up with someone else's
    // address must not receive that person's social login (pre-account takeover).
    // Never into a staff account: a social login would bypass its password (and any future MFA).
    const staff = owner?.roles.some((role) => role === 'ROLE_OPERATOR' || role === 'ROLE_FINANCE') ?? false;
    if (owner?.email_verified_at && !staff) {
      await insertIdentity(db, profile, owner.id, email);
      return owner;
    }
    if (owner) return createUser(db, profile, null, now, email);
  }
  return createUser(db, profile, verifiedEmail, now, email);
}

/**
 * The account carries only an address the provider verified (and nobody else holds); an unverified one stays on
 * the identity row, so it can neither lock the real owner out of signing up nor be used for linking later.
 */
async function createUser(
  db: DbExecutor,
  profile: SocialProfile,
  accountEmail: string | null,
  now: Date,
  identityEmail: string | null,
): Promise<UserRow> {
  const user = await insertUser(db, {
    email: accountEmail,
    email_verified_at: accountEmail ? now : null,
    username: socialUsername(profile.name, identityEmail),
    password_hash: null,
    provider: profile.provider,
    roles: ['ROLE_USER'],
    ...(profile.language && { language: profile.language }),
  });
  await insertIdentity(db, profile, user.id, identityEmail);
  return user;
}

/**
 * The account behind a social login: the identity's user if (provider, subject) is known; else the existing
 * account whose verified e-mail the provider verified too, now linked; else a new member (ROLE_USER, no password).
 * Concurrent first logins of one identity make exactly one user: the losers' inserts hit a unique key, roll back
 * and find the winner's identity on the next attempt.
 */
export async function findOrCreateSocialUser(ctx: ServiceContext, profile: SocialProfile): Promise<UserRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction().execute((trx) => resolveSocialUser(trx, profile, ctx.now()));
    } catch (error) {
      if (attempt >= ATTEMPTS || uniqueViolation(error) === undefined) throw error;
    }
  }
}
