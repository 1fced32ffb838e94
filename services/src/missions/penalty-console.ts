import type { CreatorPenalty } from '@fanmission/contracts';
import { selectListWindow, type ListWindow } from '../admin';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { penaltyDto } from './penalties';

// The console's view of creator penalties: the list and one penalty (lifting one: ./penalty-approvals.ts).

const SORT_COLUMNS = { id: 'id', createdAt: 'created_at', level: 'level', creatorId: 'creator_id' } as const;

export type PenaltySortField = keyof typeof SORT_COLUMNS;

/** One page of penalties, by creator and lifted or not, with the total for `Content-Range`. */
export async function listPenalties(
  db: DbExecutor,
  filter: { creatorId?: number; lifted?: boolean },
  [field, direction]: readonly [PenaltySortField, 'ASC' | 'DESC'],
  window: ListWindow,
): Promise<{ rows: CreatorPenalty[]; total: number }> {
  let query = db.selectFrom('creator_penalties').selectAll();
  if (filter.creatorId !== undefined) query = query.where('creator_id', '=', filter.creatorId);
  if (filter.lifted !== undefined) query = query.where('lifted_at', filter.lifted ? 'is not' : 'is', null);
  const { rows, total } = await selectListWindow(query, { column: SORT_COLUMNS[field], direction }, window);
  return { rows: rows.map(penaltyDto), total };
}

/** One penalty; 404 when there is none. */
export async function penaltyById(db: DbExecutor, id: number): Promise<CreatorPenalty> {
  const row = await db.selectFrom('creator_penalties').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('creatorPenalties.notFound');
  return penaltyDto(row);
}
