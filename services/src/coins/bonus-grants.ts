import {
  BONUS_GRANT_LIMITS,
  bonusGrantRecipientsSchema,
  KOREA_OFFSET_MS,
  koreaDate,
  koreaMonthOf,
  koreaPeriod,
  type AdminApproval,
  type AdminBonusGrant,
  type AdminBonusGrantCreate,
  type BonusGrantRecipients,
} from '@fanmission/contracts';
import { grantBonus } from '@fanmission/ledger';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { ListPage, ListWindow } from '../admin';
import { approvalAskedUnder, guardedAction, requestApproval, takeAllowance } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { Database, DbExecutor } from '../db';
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

/** A grant as it runs: the item's coins to each member listed, within the budget, under the maker's key. */
const bonusGrantRunSchema = z.object({
  coinItemId: z.number().int(),
  /** The item's name when asked (requests made before it was kept show the item's id). */
  itemName: z.string().optional(),
  coinsEach: z.number().int().positive(),
  reason: z.string(),
  budgetCoins: z.number().int().positive(),
  /** The recipients as the maker asked for them (kept on the grant), and the members they were then. */
  recipients: bonusGrantRecipientsSchema,
  userIds: z.array(z.number().int()),
  idempotencyKey: z.string(),
});
type BonusGrantRun = z.infer<typeof bonusGrantRunSchema>;

/** The start of the Korea-time day and month of an instant. */
function koreaDayAndMonthStart(now: Date) {
  const day = new Date(Date.parse(`${koreaDate(now)}T00:00:00Z`) - KOREA_OFFSET_MS);
  const { year, month } = koreaMonthOf(now);
  return { day, month: koreaPeriod(year, month).from };
}

/**
 * The platform's daily and monthly caps of free coins (BONUS_GRANT_DAILY_CAP_COINS, BONUS_GRANT_MONTHLY_CAP_COINS,
 * Korea time), checked under one lock so that two grants at once cannot pass a cap together.
 */
async function requireWithinCaps(trx: Transaction<Database>, ctx: ServiceContext, coins: number, now: Date) {
  await sql`select pg_advisory_xact_lock(hashtext('bonus-grant-caps'))`.execute(trx);
  const { day, month } = koreaDayAndMonthStart(now);
  const granted = await trx
    .selectFrom('bonus_grants as g')
    .innerJoin('bonus_grant_recipients as r', 'r.grant_id', 'g.id')
    .select([
      sql<number>`coalesce(sum(r.coins) filter (where g.created_at >= ${day}), 0)::int`.as('today'),
      sql<number>`coalesce(sum(r.coins), 0)::int`.as('month'),
    ])
    .where('g.created_at', '>=', month)
    .executeTakeFirstOrThrow();
  const caps = [
    ['approvals.bonusDailyCapExceeded', ctx.config.BONUS_GRANT_DAILY_CAP_COINS, Number(granted.today)],
    ['approvals.bonusMonthlyCapExceeded', ctx.config.BONUS_GRANT_MONTHLY_CAP_COINS, Number(granted.month)],
  ] as const;
  for (const [key, cap, already] of caps) {
    if (already + coins > cap) {
      throw new AppError(409, key, { code: 'BONUS_CAP_EXCEEDED', params: { cap, granted: already, coins } });
    }
  }
}

