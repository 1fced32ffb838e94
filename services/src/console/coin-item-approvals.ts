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
 * A coin item's coins and prices are what money buys, so they change only with a second finance member
 * (services/src/approvals):
 * - a CASH item sells cash-backed coins: adding one, making an item CASH or changing a CASH item's coins, price,
 *   discount or PayPal price waits for approval (`CASH_COIN_ITEM`); its rate is the contract's (coins × 100 won less
 *   an explicit discount);
 * - a BONUS item's coins are what every grant of it gives each member, so one worth more than
 *   BONUS_GRANT_APPROVAL_ABOVE_COINS waits as a grant of that many coins does (`BONUS_COIN_ITEM`): adding one,
 *   raising its coins, or making an item BONUS.
 * Every other catalogue change (a name, the order, switching an item on or off, fewer bonus coins) runs at once.
 */

const coinItemChangeSchema = z.object({
  /** The item changed; null adds one. */
  itemId: z.number().int().nullable(),
  item: adminCoinItemInputSchema,
});

/** Whether the change touches what a CASH item sells: its coins or prices, its being CASH, or a new CASH item. */
function changesCashValue(before: AdminCoinItem | null, input: AdminCoinItemInput): boolean {
  if (before === null) return input.itemType === 'CASH';
  if (before.itemType !== 'CASH' && input.itemType !== 'CASH') return false;
  return (
    before.itemType !== input.itemType ||
    before.point !== input.point ||
    before.price !== input.price ||
    before.discount !== input.discount ||
    before.usdPrice !== input.usdPrice
  );
}

/** Whether setting the item (null: a new one) to `input` gives a BONUS item more coins than a grant may alone. */
function raisesBonusCoins(ctx: ServiceContext, before: AdminCoinItem | null, input: AdminCoinItemInput): boolean {
  if (input.itemType !== 'BONUS' || input.point <= ctx.config.BONUS_GRANT_APPROVAL_ABOVE_COINS) return false;
  return before === null || before.itemType !== 'BONUS' || input.point > before.point;
}

// The item as it is: any change of it meanwhile (its coins, its prices, its type, a deletion) voids the request.
const itemState = async (db: Parameters<typeof lockCoinItem>[0], itemId: number | null) =>
  itemId === null ? null : await lockCoinItem(db, itemId);

async function saveItem(
  trx: Parameters<typeof createCoinItem>[0],
  { itemId, item }: z.infer<typeof coinItemChangeSchema>,
) {
  if (itemId === null) return await createCoinItem(trx, item);
  if (!(await lockCoinItem(trx, itemId))) throw notFound();
  return await updateCoinItem(trx, itemId, item);
}

export const bonusCoinItemApproval = guardedAction({
  kind: 'BONUS_COIN_ITEM',
  role: 'ROLE_FINANCE',
  params: coinItemChangeSchema,
  summary: ({ item }) => ({ name: item.name, coins: item.point }),
  targetState: (db, { itemId }) => itemState(db, itemId),
  execute: (trx, params) => saveItem(trx, params),
});

export const cashCoinItemApproval = guardedAction({
  kind: 'CASH_COIN_ITEM',
  role: 'ROLE_FINANCE',
  params: coinItemChangeSchema,
  summary: ({ item }) => ({ name: item.name, coins: item.point, price: item.price, discount: item.discount }),
  targetState: (db, { itemId }) => itemState(db, itemId),
  execute: (trx, params) => saveItem(trx, params),
});

/**
 * `POST /api/admin/coin-items` (`itemId` null) and `PUT /api/admin/coin-items/{id}`: the item saved at once
 * (`item`), or a staff approval request (`approval`) for a change of what a CASH item sells or a BONUS item worth
 * more than BONUS_GRANT_APPROVAL_ABOVE_COINS.
 */
export async function saveCoinItemOrRequestApproval(
  ctx: ServiceContext,
  finance: Caller,
  itemId: number | null,
  input: AdminCoinItemInput,
): Promise<{ item: AdminCoinItem } | { approval: AdminApproval }> {
  const before = itemId === null ? null : await getCoinItem(ctx, itemId);
  const action = changesCashValue(before, input)
    ? cashCoinItemApproval
    : raisesBonusCoins(ctx, before, input)
      ? bonusCoinItemApproval
      : null;
  if (action === null) {
    const item = itemId === null ? await createCoinItem(ctx.db, input) : await updateCoinItem(ctx.db, itemId, input);
    return { item };
  }
  const approval = await requestApproval(ctx, action, {
    maker: finance,
    params: { itemId, item: input },
    reason: null,
  });
  return { approval };
}
