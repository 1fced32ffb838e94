import type { FastifyReply } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';

/**
 * The query dialect of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` (inclusive) and
 * `filter={"status":"ready"}`, each a JSON string. `allowedSortFields` keeps sorting to indexed, public columns.
 */
export function listQuerySchema<const Field extends string>(
  allowedSortFields: readonly [Field, ...Field[]],
  filter: z.ZodType = z.record(z.string(), z.unknown()),
) {
  const json = <T extends z.ZodType>(schema: T) =>
    z
      .string()
      .transform((value, context) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'validation.json' });
          return z.NEVER;
        }
      })
      .pipe(schema);
  return z.object({
    sort: json(z.tuple([z.enum(allowedSortFields), z.enum(['ASC', 'DESC'])])).optional(),
    range: json(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([start, end]) => end >= start && end - start < 500, { message: 'validation.range' }),
    ).optional(),
    filter: json(filter).optional(),
  });
}

export interface ListWindow {
  offset: number;
  limit: number;
}

export function listWindow(range: [number, number] | undefined, defaultSize = 25): ListWindow {
  if (!range) return { offset: 0, limit: defaultSize };
  return { offset: range[0], limit: range[1] - range[0] + 1 };
}

/** Sets `Content-Range: <resource> start-end/total`, which ra-data-simple-rest reads for the total. */
export function withContentRange(
  reply: FastifyReply,
  resource: string,
  window: ListWindow,
  count: number,
  total: number,
) {
  const end = count === 0 ? window.offset : window.offset + count - 1;
  return reply
    .header('content-range', `${resource} ${window.offset}-${end}/${total}`)
    .header('access-control-expose-headers', 'Content-Range');
}

/** The ids of a `getMany` filter (`id` one or several) as a list `where id in (…)` accepts; none matches nothing. */
export function idsOfFilter(id: number | number[]): number[] {
  if (!Array.isArray(id)) return [id];
  return id.length > 0 ? id : [0];
}

/**
 * Lists count their rows exactly up to this many; past it, Content-Range carries the planner's estimate (react-admin
 * shows it as the total), so that no page of a big table counts the whole table.
 */
export const EXACT_COUNT_LIMIT = 1_000;

/**
 * The number of rows `filtered` (a filtered query; its columns do not matter) selects: exact up to EXACT_COUNT_LIMIT
 * (it reads at most one row more than that), else the planner's estimate of the whole query, never below the limit.
 * A list's total costs the same on a table of a thousand rows and of a billion.
 */
export async function countUpTo<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, Row>,
): Promise<number> {
  const first = filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'));
  const exact = (await first.limit(EXACT_COUNT_LIMIT + 1).execute()).length;
  if (exact <= EXACT_COUNT_LIMIT) return exact;
  const [plan] = (await first.explain('json')) as unknown as [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }];
  return Math.max(EXACT_COUNT_LIMIT + 1, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows']));
}

/**
 * One window of a simple-rest list and the total of the same filter (`countUpTo`), in parallel. `selected` is the
 * filtered query with its columns; the rows are ordered by `sort.column`, then by the id column in the same direction
 * (a stable order for paging).
 */
export async function selectListWindow<DB, TB extends keyof DB, Row>(
  selected: SelectQueryBuilder<DB, TB, Row>,
  sort: { column: string; direction: 'ASC' | 'DESC'; idColumn?: string },
  window: ListWindow,
): Promise<{ rows: Row[]; total: number }> {
  const direction = sort.direction === 'ASC' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    selected
      .orderBy(sql.ref(sort.column), direction)
      .orderBy(sql.ref(sort.idColumn ?? 'id'), direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    countUpTo(selected),
  ]);
  return { rows, total };
}
