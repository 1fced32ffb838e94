import { DAY_MS, koreaDate } from '@fanmission/contracts';
import type { ServiceContext } from '../context';

/** The demo creator who paused new requests (his page shows the message and return day). */
export const DEMO_PAUSED_CREATOR_URL = 'gameking';
/** The demo creator with a capped product: his first BASIC product takes at most `DEMO_PRODUCT_CAP` open requests. */
export const DEMO_CAPPED_CREATOR_URL = 'cookingbear';
export const DEMO_PRODUCT_CAP = 5;

/**
 * A paused creator (back in two weeks) and a capped product for the demo (docs/rules/creators.md). A creator that
 * already has capacity settings is left alone, so a second start changes nothing the demo's users saved.
 */
export async function seedDemoCapacity(ctx: ServiceContext): Promise<void> {
  const creators = await ctx.db
    .selectFrom('creators')
    .leftJoin('creator_capacity', 'creator_capacity.creator_id', 'creators.id')
    .select(['creators.id', 'creators.url', 'creator_capacity.creator_id as configured'])
    .where('creators.url', 'in', [DEMO_PAUSED_CREATOR_URL, DEMO_CAPPED_CREATOR_URL])
    .execute();
  for (const creator of creators) {
    if (creator.configured !== null) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const paused = creator.url === DEMO_PAUSED_CREATOR_URL;
      await trx
        .insertInto('creator_capacity')
        .values({
          creator_id: creator.id,
          paused,
          return_on: paused ? koreaDate(new Date(ctx.now().getTime() + 14 * DAY_MS)) : null,
          pause_message: paused ? '새 게임 리뷰 준비로 잠시 쉬어가요' : null,
        })
        .onConflict((conflict) => conflict.column('creator_id').doNothing())
        .execute();
      if (paused) return;
      const product = await trx
        .selectFrom('mission_products')
        .select('id')
        .where('creator_id', '=', creator.id)
        .where('type', '=', 'BASIC')
        .orderBy('sort_order')
        .orderBy('id')
        .executeTakeFirst();
      if (product) {
        await trx
          .updateTable('mission_products')
          .set({ max_open_requests: DEMO_PRODUCT_CAP })
          .where('id', '=', product.id)
          .execute();
      }
    });
  }
}
