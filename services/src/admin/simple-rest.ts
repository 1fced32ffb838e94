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

/** How long a count past EXACT_COUNT_LIMIT is reused, where the caller asks for it; and for how many filters. */
export const ESTIMATE_REUSE_MS = 10_000;
const ESTIMATES_KEPT = 500;
const reusedEstimates = new WeakMap<object, Map<string, { total: number; until: number }>>();

/**
 * The number of rows `filtered` (a filtered query; its columns do not matter) selects: exact up to EXACT_COUNT_LIMIT
 * (it reads at most one row more than that), else the planner's estimate of the whole query, never below the limit.
 * A list's total costs the same on a table of a thousand rows and of a billion. With `reuseEstimatesOf` (the
 * database the query runs on), a total past the limit — an estimate anyway — is answered again for the same filter
 * for ESTIMATE_REUSE_MS without a statement (a busy list's every page and every viewer); a total within the limit is
 * always counted.
 */
export async function countUpTo<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, Row>,
  options: { reuseEstimatesOf?: object } = {},
): Promise<number> {
  const first = filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'));
  let estimates: Map<string, { total: number; until: number }> | undefined;
  let key = '';
  if (options.reuseEstimatesOf) {
    estimates = reusedEstimates.get(options.reuseEstimatesOf);
    if (!estimates) reusedEstimates.set(options.reuseEstimatesOf, (estimates = new Map()));
    const compiled = first.compile();
    key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const reused = estimates.get(key);
    if (reused && reused.until > Date.now()) return reused.total;
  }
  const exact = (await first.limit(EXACT_COUNT_LIMIT + 1).execute()).length;
  if (exact <= EXACT_COUNT_LIMIT) {
    estimates?.delete(key);
    return exact;
  }
  const [plan] = (await first.explain('json')) as unknown as [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }];
  const total = Math.max(EXACT_COUNT_LIMIT + 1, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows']));
  if (estimates) {
    estimates.delete(key);
    estimates.set(key, { total, until: Date.now() + ESTIMATE_REUSE_MS });
    // The oldest filter goes first (a Map iterates in insertion order).
    if (estimates.size > ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  }
  return total;
}

/** One term of a list's order: a column (as the list's query names it) and its direction. */
export type ListOrderTerm = readonly [column: string, direction: 'ASC' | 'DESC'];

/**
 * One window of a list by a deferred join, and the total of its filter (`countUpTo`), in parallel. First the window's
 * keys: `keys` (the filtered query; only the tables its filter needs, so an index in the list's order serves it
 * index-only) ordered by `order` then by `idColumn`, the window's offset skipping index entries, not rows and joins;
 * then `selected` (the rows with their columns and joins) of those keys only, in the same order. `order` ends with a
 * unique column (the id) so that the order is total and the rows are those a plain `offset … limit` would read.
 */
export async function selectWindowByKeys<DB, TB extends keyof DB, Row, KDB, KTB extends keyof KDB, KRow>(options: {
  selected: SelectQueryBuilder<DB, TB, Row>;
  keys: SelectQueryBuilder<KDB, KTB, KRow>;
  idColumn: string;
  order: readonly ListOrderTerm[];
  window: ListWindow;
}): Promise<{ rows: Row[]; total: number }> {
  const { selected, keys, idColumn, order, window } = options;
  // The two reads know their tables' types; ordering and the key column are names, so both are read untyped here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ordered = (query: SelectQueryBuilder<any, any, any>) => {
    let sorted = query;
    for (const [column, direction] of order)
      sorted = sorted.orderBy(sql.ref(column), direction === 'ASC' ? 'asc' : 'desc');
    return sorted;
  };
  const [page, total] = await Promise.all([
    ordered(keys.clearSelect().select(sql<string | number>`${sql.ref(idColumn)}`.as('list_key')))
      .limit(window.limit)
      .offset(window.offset)
      .execute() as Promise<{ list_key: string | number }[]>,
    countUpTo(keys),
  ]);
  if (page.length === 0) return { rows: [], total };
  const ids = page.map((row) => row.list_key);
  const rows = (await ordered(
    selected.where(sql<boolean>`${sql.ref(idColumn)} in (${sql.join(ids)})`),
  ).execute()) as Row[];
  return { rows, total };
}

/**
 * One window of a simple-rest list and the total of the same filter (`countUpTo`), by a deferred join
 * (`selectWindowByKeys`): the rows are ordered by `sort.column`, then by the id column in the same direction (a stable
 * order for paging). `keys`, when given, is the same filter without the joins the filter does not need (else
 * `selected` itself gives the keys).
 */
export async function selectListWindow<
  DB,
  TB extends keyof DB,
  Row,
  KDB = DB,
  KTB extends keyof KDB = keyof KDB,
  KRow = Row,
>(
  selected: SelectQueryBuilder<DB, TB, Row>,
  sort: { column: string; direction: 'ASC' | 'DESC'; idColumn?: string },
  window: ListWindow,
  keys?: SelectQueryBuilder<KDB, KTB, KRow>,
): Promise<{ rows: Row[]; total: number }> {
  const idColumn = sort.idColumn ?? 'id';
  return selectWindowByKeys({
    selected,
    keys: keys ?? (selected as unknown as SelectQueryBuilder<KDB, KTB, KRow>),
    idColumn,
    order:
      sort.column === idColumn
        ? [[idColumn, sort.direction]]
        : [
            [sort.column, sort.direction],
            [idColumn, sort.direction],
          ],
    window,
  });
}
