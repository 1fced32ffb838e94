import {
  koreaMonthOf,
  koreaMonthRange,
  monthKey,
  nextMonth,
  proposeGrades,
  type CreatorGrade,
} from '@fanmission/contracts';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DbExecutor } from '../db';

// Creator grades: the grade of a month, the monthly review's measure (missions completed on time) and its proposals,
// and the grade an operator confirmed last.

/**
 * The grade an operator confirmed most recently after `since`, for a month that has begun by `asOf` (a confirmation
 * for a later month is not the creator's grade yet); null when there is none. Lifting a penalty keeps this grade
 * instead of the one the penalty took: the grade an operator confirmed last wins.
 */
export async function gradeConfirmedSince(
  db: DbExecutor,
  creatorId: number,
  since: Date,
  asOf: Date,
): Promise<CreatorGrade | null> {
  const current = koreaMonthOf(asOf);
  const row = await db
    .selectFrom('creator_monthly_grades')
    .select('grade')
    .where('creator_id', '=', creatorId)
    .where('confirmed_at', '>', since)
    .where('month', '<=', monthKey(current.year, current.month))
    .orderBy('confirmed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.grade ?? null;
}

/** The creator's penalties that lowered his grade, given before `end` (from a query over `creators`). */
const gradeDroppingPenalties = (eb: ExpressionBuilder<Database, 'creators'>, end: Date) =>
  eb
    .selectFrom('creator_penalties')
    .select('creator_penalties.id')
    .whereRef('creator_penalties.creator_id', '=', 'creators.id')
    .where('creator_penalties.previous_grade', 'is not', null)
    .where('creator_penalties.created_at', '<', end);

/**
 * The grade a creator has in a month: the one an operator confirmed for it, else his current grade; a penalty that
 * lowered the grade and still stood at the month's end makes it SILVER.
 */
export async function gradeOfMonth(db: DbExecutor, creatorId: number, year: number, month: number) {
  const grade = (await gradesOfMonth(db, [creatorId], year, month)).get(creatorId);
  if (grade === undefined) throw new Error(`no creator ${creatorId}`);
  return grade;
}

/** `gradeOfMonth` of several creators in one read (the creators that exist). */
export async function gradesOfMonth(
  db: DbExecutor,
  creatorIds: readonly number[],
  year: number,
  month: number,
): Promise<Map<number, CreatorGrade>> {
  if (creatorIds.length === 0) return new Map();
  const { end } = koreaMonthRange(year, month);
  const rows = await db
    .selectFrom('creators')
    .select((eb) => [
      'creators.id',
      'creators.grade',
      eb
        .selectFrom('creator_monthly_grades')
        .select('creator_monthly_grades.grade')
        .whereRef('creator_monthly_grades.creator_id', '=', 'creators.id')
        .where('creator_monthly_grades.month', '=', monthKey(year, month))
        .as('confirmed'),
      eb
        .exists(
          gradeDroppingPenalties(eb, end).where((inner) =>
            inner.or([
              inner('creator_penalties.lifted_at', 'is', null),
              inner('creator_penalties.lifted_at', '>=', end),
            ]),
          ),
        )
        .as('dropped'),
    ])
    .where('creators.id', 'in', [...creatorIds])
    .execute();
  return new Map(rows.map((row) => [row.id, (row.dropped ? 'SILVER' : (row.confirmed ?? row.grade)) as CreatorGrade]));
}

/** Missions completed on time in a Korea-time month, per creator (the grade review's measure). */
export async function onTimeCompletedByCreator(db: DbExecutor, year: number, month: number) {
  const { start, end } = koreaMonthRange(year, month);
  const rows = await db
    .selectFrom('missions')
    .select(['creator_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', '=', 'COMPLETED')
    .where('completed_at', '>=', start)
    .where('completed_at', '<', end)
    .where((eb) => eb.or([eb('perform_due_at', 'is', null), eb('completed_at', '<=', eb.ref('perform_due_at'))]))
    .groupBy('creator_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.creator_id), Number(row.count)]));
}

/**
 * The month's grade review: a proposal per verified creator (once per creator and month) from his missions completed
 * on time, for an operator to confirm; the confirmed grade applies to the next month.
 */
export async function proposeMonthlyGrades(db: DbExecutor, year: number, month: number, now: Date): Promise<number> {
  const { end } = koreaMonthRange(year, month);
  const counts = await onTimeCompletedByCreator(db, year, month);
  const creators = await db
    .selectFrom('creators')
    .select((eb) => [
      'creators.id',
      'creators.grade',
      eb.exists(gradeDroppingPenalties(eb, end).where('creator_penalties.lifted_at', 'is', null)).as('dropped'),
    ])
    .where('creators.verified', '=', true)
    .execute();
  if (creators.length === 0) return 0;
  const grades = proposeGrades(
    creators.map((creator) => ({
      creatorId: creator.id,
      onTimeCompleted: counts.get(creator.id) ?? 0,
      gradeDropped: Boolean(creator.dropped),
    })),
  );
  const applies = nextMonth(year, month);
  const rows = creators.map((creator) => ({
    creator_id: creator.id,
    review_month: monthKey(year, month),
    applies_month: monthKey(applies.year, applies.month),
    on_time_completed: counts.get(creator.id) ?? 0,
    grade_dropped: Boolean(creator.dropped),
    current_grade: creator.grade,
    proposed_grade: grades.get(creator.id)!,
    created_at: now,
  }));
  // A statement takes at most 65,535 parameters (8 a row here): 8,192 creators in one insert failed the whole run.
  let inserted = 0;
  for (let start = 0; start < rows.length; start += PROPOSALS_PER_INSERT) {
    const written = await db
      .insertInto('grade_proposals')
      .values(rows.slice(start, start + PROPOSALS_PER_INSERT))
      .onConflict((conflict) => conflict.columns(['creator_id', 'review_month']).doNothing())
      .returning('id')
      .execute();
    inserted += written.length;
  }
  return inserted;
}

const PROPOSALS_PER_INSERT = 1_000;
