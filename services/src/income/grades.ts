import { koreaMonthOf, monthKey, type CreatorGrade } from '@fanmission/contracts';
import type { DbExecutor } from '../db';

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
