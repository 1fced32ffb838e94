import { type CreatorPenalty, DAY_MS, PENALTIES } from '@fanmission/contracts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';
import { gradeConfirmedSince } from '../income';
import { domainEvent, recordEvents } from '../outbox';
import type { CreatorPenaltyRow } from './table';

/*
 * Penalties for missed perform deadlines: the creator's n-th penalty not lifted by an operator is level
 * n. Level 1 is a warning; level 2 blocks new requests for a week and drops the grade to SILVER; level 3 and more
 * block login. An operator lifting a penalty ends its blocks and it no longer counts towards the next level.
 */

/** Gives the creator a penalty for the mission's missed deadline, in the caller's transaction (once per mission). */
export async function penalizeCreator(
  trx: DbExecutor,
  input: { creatorId: number; missionId: number; at: Date },
): Promise<number> {
  const { creatorId, missionId, at } = input;
  // Serialises penalties of one creator, so two missed deadlines at once get levels n and n+1.
  const creator = await trx
    .selectFrom('creators')
    .select(['id', 'user_id', 'grade'])
    .where('id', '=', creatorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const earlier = await trx
    .selectFrom('creator_penalties')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('creator_id', '=', creatorId)
    .where('lifted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const level = earlier.count + 1;
  const blocksRequests = level === PENALTIES.requestBlockAt;
  const blocksLogin = level >= PENALTIES.loginBlockAt;
  await trx
    .insertInto('creator_penalties')
    .values({
      creator_id: creatorId,
      mission_id: missionId,
      level,
      requests_blocked_until: blocksRequests ? new Date(at.getTime() + PENALTIES.requestBlockDays * DAY_MS) : null,
      blocks_login: blocksLogin,
      previous_grade: blocksRequests ? creator.grade : null,
      created_at: at,
    })
    .execute();
  if (blocksRequests) {
    await trx
      .updateTable('creators')
      .set({ grade: 'SILVER', updated_at: sql`now()` })
      .where('id', '=', creatorId)
      .execute();
  }
  if (blocksLogin) {
    await trx
      .updateTable('users')
      .set({ login_blocked_at: at, updated_at: sql`now()` })
      .where('id', '=', creator.user_id)
      .where('login_blocked_at', 'is', null)
      .execute();
  }
  await recordEvents(trx, [domainEvent('creator.penalized', { creatorId, missionId, level }, at)]);
  return level;
}

/** Whether the creator may take new requests now: no request block running and login not blocked by a penalty. */
export async function creatorBlockedByPenalties(db: DbExecutor, creatorId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('creator_penalties')
    .select('id')
    .where('creator_id', '=', creatorId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('requests_blocked_until', '>', now), eb('blocks_login', '=', true)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Lifts a penalty: it stops counting, a request block ends and the grade it dropped comes back (unless an operator
 * confirmed a grade meanwhile, which stands), and the login is unblocked unless another login-blocking penalty still
 * stands. Lifting twice changes nothing.
 */
export async function liftPenalty(
  trx: DbExecutor,
  input: { penaltyId: number; operatorId: number; note: string | null; at: Date },
): Promise<CreatorPenaltyRow | undefined> {
  const penalty = await trx
    .selectFrom('creator_penalties')
    .selectAll()
    .where('id', '=', input.penaltyId)
    .forUpdate()
    .executeTakeFirst();
  if (!penalty || penalty.lifted_at) return penalty;
  const lifted = await trx
    .updateTable('creator_penalties')
    .set({ lifted_at: input.at, lifted_by_user_id: input.operatorId, lift_note: input.note })
    .where('id', '=', penalty.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (penalty.previous_grade) {
    // The grade the penalty took comes back, unless an operator confirmed a grade since: the last confirmed wins.
    const confirmed = await gradeConfirmedSince(trx, penalty.creator_id, penalty.created_at, input.at);
    await trx
      .updateTable('creators')
      .set({ grade: confirmed ?? penalty.previous_grade, updated_at: sql`now()` })
      .where('id', '=', penalty.creator_id)
      .execute();
  }
  if (penalty.blocks_login) {
    const stillBlocking = await trx
      .selectFrom('creator_penalties')
      .select('id')
      .where('creator_id', '=', penalty.creator_id)
      .where('blocks_login', '=', true)
      .where('lifted_at', 'is', null)
      .executeTakeFirst();
    if (!stillBlocking) {
      await trx
        .updateTable('users')
        .set({ login_blocked_at: null, updated_at: sql`now()` })
        .where('id', '=', (eb) => eb.selectFrom('creators').select('user_id').where('id', '=', penalty.creator_id))
        .execute();
    }
  }
  return lifted;
}

export function penaltyDto(row: CreatorPenaltyRow): CreatorPenalty {
  return {
    id: row.id,
    creatorId: row.creator_id,
    missionId: row.mission_id,
    level: row.level,
    requestsBlockedUntil: row.requests_blocked_until?.toISOString() ?? null,
    blocksLogin: row.blocks_login,
    createdAt: row.created_at.toISOString(),
    liftedAt: row.lifted_at?.toISOString() ?? null,
    liftNote: row.lift_note,
  };
}
