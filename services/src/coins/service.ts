import type { CoinBalance, CoinItem, CoinItemType } from '@fanmission/contracts';
import { balance, walletAccount } from '@fanmission/ledger';
import type { ServiceContext } from '../context';
import * as repository from './repository';
import type { CoinItemRow } from './table';

export function toCoinItem(row: CoinItemRow): CoinItem {
  return {
    id: row.id,
    itemType: row.item_type,
    name: row.name,
    point: row.point,
    price: row.price,
    usdPrice: Number(row.usd_price),
  };
}

export async function listCoinItems(ctx: ServiceContext, itemType?: CoinItemType): Promise<CoinItem[]> {
  return (await repository.listCoinItems(ctx.db, itemType)).map(toCoinItem);
}

/**
 * The member's balance from the ledger. `point` is what can be spent now: expired lots not yet swept are left out,
 * and coins frozen by a switch to a creator account count as 0 (they show in `frozenPoint`), because the ledger
 * refuses to spend them.
 */
export async function getCoinBalance(ctx: ServiceContext, userId: number): Promise<CoinBalance> {
  const [wallet, frozenAt] = await Promise.all([
    balance(ctx.db, walletAccount(userId), { now: ctx.now() }),
    repository.findCoinsFrozenAt(ctx.db, userId),
  ]);
  return frozenAt ? { point: 0, frozenPoint: wallet.spendable } : { point: wallet.spendable, frozenPoint: 0 };
}
