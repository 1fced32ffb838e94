import {
  BONUS_GRANT_LIMITS,
  type AdminBonusGrant,
  type AdminBonusGrantCreate,
  type BonusGrantRecipients,
} from '@fanmission/contracts';
import { grantBonus } from '@fanmission/ledger';
import { sql } from 'kysely';
import type { ListPage, ListWindow } from '../admin';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, invalidFields, notFound } from '../http';
import { findCoinItem } from './repository';

/*
 * Free-coin events: finance grants a BONUS coin item to chosen members with a reason and a budget. The grant and every
 * member's BONUS_GRANT (ledger key `bonus-grant:<grant>:user:<member>`) commit together or not at all; the grant is
 * unique per author and Idempotency-Key, so a retry answers the grant made the first time and grants nothing twice.
 * Fans only: creators (frozen wallets), staff and deleted accounts are never granted coins.
 */

/**
 * Members who may be granted coins: fans, not deleted, not staff, whose coins are not frozen. A creator's wallet is
 * frozen (the ledger refuses coins given to it: they could never be spent).
 */
function members(db: DbExecutor) {
  return db
    .selectFrom('users')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('coins_frozen_at', 'is', null)
    .where(sql<boolean>`'ROLE_USER' = any(roles)`)
    .where(sql<boolean>`not (roles && array['ROLE_CREATOR', 'ROLE_OPERATOR', 'ROLE_FINANCE']::text[])`);
}

async function recipientsOf(db: DbExecutor, recipients: BonusGrantRecipients): Promise<number[]> {
  if ('userIds' in recipients) {
    const asked = [...new Set(recipients.userIds)].sort((a, b) => a - b);
    const found = new Set((await members(db).where('id', 'in', asked).execute()).map((row) => row.id));
    const unknown = asked.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw invalidFields([
        {
          field: 'recipients.userIds',
          key: 'bonusGrants.unknownMembers',
          params: { ids: unknown.join(', ') },
          rejectedValue: unknown,
        },
      ]);
    }
    return asked;
  }
  let query = members(db);
  const { joinedFrom, joinedTo } = recipients.filter;
  if (joinedFrom) query = query.where('created_at', '>=', new Date(joinedFrom));
  if (joinedTo) query = query.where('created_at', '<', new Date(joinedTo));
  const rows = await query
    .orderBy('id')
    .limit(BONUS_GRANT_LIMITS.maxRecipients + 1)
    .execute();
  if (rows.length > BONUS_GRANT_LIMITS.maxRecipients) {
    throw new AppError(409, 'bonusGrants.tooManyRecipients', {
      code: 'TOO_MANY_RECIPIENTS',
      params: { max: BONUS_GRANT_LIMITS.maxRecipients },
    });
  }
  if (rows.length === 0) throw new AppError(409, 'bonusGrants.noRecipients', { code: 'CONFLICT' });
  return rows.map((row) => row.id);
}

