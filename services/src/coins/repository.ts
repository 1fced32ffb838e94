import type { CoinItemType } from '@fanmission/contracts';
import type { Insertable } from 'kysely';
import type { DbExecutor } from '../db';
import type { CoinDepositRow, CoinDepositsTable, CoinItemRow } from './table';

/** The active catalogue, in the order the charge modal lists it. */
export async function listCoinItems(db: DbExecutor, itemType?: CoinItemType): Promise<CoinItemRow[]> {
  let query = db.selectFrom('coin_items').selectAll().where('active', '=', true);
  if (itemType) query = query.where('item_type', '=', itemType);
  return query.orderBy('sort_order').orderBy('id').execute();
}

export async function findCoinItem(db: DbExecutor, id: number): Promise<CoinItemRow | undefined> {
  return db.selectFrom('coin_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDepositByPayment(db: DbExecutor, paymentId: string): Promise<CoinDepositRow | undefined> {
  return db.selectFrom('coin_deposits').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

export async function insertCoinDeposit(
  db: DbExecutor,
  values: Insertable<CoinDepositsTable>,
): Promise<CoinDepositRow> {
  return db.insertInto('coin_deposits').values(values).returningAll().executeTakeFirstOrThrow();
}

/** When the member switched to a creator account (their charged coins froze), or null. */
export async function findCoinsFrozenAt(db: DbExecutor, userId: number): Promise<Date | null> {
  const user = await db.selectFrom('users').select('coins_frozen_at').where('id', '=', userId).executeTakeFirst();
  return user?.coins_frozen_at ?? null;
}
