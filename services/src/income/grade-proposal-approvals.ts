import { creatorGradeSchema, type AdminApproval, type CreatorGrade, type GradeProposal } from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { notFound } from '../http';
import { confirmGradeProposal } from './console';
import * as repository from './console-repository';

/*
 * The monthly review proposes each creator's grade by its rules; an operator confirming the proposed grade decides
 * nothing of his own, but one choosing another grade sets a payout rate (PAYOUT_WON_PER_COIN). That choice is a staff
 * approval request that a finance member approves (services/src/approvals); the proposal is confirmed with it then,
 * through its own idempotent service (confirming again changes nothing).
 */

const overrideSchema = z.object({
  proposalId: z.number().int(),
  creatorId: z.number().int(),
  proposed: creatorGradeSchema,
  chosen: creatorGradeSchema,
});

export const gradeProposalOverrideApproval = guardedAction({
  kind: 'GRADE_PROPOSAL_OVERRIDE',
  role: 'ROLE_FINANCE',
  params: overrideSchema,
  summary: ({ proposalId, creatorId, proposed, chosen }) => ({ proposalId, creatorId, proposed, chosen }),
  // The proposal as it is: one confirmed meanwhile voids the request. Read without a lock: the run confirms it in a
  // transaction of its own, which locks it.
  async targetState(db, { proposalId }) {
    const row = await repository.gradeProposalsQuery(db).where('g.id', '=', proposalId).executeTakeFirst();
    return row ? { status: row.status, confirmedGrade: row.confirmed_grade } : null;
  },
  execute: (_trx, { proposalId, chosen }, approved) =>
    confirmGradeProposal(approved.ctx, { id: approved.makerId }, proposalId, chosen),
});

/**
 * `PUT /api/admin/grade-proposals/{id}`: the proposed grade (or a proposal already confirmed) answered at once
 * (`proposal`); another grade chosen for a pending proposal is a staff approval request (`approval`).
 */
export async function confirmGradeProposalOrRequestApproval(
  ctx: ServiceContext,
  operator: Caller,
  proposalId: number,
  chosen: CreatorGrade | undefined,
): Promise<{ proposal: GradeProposal } | { approval: AdminApproval }> {
  const row = await repository.gradeProposalsQuery(ctx.db).where('g.id', '=', proposalId).executeTakeFirst();
  if (!row) throw notFound('income.gradeProposalNotFound');
  if (chosen === undefined || chosen === row.proposed_grade || row.status === 'CONFIRMED') {
    return { proposal: await confirmGradeProposal(ctx, operator, proposalId, chosen) };
  }
  const approval = await requestApproval(ctx, gradeProposalOverrideApproval, {
    maker: operator,
    params: { proposalId, creatorId: row.creator_id, proposed: row.proposed_grade, chosen },
    reason: null,
  });
  return { approval };
}
