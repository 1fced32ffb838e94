import { hashPassword } from '../auth';
import type { ServiceContext } from '../context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoCapacity } from './demo-capacity';
import { seedDemoContent } from './demo-content';
import { drawDemoAvatar, drawDemoPortrait, storeDemoImage } from './demo-images';
import { seedDemoMissions } from './demo-missions';

/**
 * Seeds the demo accounts on a database that has none of them yet, with tags, FAQ entries and a popup; existing
 * rows are left alone, so a second start (or a real deployment that turned seeding on by mistake) never overwrites
 * anything. Demo creators get a DiceBear profile photo, Korean descriptions, tags and SNS links, and mission products;
 * the demo fan gets coins and a few missions (`demo-missions.ts`).
 */
export async function seedDemoData(ctx: ServiceContext): Promise<string[]> {
  const created: string[] = [];
  const existing = await ctx.db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const known = new Set(existing.map((row) => row.email));
  const missing = DEMO_ACCOUNTS.filter((account) => !known.has(account.email));
  // A seeded database (every warm start) skips the password hash, the slowest step here.
  const passwordHash = missing.length > 0 ? await hashPassword(DEMO_PASSWORD) : '';
  const hasPopup = await ctx.db.selectFrom('popups').select('id').limit(1).executeTakeFirst();
  const popupImage = hasPopup
    ? null
    : await storeDemoImage(ctx, ctx.db, null, await drawDemoPortrait(['#ff5a5f', '#ffd166']));
  const tagIds = await seedDemoContent(ctx, popupImage);
  for (const account of missing) {
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
      const profile = account.creator;
      if (!profile) return;
      const imageId = await storeDemoImage(ctx, trx, user.id, await drawDemoAvatar(profile.url));
      await trx.updateTable('users').set({ image_file_id: imageId }).where('id', '=', user.id).execute();
      const creator = await trx
        .insertInto('creators')
        .values({
          user_id: user.id,
          name: profile.name,
          url: profile.url,
          verified: profile.verified,
          contain_adult_content: profile.adult ?? false,
          adult_flagged_by: profile.adult ? 'CREATOR' : null,
          description: profile.description,
          business_type: 'NONE',
          business_cash_receipt_number: '01000000000',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('creator_tags')
        .values(profile.tags.map((tag) => ({ creator_id: creator.id, tag_id: tagIds.get(tag)! })))
        .execute();
      await trx
        .insertInto('creator_sns_links')
        .values(profile.snsLinks.map((link) => ({ creator_id: creator.id, ...link })))
        .execute();
    });
  }
  await seedDemoMissions(ctx);
  await seedDemoApprovals(ctx);
  await seedDemoCapacity(ctx);
  return created;
}
