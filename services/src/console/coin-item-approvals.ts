import {
  adminCoinItemInputSchema,
  type AdminApproval,
  type AdminCoinItem,
  type AdminCoinItemInput,
} from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { notFound } from '../http';
import { createCoinItem, getCoinItem, lockCoinItem, updateCoinItem } from './catalog';

/*
 * A BONUS coin item's coins are what every grant of it gives each member, so a BONUS item worth more than
 * BONUS_GRANT_APPROVAL_ABOVE_COINS is set only with a second finance member (services/src/approvals), as a grant of
 * that many coins is: adding one, raising one's coins, or making an item BONUS. Every other catalogue change (a name,
 * a price, fewer coins) runs at once.
 */

const coinItemChangeSchema = z.object({
  /** The item changed; null adds one. */
  itemId: z.number().int().nullable(),
  item: adminCoinItemInputSchema,
});

/** Whether setting the item (null: a new one) to `input` gives a BONUS item more coins than a grant may alone. */
function needsApproval(ctx: ServiceContext, before: AdminCoinItem | null, input: AdminCoinItemInput): boolean {
  if (input.itemType !== 'BONUS' || input.point <= ctx.config.BONUS_GRANT_APPROVAL_ABOVE_COINS) return false;
  return before === null || before.itemType !== 'BONUS' || input.point > before.point;
}

export const bonusCoinItemApproval = guardedAction({
  kind: 'BONUS_COIN_ITEM',
  role: 'ROLE_FINANCE',
  params: coinItemChangeSchema,
  summary: ({ item }) => ({ name: item.name, coins: item.point }),
  // The item as it is: any change of it meanwhile (its coins, its type, a deletion) voids the request.
  targetState: async (db, { itemId }) => (itemId === null ? null : await lockCoinItem(db, itemId)),
  async execute(trx, { itemId, item }) {
    if (itemId === null) return await createCoinItem(trx, item);
    if (!(await lockCoinItem(trx, itemId))) throw notFound();
    return await updateCoinItem(trx, itemId, item);
  },
});

/**
 * `POST /api/admin/coin-items` (`itemId` null) and `PUT /api/admin/coin-items/{id}`: the item saved at once
 * (`item`), or, for a BONUS item worth more than BONUS_GRANT_APPROVAL_ABOVE_COINS, a staff approval request
 * (`approval`).
 */
export async function saveCoinItemOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  itemId: number | null,
  input: AdminCoinItemInput,
): Promise<{ item: AdminCoinItem } | { approval: AdminApproval }> {
  const before = itemId === null ? null : await getCoinItem(ctx, itemId);
  if (!needsApproval(ctx, before, input)) {
    const item = itemId === null ? await createCoinItem(ctx.db, input) : await updateCoinItem(ctx.db, itemId, input);
    return { item };
  }
  const approval = await requestApproval(ctx, bonusCoinItemApproval, {
    maker: finance,
    params: { itemId, item: input },
    reason: null,
  });
  return { approval };
}
