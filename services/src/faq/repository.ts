import { sql } from 'kysely';
import type { FaqCategory } from '@fanmission/contracts';
import { idsOfFilter, selectListWindow, type ListWindow } from '../admin';
import { containsPattern, type DbExecutor } from '../db';
import type { FaqRow, NewFaq } from './table';

/** A category's entries in the operators' order (position, then id), ascending or descending. */
export async function faqPage(
  db: DbExecutor,
  query: { category: FaqCategory; direction: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: FaqRow[]; total: number }> {
  const direction = query.direction === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    db
      .selectFrom('faqs')
      .selectAll()
      .where('category', '=', query.category)
      .orderBy('position', direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('faqs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('category', '=', query.category)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export type FaqSortField = 'id' | 'category' | 'position' | 'createdAt';
const SORT_COLUMNS = { id: 'id', category: 'category', position: 'position', createdAt: 'created_at' } as const;

export async function listFaqs(
  db: DbExecutor,
  query: {
    filter: { id?: number | number[] | undefined; category?: FaqCategory | undefined; q?: string | undefined };
    sort: [FaqSortField, 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<{ rows: FaqRow[]; total: number }> {
  let base = db.selectFrom('faqs');
  const { id, category, q } = query.filter;
  if (id !== undefined) base = base.where('id', 'in', idsOfFilter(id));
  if (category) base = base.where('category', '=', category);
  if (q) {
    const pattern = containsPattern(q);
    base = base.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('content', 'ilike', pattern)]));
  }
  return selectListWindow(
    base.selectAll(),
    { column: SORT_COLUMNS[query.sort[0]], direction: query.sort[1] },
    query.window,
  );
}

export async function findFaq(db: DbExecutor, id: number): Promise<FaqRow | undefined> {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertFaq(db: DbExecutor, faq: NewFaq): Promise<FaqRow> {
  return db.insertInto('faqs').values(faq).returningAll().executeTakeFirstOrThrow();
}

export async function updateFaq(db: DbExecutor, id: number, faq: NewFaq): Promise<FaqRow | undefined> {
  return db
    .updateTable('faqs')
    .set({ ...faq, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteFaq(db: DbExecutor, id: number): Promise<FaqRow | undefined> {
  return db.deleteFrom('faqs').where('id', '=', id).returningAll().executeTakeFirst();
}