/** Credits every member once under the grant, within the caps; null when a concurrent retry made the grant first. */
async function runGrant(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  makerId: number,
  run: BonusGrantRun,
  now: Date,
) {
  await requireWithinCaps(trx, ctx, run.userIds.length * run.coinsEach, now);
  const grant = await trx
    .insertInto('bonus_grants')
    .values({
      coin_item_id: run.coinItemId,
      coins_each: run.coinsEach,
      reason: run.reason,
      budget_coins: run.budgetCoins,
      recipients: JSON.stringify(run.recipients),
      created_by: makerId,
      idempotency_key: run.idempotencyKey,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['created_by', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // A concurrent retry with the same key committed first: its grant stands, this one adds nothing.
  if (!grant) return null;
  for (const userId of run.userIds) {
    const entry = await grantBonus(trx, {
      userId,
      coins: run.coinsEach,
      reason: 'FREE_COIN_EVENT',
      coinItemId: run.coinItemId,
      idempotencyKey: `bonus-grant:${grant.id}:user:${userId}`,
      now,
      metadata: { bonusGrantId: grant.id },
    });
    await trx
      .insertInto('bonus_grant_recipients')
      .values({ grant_id: grant.id, user_id: userId, coins: run.coinsEach, ledger_transaction_id: entry.transactionId })
      .execute();
  }
  return grant.id;
}

/** The item's coins and type: a grant waiting for approval is void once its item changes. */
async function itemState(db: DbExecutor, coinItemId: number) {
  const item = await findCoinItem(db, coinItemId);
  return item ? { itemType: item.item_type, point: item.point } : null;
}

/** Checks a grant as asked (item, members, budget): what it will run. */
async function checkedGrant(db: DbExecutor, input: AdminBonusGrantCreate, idempotencyKey: string) {
  const item = await findCoinItem(db, input.coinItemId);
  if (!item || item.item_type !== 'BONUS') {
    throw invalidFields([{ field: 'coinItemId', key: 'bonusGrants.notBonusItem', rejectedValue: input.coinItemId }]);
  }
  const userIds = await recipientsOf(db, input.recipients);
  const needed = userIds.length * item.point;
  if (needed > input.budgetCoins) {
    throw new AppError(409, 'bonusGrants.budgetExceeded', {
      code: 'BONUS_BUDGET_EXCEEDED',
      params: { needed, budget: input.budgetCoins },
    });
  }
  return {
    coinItemId: item.id,
    itemName: item.name,
    coinsEach: item.point,
    reason: input.reason,
    budgetCoins: input.budgetCoins,
    recipients: input.recipients,
    userIds,
    idempotencyKey,
  } satisfies BonusGrantRun;
}

/**
 * A grant of more free coins in all than BONUS_GRANT_APPROVAL_ABOVE_COINS, as a staff approval: a finance member
 * other than its maker approves it, and it runs then, checked again (members, budget, caps) in the approval's
 * transaction.
 */
/** How many of a grant's members the checker's page names (the rest are counted). */
const APPROVAL_SUBJECT_MEMBERS = 20;

export const bonusGrantApproval = guardedAction({
  kind: 'BONUS_GRANT',
  role: 'ROLE_FINANCE',
  params: bonusGrantRunSchema,
  summary: (run) => ({
    members: run.userIds.length,
    coinsEach: run.coinsEach,
    coins: run.userIds.length * run.coinsEach,
    item: run.itemName ?? `#${run.coinItemId}`,
  }),
  targetState: (db, run) => itemState(db, run.coinItemId),
  // The checker sees who gets the coins: the first members by id (name and e-mail), how many in all and the coins.
  async subject(run, ctx) {
    const members = await ctx.db
      .selectFrom('users')
      .select(['id as userId', 'username', 'email'])
      .where('id', 'in', run.userIds.length > 0 ? run.userIds : [0])
      .orderBy('id')
      .limit(APPROVAL_SUBJECT_MEMBERS)
      .execute();
    return {
      members,
      memberCount: run.userIds.length,
      amountWon: null,
      coins: run.userIds.length * run.coinsEach,
      destination: null,
      record: run.userIds.length === 1 ? { resource: 'users', id: run.userIds[0]! } : null,
    };
  },
  async execute(trx, run, approved) {
    const rechecked = await checkedGrant(
      trx,
      {
        coinItemId: run.coinItemId,
        reason: run.reason,
        budgetCoins: run.budgetCoins,
        recipients: { userIds: run.userIds },
      },
      run.idempotencyKey,
    );
    const id = await runGrant(
      trx,
      approved.ctx,
      approved.makerId,
      { ...run, userIds: rechecked.userIds },
      approved.now,
    );
    if (id === null) throw new AppError(409, 'payments.idempotencyConflict', { code: 'IDEMPOTENCY_CONFLICT' });
    const row = await grantsQuery(trx).where('g.id', '=', id).executeTakeFirstOrThrow();
    return toDto(row);
  },
});

/**
 * `POST /api/admin/bonus-grants`: every recipient credited once, within the budget and the platform's caps, or
 * nothing at all. A grant that would take its maker past his daily FREE_COINS allowance (BONUS_GRANT_APPROVAL_ABOVE_COINS
 * in all over the last 24 hours, services/src/approvals) is a staff approval request instead (`approval`).
 */
export async function grantBonusItem(
  ctx: ServiceContext,
  finance: Caller,
  input: AdminBonusGrantCreate,
  idempotencyKey: string,
): Promise<{ grant: AdminBonusGrant } | { approval: AdminApproval }> {
  const earlier = await grantsQuery(ctx.db)
    .where('g.created_by', '=', finance.id)
    .where('g.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (earlier) {
    if (!sameRequest(earlier, input)) {
      throw new AppError(409, 'payments.idempotencyConflict', { code: 'IDEMPOTENCY_CONFLICT' });
    }
    return { grant: toDto(earlier) };
  }
  const run = await checkedGrant(ctx.db, input, idempotencyKey);
  const askApproval = async () => ({
    approval: await requestApproval(ctx, bonusGrantApproval, {
      maker: finance,
      params: run,
      reason: input.reason,
      idempotencyKey,
    }),
  });
  // A retry of a grant sent for approval answers that request, even once the allowance would let it run alone.
  if (await approvalAskedUnder(ctx, { makerId: finance.id, kind: 'BONUS_GRANT', idempotencyKey })) {
    return await askApproval();
  }
  const coins = run.userIds.length * run.coinsEach;
  const now = ctx.now();
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The grant and its use of the maker's allowance commit together, or neither does.
      const use = await takeAllowance(trx, ctx, {
        staffId: finance.id,
        allowance: 'FREE_COINS',
        amount: coins,
        action: 'BONUS_GRANT',
        reference: idempotencyKey,
      });
      if (use === null) return { overAllowance: true } as const;
      const id = await runGrant(trx, ctx, finance.id, run, now);
      // A concurrent retry with the same key made the grant: this one neither grants nor counts.
      if (id === null) throw new ConcurrentRetry();
      return { id };
    })
    .catch((error: unknown) => {
      if (error instanceof ConcurrentRetry) return { retried: true } as const;
      throw error;
    });
  if ('retried' in outcome) return await grantBonusItem(ctx, finance, input, idempotencyKey);
  if ('overAllowance' in outcome) return await askApproval();
  return { grant: await getBonusGrant(ctx, outcome.id) };
}

/** A grant whose key a concurrent retry used first: its transaction rolls back, and the retry's grant answers. */
class ConcurrentRetry extends Error {}
