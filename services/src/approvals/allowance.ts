import {
  BANK_DEPOSIT_APPROVAL_ABOVE_WON,
  STAFF_ALLOWANCE_WINDOW_HOURS,
  STAFF_ALLOWANCES,
  type AdminStaffAllowance,
  type StaffAllowanceKind,
} from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import type { ServiceContext } from '../context';
import type { Database, DbExecutor } from '../db';
import { AppError } from '../http';
import { relatedStaffIds } from './related-staff';

/*
 * A staff member's daily allowances (docs/rules/security.md, Staff approvals): the thresholds of the guarded money
 * actions count what one person did alone in the last STAFF_ALLOWANCE_WINDOW_HOURS, not one request. Each use is a row
 * of `staff_allowance_uses`, read and added under transaction-scoped advisory locks, so that parallel requests are
 * counted one after another and together never pass the allowance: the one that would is sent for approval instead.
 * A member shares his allowance with the members related to him (./related-staff.ts: one made the other staff, or
 * approved it): a helper he had invited doubles nothing he may do alone. What a second member approved is not counted
 * (two people saw it), nor is an action that moved nothing: refused, or finding the money already moved by another
 * call (it commits with its use or gives it back).
 */

/** A use of one member's allowance by one action (its kind and what it acted on). */
export interface AllowanceUse {
  staffId: number;
  allowance: StaffAllowanceKind;
  /** Coins for FREE_COINS, won otherwise; positive. */
  amount: number;
  action: string;
  reference: string;
}

/** What a member may do alone in the window, per allowance. */
export function allowanceLimit(ctx: ServiceContext, allowance: StaffAllowanceKind): number {
  switch (allowance) {
    case 'FREE_COINS':
      return ctx.config.BONUS_GRANT_APPROVAL_ABOVE_COINS;
    case 'MONEY_OUT_WON':
      return ctx.config.APPROVAL_ABOVE_WON;
    case 'MONEY_IN_WON':
      return BANK_DEPOSIT_APPROVAL_ABOVE_WON;
  }
}

const windowStart = (now: Date) => new Date(now.getTime() - STAFF_ALLOWANCE_WINDOW_HOURS * 3_600_000);

/** The member and those related to him, whose uses count together, in ascending order (the order of their locks). */
async function allowanceGroup(db: DbExecutor, staffId: number): Promise<number[]> {
  const related = await relatedStaffIds(db, staffId);
  return [...new Set([staffId, ...related])].sort((a, b) => a - b);
}

async function usedBy(
  db: DbExecutor,
  staffIds: readonly number[],
  now: Date,
): Promise<Map<StaffAllowanceKind, number>> {
  const rows = await db
    .selectFrom('staff_allowance_uses')
    .select(['allowance', sql<number>`coalesce(sum(amount), 0)::int`.as('used')])
    .where('staff_id', 'in', staffIds)
    .where('released_at', 'is', null)
    .where('at', '>', windowStart(now))
    .groupBy('allowance')
    .execute();
  return new Map(rows.map((row) => [row.allowance, Number(row.used)]));
}

/**
 * Takes the use out of the member's allowance in the caller's transaction (the action runs in the same transaction,
 * or right after it commits): the use's id, or null when it would take the member past the allowance, which then
 * leaves the allowance as it was and the action to a second member.
 */
export async function takeAllowance(
  trx: Transaction<Database>,
  ctx: ServiceContext,
  use: AllowanceUse,
): Promise<number | null> {
  // Nothing worth counting (a free item): no use, and nothing to give back (id 0 names no row).
  if (use.amount <= 0) return 0;
  const now = ctx.now();
  // The uses of a member and of those related to him are counted one at a time (each member's lock, taken in
  // ascending order so that two groups never wait for each other in a circle); unrelated members never wait.
  const group = await allowanceGroup(trx, use.staffId);
  for (const staffId of group) {
    await sql`select pg_advisory_xact_lock(hashtext('staff-allowance'), ${staffId}::int)`.execute(trx);
  }
  const used = (await usedBy(trx, group, now)).get(use.allowance) ?? 0;
  if (used + use.amount > allowanceLimit(ctx, use.allowance)) return null;
  const row = await trx
    .insertInto('staff_allowance_uses')
    .values({
      staff_id: use.staffId,
      allowance: use.allowance,
      amount: use.amount,
      action: use.action,
      reference: use.reference,
      at: now,
      released_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What an action run within an allowance answers: its result, and whether this call moved money itself. */
export interface AllowanceRun<Result> {
  result: Result;
  /** False when the action only answered what an earlier or concurrent call had done (a cancel asked again). */
  moved: boolean;
}

/**
 * Runs an action that cannot share the allowance's transaction (it calls a provider): the use is taken and committed
 * first, then the action runs. An action that moved nothing gives the use back: one that refuses (a 4xx: its own
 * checks, before any money moves) and one that only answers what an earlier or concurrent call did. Any other failure
 * keeps it counted, since a provider may have moved part of the money (a refund's earlier parts before a 502).
 * Answers `{ ran: false }`, with nothing run, when the use would pass the allowance.
 */
export async function runWithinAllowance<Result>(
  ctx: ServiceContext,
  use: AllowanceUse,
  run: () => Promise<AllowanceRun<Result>>,
): Promise<{ ran: true; result: Result } | { ran: false }> {
  const id = await ctx.db.transaction().execute((trx) => takeAllowance(trx, ctx, use));
  if (id === null) return { ran: false };
  let outcome: AllowanceRun<Result>;
  try {
    outcome = await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await giveBack(ctx, id);
    throw error;
  }
  if (!outcome.moved) await giveBack(ctx, id);
  return { ran: true, result: outcome.result };
}

/** A use whose action moved nothing no longer counts. */
async function giveBack(ctx: ServiceContext, useId: number): Promise<void> {
  await ctx.db.updateTable('staff_allowance_uses').set({ released_at: ctx.now() }).where('id', '=', useId).execute();
}

/**
 * `GET /api/admin/approvals/allowance`: how much of each allowance the member (with the members related to him) used
 * alone in the window.
 */
export async function allowanceOf(ctx: ServiceContext, staffId: number): Promise<AdminStaffAllowance> {
  const now = ctx.now();
  const used = await usedBy(ctx.db, await allowanceGroup(ctx.db, staffId), now);
  return {
    windowHours: STAFF_ALLOWANCE_WINDOW_HOURS,
    allowances: STAFF_ALLOWANCES.map((allowance) => {
      const limit = allowanceLimit(ctx, allowance);
      const spent = used.get(allowance) ?? 0;
      return { allowance, used: spent, limit, remaining: Math.max(0, limit - spent) };
    }),
  };
}
