import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  COMMENT_EVENT_LIMITS,
  type AdminCommentEvent,
  type AdminCommentEventInput,
  type CurrentCommentEvent,
} from '@fanmission/contracts';
import { grantBonus } from '@fanmission/ledger';
import { sql } from 'kysely';
import { koreaDate } from '@fanmission/contracts';
import type { DbExecutor } from '../db';
import type { CommentEventRow } from './table';

/*
 * The comment coin event. Operators set a period, a win probability, the coins per win and a daily budget
 * of coins. A new top-level comment during the event rolls once, provably fair: the event's server seed is committed
 * (sha256 published from the start, the seed itself revealed after the end) and the roll is
 * HMAC-SHA256(serverSeed, "{commentId}"), its first 8 bytes read as an unsigned integer / 2^64, a win when below
 * probability / 100. A win pays `coinsPerWin` BONUS coins from bonus issuance through the ledger (idempotent by the
 * comment id), at most once per member per Korea-time day, and only while the day's budget lasts: the day's row is
 * moved by one conditional update in the comment's transaction, so concurrent wins can never overspend it. An event
 * whose daily budget is above what operators may grant alone (COMMENT_EVENT_LIMITS) pays nothing until finance has
 * approved that budget.
 */

/** Whether the event's daily budget needs finance's approval, and whether it has it. */
export function budgetApprovalOf(event: Pick<CommentEventRow, 'daily_budget' | 'budget_approved_at'>) {
  if (event.daily_budget <= COMMENT_EVENT_LIMITS.dailyBudgetWithoutApproval) return 'NOT_NEEDED' as const;
  return event.budget_approved_at ? ('APPROVED' as const) : ('PENDING' as const);
}

export const commitmentOf = (serverSeed: string) => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** The roll of a comment, in [0, 1). */
export function rollValue(serverSeed: string, commentId: number): number {
  const digest = createHmac('sha256', serverSeed).update(String(commentId)).digest();
  return Number(digest.readBigUInt64BE(0)) / 2 ** 64;
}

export const isWinningRoll = (serverSeed: string, commentId: number, winProbability: number) =>
  rollValue(serverSeed, commentId) < winProbability / 100;

export const newServerSeed = () => randomBytes(32).toString('hex');

/** The event running at `now` (the latest started, if operators let two overlap). */
export async function currentEvent(db: DbExecutor, now: Date): Promise<CommentEventRow | undefined> {
  return await db
    .selectFrom('comment_events')
    .selectAll()
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The event as fans are told of it: none while its budget waits for finance's approval (it pays nothing then). */
export async function announcedEvent(db: DbExecutor, now: Date): Promise<CurrentCommentEvent> {
  const event = await currentEvent(db, now);
  if (!event || budgetApprovalOf(event) === 'PENDING') return { event: null };
  return {
    event: {
      title: event.title,
      endsAt: event.ends_at.toISOString(),
      winProbability: Number(event.win_probability),
      coinsPerWin: event.coins_per_win,
      commitment: event.commitment,
    },
  };
}

export interface CommentEventOutcome {
  win: boolean;
  coins: number;
  eventId: number | null;
}

const NO_WIN: CommentEventOutcome = { win: false, coins: 0, eventId: null };

/**
 * Rolls for a new top-level comment inside its transaction: on a win, claims the member's win of the day, takes the
 * coins from the day's budget (a conditional update: it fails rather than overspend) and credits the bonus lot.
 * Anything short of all three is no win (the transaction's other writes stand).
 */
export async function rollForComment(
  trx: DbExecutor,
  input: { commentId: number; missionId: number; userId: number; isCreator: boolean; now: Date },
): Promise<CommentEventOutcome> {
  // A creator's wallet is frozen (he cannot hold coins), so creators take no part.
  if (input.isCreator) return NO_WIN;
  const event = await currentEvent(trx, input.now);
  if (!event || budgetApprovalOf(event) === 'PENDING') return NO_WIN;
  if (!isWinningRoll(event.server_seed, input.commentId, Number(event.win_probability))) return NO_WIN;
  const day = koreaDate(input.now);
  const coins = event.coins_per_win;

  const claimed = await trx
    .insertInto('comment_event_wins')
    .values({ event_id: event.id, user_id: input.userId, day, comment_id: input.commentId, coins })
    .onConflict((oc) => oc.columns(['event_id', 'user_id', 'day']).doNothing())
    .returning('comment_id')
    .executeTakeFirst();
  if (!claimed) return NO_WIN;

  await trx
    .insertInto('comment_event_days')
    .values({ event_id: event.id, day })
    .onConflict((oc) => oc.columns(['event_id', 'day']).doNothing())
    .execute();
  const paid = await trx
    .updateTable('comment_event_days')
    .set({ paid: sql<number>`paid + ${coins}` })
    .where('event_id', '=', event.id)
    .where('day', '=', day)
    .where(sql<boolean>`paid + ${coins} <= ${event.daily_budget}`)
    .returning('paid')
    .executeTakeFirst();
  if (!paid) {
    await trx.deleteFrom('comment_event_wins').where('comment_id', '=', input.commentId).execute();
    return NO_WIN;
  }

  await grantBonus(trx, {
    userId: input.userId,
    coins,
    reason: 'COMMENT_EVENT',
    idempotencyKey: `comment-event-win:${input.commentId}`,
    now: input.now,
    metadata: { commentId: input.commentId, missionId: input.missionId, commentEventId: event.id },
  });
  await trx
    .updateTable('mission_comments')
    .set({ event_id: event.id, win_point: coins })
    .where('id', '=', input.commentId)
    .execute();
  return { win: true, coins, eventId: event.id };
}

// ---- operators ----

export function eventValues(input: AdminCommentEventInput) {
  return {
    title: input.title,
    starts_at: new Date(input.startsAt),
    ends_at: new Date(input.endsAt),
    win_probability: input.winProbability,
    coins_per_win: input.coinsPerWin,
    daily_budget: input.dailyBudget,
  };
}

export async function adminEventViews(
  db: DbExecutor,
  rows: readonly CommentEventRow[],
  now: Date,
): Promise<AdminCommentEvent[]> {
  if (rows.length === 0) return [];
  const totals = await db
    .selectFrom('comment_event_wins')
    .select(['event_id', (eb) => eb.fn.countAll<string>().as('wins'), (eb) => eb.fn.sum<string>('coins').as('coins')])
    .where(
      'event_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('event_id')
    .execute();
  const byEvent = new Map(totals.map((row) => [row.event_id, row]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    winProbability: Number(row.win_probability),
    coinsPerWin: row.coins_per_win,
    dailyBudget: row.daily_budget,
    budgetApproval: budgetApprovalOf(row),
    budgetApprovedBy: row.budget_approved_by,
    budgetApprovedAt: row.budget_approved_at?.toISOString() ?? null,
    commitment: row.commitment,
    serverSeed: row.ends_at.getTime() <= now.getTime() ? row.server_seed : null,
    paidCoins: Number(byEvent.get(row.id)?.coins ?? 0),
    wins: Number(byEvent.get(row.id)?.wins ?? 0),
    createdAt: row.created_at.toISOString(),
  }));
}