function grantsQuery(db: DbExecutor) {
  return db
    .selectFrom('bonus_grants as g')
    .innerJoin('coin_items as i', 'i.id', 'g.coin_item_id')
    .select((eb) => [
      'g.id',
      'g.coin_item_id',
      'i.name as item_name',
      'g.coins_each',
      'g.reason',
      'g.budget_coins',
      'g.recipients as asked',
      'g.created_by',
      'g.created_at',
      eb
        .selectFrom('bonus_grant_recipients as r')
        .whereRef('r.grant_id', '=', 'g.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('recipients'),
      eb
        .selectFrom('bonus_grant_recipients as r')
        .whereRef('r.grant_id', '=', 'g.id')
        .select(sql<number>`coalesce(sum(r.coins), 0)::int`.as('n'))
        .as('granted_coins'),
    ]);
}
type GrantRow = Awaited<ReturnType<ReturnType<typeof grantsQuery>['executeTakeFirstOrThrow']>>;

const toDto = (row: GrantRow): AdminBonusGrant => ({
  id: row.id,
  coinItem: { id: row.coin_item_id, name: row.item_name },
  coinsEach: row.coins_each,
  reason: row.reason,
  budgetCoins: row.budget_coins,
  recipients: Number(row.recipients ?? 0),
  grantedCoins: Number(row.granted_coins ?? 0),
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
});

export async function getBonusGrant(ctx: ServiceContext, id: number): Promise<AdminBonusGrant> {
  const row = await grantsQuery(ctx.db).where('g.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('bonusGrants.notFound');
  return toDto(row);
}

export async function listBonusGrants(
  ctx: ServiceContext,
  query: { filter: { id?: number | number[] | undefined }; sort: ['id', 'ASC' | 'DESC']; window: ListWindow },
): Promise<ListPage<AdminBonusGrant>> {
  let selected = grantsQuery(ctx.db);
  if (query.filter.id !== undefined) {
    const ids = Array.isArray(query.filter.id) ? query.filter.id : [query.filter.id];
    selected = ids.length === 0 ? selected.where((eb) => eb.val(false)) : selected.where('g.id', 'in', ids);
  }
  const direction = query.sort[1] === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    selected.orderBy('g.id', direction).limit(query.window.limit).offset(query.window.offset).execute(),
    ctx.db
      .selectFrom('bonus_grants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toDto), total: query.filter.id === undefined ? Number(count.n) : rows.length };
}

/** The same request as the grant recorded under the key (a retry), or a different one (409). */
const sameRequest = (row: GrantRow, input: AdminBonusGrantCreate) =>
  row.coin_item_id === input.coinItemId &&
  row.reason === input.reason &&
  row.budget_coins === input.budgetCoins &&
  canonical(row.asked) === canonical(input.recipients);

/** JSON with every object's keys sorted (jsonb keeps its own key order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `POST /api/admin/bonus-grants`: every recipient credited once, within the budget, or nothing at all. */
export async function grantBonusItem(
  ctx: ServiceContext,
  financeUserId: number,
  input: AdminBonusGrantCreate,
  idempotencyKey: string,
): Promise<AdminBonusGrant> {
  const earlier = await grantsQuery(ctx.db)
    .where('g.created_by', '=', financeUserId)
    .where('g.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (earlier) {
    if (!sameRequest(earlier, input)) {
      throw new AppError(409, 'payments.idempotencyConflict', { code: 'IDEMPOTENCY_CONFLICT' });
    }
    return toDto(earlier);
  }
  const item = await findCoinItem(ctx.db, input.coinItemId);
  if (!item || item.item_type !== 'BONUS') {
    throw invalidFields([{ field: 'coinItemId', key: 'bonusGrants.notBonusItem', rejectedValue: input.coinItemId }]);
  }
  const userIds = await recipientsOf(ctx.db, input.recipients);
  const needed = userIds.length * item.point;
  if (needed > input.budgetCoins) {
    throw new AppError(409, 'bonusGrants.budgetExceeded', {
      code: 'BONUS_BUDGET_EXCEEDED',
      params: { needed, budget: input.budgetCoins },
    });
  }
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const grant = await trx
      .insertInto('bonus_grants')
      .values({
        coin_item_id: item.id,
        coins_each: item.point,
        reason: input.reason,
        budget_coins: input.budgetCoins,
        recipients: JSON.stringify(input.recipients),
        created_by: financeUserId,
        idempotency_key: idempotencyKey,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['created_by', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // A concurrent retry with the same key committed first: its grant stands, this one adds nothing.
    if (!grant) return null;
    for (const userId of userIds) {
      const entry = await grantBonus(trx, {
        userId,
        coins: item.point,
        reason: 'FREE_COIN_EVENT',
        coinItemId: item.id,
        idempotencyKey: `bonus-grant:${grant.id}:user:${userId}`,
        now,
        metadata: { bonusGrantId: grant.id },
      });
      await trx
        .insertInto('bonus_grant_recipients')
        .values({ grant_id: grant.id, user_id: userId, coins: item.point, ledger_transaction_id: entry.transactionId })
        .execute();
    }
    return grant.id;
  });
  if (id === null) return await grantBonusItem(ctx, financeUserId, input, idempotencyKey);
  return await getBonusGrant(ctx, id);
}
