import {
  creatorGradeSchema,
  type AdminApproval,
  type AdminCreatorDetail,
  type AdminCreatorUpdate,
} from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { invalidateSearches } from '../discovery';
import { notFound } from '../http';
import * as repository from './repository';
import { updateCreatorReview } from './review';

/*
 * A creator's grade is his payout rate (PAYOUT_WON_PER_COIN: 60, 70 or 80 won a coin at settlement), so an operator
 * never changes it alone: the change is a staff approval request that a finance member approves
 * (services/src/approvals), and the grade changes then. The rest of a review (the decision, the adult flag) runs at
 * once.
 */

const gradeChangeSchema = z.object({
  creatorId: z.number().int(),
  from: creatorGradeSchema,
  to: creatorGradeSchema,
});

export const creatorGradeApproval = guardedAction({
  kind: 'CREATOR_GRADE_CHANGE',
  role: 'ROLE_FINANCE',
  params: gradeChangeSchema,
  summary: ({ creatorId, from, to }) => ({ creatorId, from, to }),
  // The grade as it is: one changed meanwhile (a penalty, a confirmed proposal) voids the request.
  async targetState(db, { creatorId }) {
    const creator = await repository.lockCreator(db, creatorId);
    return creator ? { grade: creator.grade } : null;
  },
  async execute(trx, { creatorId, to }, approved) {
    const creator = await repository.lockCreator(trx, creatorId);
    if (!creator) throw notFound('creators.notFound');
    await repository.updateCreator(trx, creatorId, { grade: to });
    invalidateSearches(approved.ctx.db);
    return { creatorId, grade: to };
  },
});

/**
 * `PUT /api/admin/creators/{id}`: the review saved at once (`creator`); a changed grade is a staff approval request
 * instead (`approval`), after the rest of the review has been saved.
 */
export async function updateCreatorOrRequestGradeChange(
  ctx: ServiceContext,
  operator: Caller,
  creatorId: number,
  body: AdminCreatorUpdate,
): Promise<{ creator: AdminCreatorDetail } | { approval: AdminApproval }> {
  const current = await repository.findCreatorById(ctx.db, creatorId);
  if (!current) throw notFound('creators.notFound');
  const { grade, ...rest } = body;
  if (grade === undefined || grade === current.grade) {
    return { creator: await updateCreatorReview(ctx, operator, creatorId, body) };
  }
  if (Object.keys(rest).length > 0) await updateCreatorReview(ctx, operator, creatorId, rest);
  const approval = await requestApproval(ctx, creatorGradeApproval, {
    maker: operator,
    params: { creatorId, from: current.grade, to: grade },
    reason: null,
  });
  return { approval };
}
