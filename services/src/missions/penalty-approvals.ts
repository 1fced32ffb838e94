import type { AdminApproval, CreatorPenalty } from '@fanmission/contracts';
import { z } from 'zod';
import { guardedAction, requestApproval } from '../approvals';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { liftPenalty, penaltyDto } from './penalties';

/*
 * Lifting a creator's penalty gives back the grade it lowered (his payout rate) and ends its blocks, so an operator
 * never lifts one alone: the lift is a staff approval request that a finance member approves
 * (services/src/approvals), and it runs then. Lifting a penalty already lifted changes nothing and asks nobody.
 */

const penaltyLiftSchema = z.object({
  penaltyId: z.number().int(),
  creatorId: z.number().int(),
  /** The grade the lift gives back, or '-' when the penalty lowered none. */
  gradeBack: z.string(),
  note: z.string().nullable(),
});

const penaltyRow = (db: DbExecutor, id: number) =>
  db.selectFrom('creator_penalties').selectAll().where('id', '=', id).executeTakeFirst();

export const penaltyLiftApproval = guardedAction({
  kind: 'CREATOR_PENALTY_LIFT',
  role: 'ROLE_FINANCE',
  params: penaltyLiftSchema,
  summary: ({ penaltyId, creatorId, gradeBack }) => ({ penaltyId, creatorId, gradeBack }),
  async targetState(db, { penaltyId }) {
    const row = await penaltyRow(db, penaltyId);
    return row ? { liftedAt: row.lifted_at } : null;
  },
  async execute(trx, { penaltyId, note }, approved) {
    const lifted = await liftPenalty(trx, { penaltyId, operatorId: approved.makerId, note, at: approved.now });
    if (!lifted) throw notFound('creatorPenalties.notFound');
    return penaltyDto(lifted);
  },
});

/**
 * `PUT /api/admin/creator-penalties/{id}`: a penalty not yet lifted becomes a staff approval request (`approval`); one
 * already lifted answers as it is (`penalty`).
 */
export async function liftPenaltyOrRequestApproval(
  ctx: ServiceContext,
  operator: Caller,
  penaltyId: number,
  note: string | null,
): Promise<{ penalty: CreatorPenalty } | { approval: AdminApproval }> {
  const row = await penaltyRow(ctx.db, penaltyId);
  if (!row) throw notFound('creatorPenalties.notFound');
  if (row.lifted_at) return { penalty: penaltyDto(row) };
  const approval = await requestApproval(ctx, penaltyLiftApproval, {
    maker: operator,
    params: { penaltyId, creatorId: row.creator_id, gradeBack: row.previous_grade ?? '-', note },
    reason: note,
  });
  return { approval };
}
