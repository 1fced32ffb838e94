import {
  TO_DO_QUEUE_NAMES,
  TO_DO_QUEUES,
  adminWriteRoles,
  type AdminToDo,
  type ToDoQueue,
} from '@fanmission/contracts';
import { sql, type RawBuilder } from 'kysely';
import { waitingForApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';

/** A queue's size and since when its oldest entry waits. */
interface QueueFigure {
  count: number;
  oldestAt: Date | null;
}

/** A statement held for finance (issued within 72 hours after a change of its payout account, not released). */
const HELD = sql`(payout_held and hold_released_at is null)`;

/** `count(*)` and the oldest waiting instant of one table's rows matching a condition. */
async function figure(db: DbExecutor, table: string, since: string, condition: RawBuilder<unknown>) {
  const { rows } = await sql<{ n: number; oldest: Date | null }>`
    select count(*)::int as n, min(${sql.ref(since)}) as oldest from ${sql.table(table)} where ${condition}
  `.execute(db);
  const row = rows[0];
  return { count: Number(row?.n ?? 0), oldestAt: row?.oldest ?? null };
}

/** How each queue is counted; each reads the same condition as its console list's default filter. */
const QUEUE_FIGURES: Record<ToDoQueue, (ctx: ServiceContext, caller: Caller) => Promise<QueueFigure>> = {
  creatorsToReview: (ctx) => figure(ctx.db, 'creators', 'created_at', sql`review_status = 'PENDING'`),
  adultFlagClearRequests: (ctx) =>
    figure(ctx.db, 'creators', 'adult_clear_requested_at', sql`adult_clear_requested_at is not null`),
  blockObjections: (ctx) => figure(ctx.db, 'block_objections', 'created_at', sql`status = 'PENDING'`),
  reportedComments: (ctx) =>
    figure(ctx.db, 'mission_comments', 'reports_open_since', sql`reports_open_since is not null`),
  reportedReviews: (ctx) =>
    figure(ctx.db, 'mission_reviews', 'reports_open_since', sql`reports_open_since is not null`),
  depositsToConfirm: (ctx) => figure(ctx.db, 'bank_transfers', 'created_at', sql`status = 'ready'`),
  refundRequests: (ctx) => figure(ctx.db, 'coin_refunds', 'requested_at', sql`status = 'requested'`),
  statementsToApprove: (ctx) =>
    figure(ctx.db, 'settlement_statements', 'created_at', sql`status = 'ISSUED' and not ${HELD}`),
  statementsToPay: (ctx) =>
    figure(ctx.db, 'settlement_statements', 'approved_at', sql`status = 'APPROVED' and not ${HELD}`),
  heldStatements: (ctx) =>
    figure(ctx.db, 'settlement_statements', 'created_at', sql`status in ('ISSUED', 'APPROVED') and ${HELD}`),
  approvalsWaitingForMe: (ctx, caller) => waitingForApproval(ctx, caller),
};

/** Whether the caller's roles may act on a queue: its resource's write roles (ADMIN_WRITE_POLICY). */
const mayActOn = (caller: Caller, queue: ToDoQueue) =>
  adminWriteRoles(TO_DO_QUEUES[queue]).some((role) => caller.roles.includes(role));

/** `GET /api/admin/to-do`: the queues the caller may act on, each with its size and its oldest entry's time. */
export async function toDo(ctx: ServiceContext, caller: Caller): Promise<AdminToDo> {
  const queues = TO_DO_QUEUE_NAMES.filter((queue) => mayActOn(caller, queue));
  const figures = await Promise.all(queues.map((queue) => QUEUE_FIGURES[queue](ctx, caller)));
  return {
    items: queues.map((queue, index) => ({
      queue,
      count: figures[index]!.count,
      oldestAt: figures[index]!.oldestAt?.toISOString() ?? null,
    })),
  };
}
