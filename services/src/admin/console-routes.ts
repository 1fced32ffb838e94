import {
  ADMIN_LIST_SORT_FIELDS,
  adminIdParamsSchema,
  isAdminResource,
  type AdminListResource,
  type AdminListSortField,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../http';
import { listQuerySchema, listWindow, withContentRange, type ListWindow } from './simple-rest';

/*
 * The two routes every console resource has, written once: its list in react-admin's simple-rest dialect and one
 * record by id. A resource's module gives the schemas, the words for the OpenAPI document and its own read.
 */

const security = [{ bearerAuth: [] }];

/** The route's declaration of its admin resource, when it is one of the policy's (who may read it, see routes.ts). */
const configOf = (resource: string) => (isAdminResource(resource) ? { config: { adminResource: resource } } : {});
// The routes are registered without the zod type provider (its types cannot follow a generic schema); the app's zod
// validator and serializer still check the request and the answer against the schemas given.

type Direction = 'ASC' | 'DESC';

/** One window of a list and the total of its filter (exact up to `EXACT_COUNT_LIMIT`, then the planner's estimate). */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/** What a list's read is given: the filter (`{}` when none), the sort (the route's default when none), the window. */
export interface ConsoleListQuery<Field extends string, Filter> {
  filter: Filter;
  sort: [Field, Direction];
  window: ListWindow;
}

/**
 * `GET /<resource>` (or `url`): `sort=["field","ASC"]`, `range=[0,24]` and `filter={…}` in, the window's rows out with
 * `Content-Range: <resource> start-end/total`. The sort fields are the resource's in the contract
 * (`ADMIN_LIST_SORT_FIELDS`), the list the console's headers follow: any other field answers 400 naming `sort`.
 */
export function consoleListRoute<
  const Resource extends AdminListResource,
  Filter extends z.ZodType,
  Row extends z.ZodType,
>(
  app: FastifyInstance,
  route: {
    resource: Resource;
    url?: string;
    tags: string[];
    summary: string;
    description?: string;
    defaultSort: [NoInfer<AdminListSortField<Resource>>, Direction];
    filter?: Filter;
    row: Row;
    list(
      query: ConsoleListQuery<NoInfer<AdminListSortField<Resource>>, z.infer<Filter>>,
      request: FastifyRequest,
    ): Promise<ListPage<z.infer<Row>>>;
  },
): void {
  type Field = AdminListSortField<Resource>;
  const sortFields = ADMIN_LIST_SORT_FIELDS[route.resource] as unknown as readonly [Field, ...Field[]];
  app.get(
    route.url ?? `/${route.resource}`,
    {
      ...configOf(route.resource),
      schema: {
        tags: route.tags,
        summary: route.summary,
        ...(route.description && { description: route.description }),
        security,
        querystring: listQuerySchema(sortFields, route.filter),
        response: { 200: z.array(route.row), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = request.query as { sort?: [Field, Direction]; range?: [number, number]; filter?: z.infer<Filter> };
      const window = (query.range === undefined && idsWindow(query.filter)) || listWindow(query.range);
      const { rows, total } = await route.list(
        { filter: query.filter ?? ({} as z.infer<Filter>), sort: query.sort ?? route.defaultSort, window },
        request,
      );
      withContentRange(reply, route.resource, window, rows.length, total);
      return rows;
    },
  );
}

/**
 * The console's look-up of records by id (react-admin's `getMany`: `filter={"id":[…]}` without a range, how a page's
 * reference fields read what they link): every id asked for, not the first page of them. Without it, a statement's 38
 * mission lines showed 25 links and 13 "-".
 */
function idsWindow(filter: unknown): ListWindow | undefined {
  const ids = (filter as { id?: unknown } | undefined)?.id;
  if (!Array.isArray(ids)) return undefined;
  return { offset: 0, limit: Math.min(Math.max(ids.length, 1), MAX_IDS_WINDOW) };
}

/** The most ids one look-up answers: a list window's own limit (`simple-rest.ts`, a range under 500 rows). */
const MAX_IDS_WINDOW = 500;

/** `GET /<resource>/:id`: one record, 404 when there is none (or the caller may not know of it). */
export function consoleRecordRoute<Row extends z.ZodType>(
  app: FastifyInstance,
  route: {
    resource: string;
    tags: string[];
    summary: string;
    row: Row;
    find(id: number, request: FastifyRequest): Promise<z.infer<Row>>;
  },
): void {
  app.get(
    `/${route.resource}/:id`,
    {
      ...configOf(route.resource),
      schema: {
        tags: route.tags,
        summary: route.summary,
        security,
        params: adminIdParamsSchema,
        response: { 200: route.row, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => route.find((request.params as { id: number }).id, request),
  );
}
