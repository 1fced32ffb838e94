import type { Role } from '@fanmission/contracts';
import { hashPassword } from '../auth/passwords';
import type { ServiceContext } from '../context';

export const DEMO_PASSWORD = 'fanmission1';

interface DemoAccount {
  email: string;
  username: string;
  roles: Role[];
  creator?: { name: string; url: string };
}

/** Accounts a newcomer can log in with right after `npm start` (password `fanmission1`). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'fan@fanmission.local', username: '팬하나', roles: ['ROLE_USER'] },
  {
    email: 'creator@fanmission.local',
    username: '별빛',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: { name: '별빛 크리에이터', url: 'starlight' },
  },
  {
    email: 'newbie@fanmission.local',
    username: '새싹',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: { name: '새싹 크리에이터', url: 'sprout' },
  },
];

/**
 * Seeds the demo accounts on a database that has none of them yet; existing rows are left alone, so a second
 * start (or a real deployment that turned seeding on by mistake) never overwrites anything.
 */
export async function seedDemoData(ctx: ServiceContext): Promise<string[]> {
  const created: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          username: account.username,
          password_hash: passwordHash,
          provider: 'local',
          roles: account.roles,
          email_verified_at: ctx.now(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) return;
      created.push(account.email);
      if (account.creator) {
        await trx
          .insertInto('creators')
          .values({
            user_id: user.id,
            name: account.creator.name,
            url: account.creator.url,
            // The first demo creator has passed the operators' review; the second is still waiting for it.
            verified: account.creator.url === 'starlight',
          })
          .execute();
      }
    });
  }
  return created;
}
