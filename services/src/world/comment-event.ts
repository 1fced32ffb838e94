import { DAY_MS, koreaDate } from '@fanmission/contracts';
import { commitmentOf, isWinningRoll } from '../comments';
import type { Row, WorldContext } from './shape';

/** A comment's win in the comment coin event: BONUS coins through the ledger, like services/src/comments/coin-event.ts. */
export interface CommentWin {
  commentId: number;
  missionId: number;
  userId: number;
  coins: number;
  at: Date;
}

const WIN_PERCENT = 5;
const COINS_PER_WIN = 10;
const DAILY_BUDGET = 100;

/**
 * The comment coin event running now (two weeks in, two to go), with the wins of the top-level comments written
 * since it started: each rolled as the product rolls it (the event's committed server seed and the comment id), at
 * most one win per member per Korea-time day and within the day's budget. Marks the winning comments.
 */
export function commentEventOf(world: WorldContext, comments: Row[]) {
  const { now, random } = world;
  const startsAt = new Date(now.getTime() - 14 * DAY_MS);
  const serverSeed = Array.from({ length: 64 }, () => random.below(16).toString(16)).join('');
  const event = {
    id: 1,
    title: '댓글 달고 코인 받자!',
    starts_at: startsAt,
    ends_at: new Date(now.getTime() + 14 * DAY_MS),
    win_probability: String(WIN_PERCENT),
    coins_per_win: COINS_PER_WIN,
    daily_budget: DAILY_BUDGET,
    server_seed: serverSeed,
    commitment: commitmentOf(serverSeed),
    created_at: new Date(startsAt.getTime() - DAY_MS),
  };
  const wins: CommentWin[] = [];
  const winRows: Row[] = [];
  const paid = new Map<string, number>();
  const winners = new Set<string>();
  const ordered = [...comments].sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
  for (const comment of ordered) {
    const at = comment.created_at as Date;
    if (comment.parent_id !== null || at < startsAt) continue;
    const commentId = comment.id as number;
    if (!isWinningRoll(serverSeed, commentId, WIN_PERCENT)) continue;
    const day = koreaDate(at);
    const userId = comment.user_id as number;
    const paidToday = paid.get(day) ?? 0;
    if (winners.has(`${userId}:${day}`) || paidToday + COINS_PER_WIN > DAILY_BUDGET) continue;
    winners.add(`${userId}:${day}`);
    paid.set(day, paidToday + COINS_PER_WIN);
    comment.event_id = event.id;
    comment.win_point = COINS_PER_WIN;
    wins.push({ commentId, missionId: comment.mission_id as number, userId, coins: COINS_PER_WIN, at });
    winRows.push({
      event_id: event.id,
      user_id: userId,
      day,
      comment_id: commentId,
      coins: COINS_PER_WIN,
      created_at: at,
    });
  }
  const days = [...paid].map(([day, coins]) => ({ event_id: event.id, day, paid: coins }));
  return { event, wins, winRows, days };
}
