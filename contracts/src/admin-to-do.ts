import { z } from 'zod';
import type { AdminWriteResource } from './admin-console';

/*
 * The console dashboard's "to do" block (`GET /api/admin/to-do`): what waits for the signed-in staff member today,
 * one count per queue, each queue shown only to the roles that may act on it (its resource's ADMIN_WRITE_POLICY).
 */

/** Each queue and the admin resource whose write roles act on it. */
export const TO_DO_QUEUES = {
  creatorsToReview: 'creators',
  adultFlagClearRequests: 'creators',
  blockObjections: 'block-objections',
  reportedComments: 'mission-comments',
  reportedReviews: 'mission-reviews',
  depositsToConfirm: 'bank-transfers',
  refundRequests: 'coin-refunds',
  statementsToApprove: 'settlements',
  statementsToPay: 'settlements',
  heldStatements: 'settlements',
  approvalsWaitingForMe: 'approvals',
} as const satisfies Record<string, AdminWriteResource>;
export type ToDoQueue = keyof typeof TO_DO_QUEUES;
export const TO_DO_QUEUE_NAMES = Object.keys(TO_DO_QUEUES) as ToDoQueue[];
export const toDoQueueSchema = z.enum(TO_DO_QUEUE_NAMES as [ToDoQueue, ...ToDoQueue[]]);

export const adminToDoSchema = z
  .object({
    items: z
      .array(
        z.object({
          queue: toDoQueueSchema,
          count: z.number().int().nonnegative(),
          oldestAt: z.iso
            .datetime({ offset: true })
            .nullable()
            .describe('When the oldest of the queue started waiting; null when the queue is empty.'),
        }),
      )
      .describe('The queues the caller’s roles may act on, in TO_DO_QUEUES order.'),
  })
  .meta({ id: 'AdminToDo' });
export type AdminToDo = z.infer<typeof adminToDoSchema>;
