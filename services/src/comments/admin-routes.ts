import {
  ADMIN_COMMENT_EVENT_SORT_FIELDS,
  ADMIN_COMMENT_SORT_FIELDS,
  adminCommentEventFilterSchema,
  adminCommentEventInputSchema,
  adminCommentEventSchema,
  adminCommentFilterSchema,
  adminCommentModerationSchema,
  adminCommentRestrictionInputSchema,
  adminCommentRestrictionSchema,
  adminCommentSchema,
  idParamsSchema,
  type AdminComment,
  type AdminCommentFilter,
  type AdminCommentRestriction,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, listWindow, withContentRange } from '../admin';
import { requireRole } from '../auth';
import type { DbExecutor } from '../db';
import { conflict, errorResponses, invalidFields, notFound } from '../http';
import { adminEventViews, commitmentOf, eventValues, newServerSeed } from './coin-event';
import * as repository from './repository';
import type { AdminCommentRow } from './repository';

const adminCommentView = (row: AdminCommentRow): AdminComment => ({
  id: row.id,
  missionId: row.mission_id,
  parentCommentId: row.parent_id,
  content: row.content,
  userId: row.user_id,
  username: row.username,
  createdAt: row.created_at.toISOString(),
  editedAt: row.edited_at?.toISOString() ?? null,
  likesCount: row.likes_count,
  reportsCount: row.reports_count,
  hidden: repository.isHidden(row),
  moderation: row.moderation,
  moderationReason: row.moderation_reason,
});

async function restrictionOf(db: DbExecutor, userId: number): Promise<AdminCommentRestriction | undefined> {
  const row = await db
    .selectFrom('comment_restrictions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.until', 'r.reason', 'r.created_at', 'u.username'])
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      id: row.user_id,
      username: row.username,
      until: row.until.toISOString(),
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
    }
  );
}

/**
 * Operators' comment tools under `/api/admin` (ra-data-simple-rest): the comment coin events, the comments with their
 * report counts (hide or show with a reason) and the members restricted from commenting. Operators only.
 */
export async function commentAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  app.addHook('onRequest', async (request) => {
    requireRole(request, 'ROLE_OPERATOR');
  });

  // ---- comment coin events ----
  {
    const tags = ['admin: comment events'];
    const RESOURCE = 'comment-events';
    const eventNotFound = () => notFound('comments.eventNotFound');
    const one = async (id: number) => {
      const row = await app.db.selectFrom('comment_events').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw eventNotFound();
      return (await adminEventViews(app.db, [row], app.ctx.now()))[0]!;
    };
    const RULES =
      'A new top-level comment during [startsAt, endsAt) rolls once: HMAC-SHA256(serverSeed, "{commentId}"), first ' +
      '8 bytes / 2^64 < winProbability / 100 wins `coinsPerWin` BONUS coins, at most one win per member per ' +
      'Korea-time day and never beyond `dailyBudget` coins a day. `commitment` = sha256(serverSeed) is shown from ' +
      'the start; `serverSeed` once the event has ended.';

    routes.get(
      `/${RESOURCE}`,
      {
        schema: {
          tags,
          summary: 'Comment coin events (getList / getMany)',
          description: `sort=["id","DESC"], range=[0,24], filter={"id":[1,2]}. ${RULES}`,
          security,
          querystring: listQuerySchema(ADMIN_COMMENT_EVENT_SORT_FIELDS, adminCommentEventFilterSchema),
          response: { 200: z.array(adminCommentEventSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const window = listWindow(request.query.range as [number, number] | undefined);
        const filter = (request.query.filter ?? {}) as z.infer<typeof adminCommentEventFilterSchema>;
        const [field, order] = (request.query.sort ?? ['id', 'DESC']) as [string, 'ASC' | 'DESC'];
        const column = ({ id: 'id', startsAt: 'starts_at', endsAt: 'ends_at' } as const)[
          field as 'id' | 'startsAt' | 'endsAt'
        ];
        let query = app.db.selectFrom('comment_events');
        if (filter.id !== undefined) {
          query = query.where('id', 'in', Array.isArray(filter.id) ? [...filter.id, 0] : [filter.id]);
        }
        const direction = order === 'ASC' ? 'asc' : 'desc';
        const [rows, counted] = await Promise.all([
          query
            .selectAll()
            .orderBy(column, direction)
            .orderBy('id', direction)
            .offset(window.offset)
            .limit(window.limit)
            .execute(),
          query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
        ]);
        withContentRange(reply, RESOURCE, window, rows.length, Number(counted.total));
        return adminEventViews(app.db, rows, app.ctx.now());
      },
    );

    routes.get(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'One comment coin event',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => one(request.params.id),
    );

    routes.post(
      `/${RESOURCE}`,
      {
        schema: {
          tags,
          summary: 'Create a comment coin event',
          description: `The server draws and commits the seed. ${RULES}`,
          security,
          body: adminCommentEventInputSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const serverSeed = newServerSeed();
        const row = await app.db
          .insertInto('comment_events')
          .values({ ...eventValues(request.body), server_seed: serverSeed, commitment: commitmentOf(serverSeed) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return one(row.id);
      },
    );

    routes.put(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'Change a comment coin event',
          description:
            'react-admin sends the whole record; the seed and its commitment never change. Wins already paid stand.',
          security,
          params: idParamsSchema,
          body: adminCommentEventInputSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const updated = await app.db
          .updateTable('comment_events')
          .set(eventValues(request.body))
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw eventNotFound();
        return one(request.params.id);
      },
    );

    routes.delete(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a comment coin event',
          description: 'Only an event without winners (409 otherwise). Answers the deleted record.',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const record = await one(request.params.id);
        if (record.wins > 0) throw conflict('comments.eventHasWins');
        await app.db.deleteFrom('comment_events').where('id', '=', request.params.id).execute();
        return record;
      },
    );
  }

  // ---- moderation ----
  {
    const tags = ['admin: comments'];
    const RESOURCE = 'mission-comments';
    const one = async (id: number) => {
      const { rows } = await repository.listAdminComments(app.db, {
        filter: { id },
        sort: ['id', 'DESC'],
        window: { offset: 0, limit: 1 },
      });
      if (!rows[0]) throw notFound('comments.notFound');
      return adminCommentView(rows[0]);
    };

    routes.get(
      `/${RESOURCE}`,
      {
        schema: {
          tags,
          summary: 'Comments with their report counts (getList / getMany)',
          description:
            'sort=["reportsCount","DESC"], range=[0,24], filter={"reported":true,"hidden":true,"missionId":1,' +
            '"userId":2,"q":"text"}. `hidden`: hidden for everybody, by an operator or by 5 reports awaiting a ' +
            'decision.',
          security,
          querystring: listQuerySchema(ADMIN_COMMENT_SORT_FIELDS, adminCommentFilterSchema),
          response: { 200: z.array(adminCommentSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const window = listWindow(request.query.range as [number, number] | undefined);
        const { rows, total } = await repository.listAdminComments(app.db, {
          filter: (request.query.filter ?? {}) as AdminCommentFilter,
          sort: (request.query.sort ?? ['id', 'DESC']) as [(typeof ADMIN_COMMENT_SORT_FIELDS)[number], 'ASC' | 'DESC'],
          window,
        });
        withContentRange(reply, RESOURCE, window, rows.length, total);
        return rows.map(adminCommentView);
      },
    );

    routes.get(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'One comment',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => one(request.params.id),
    );

    routes.put(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'Hide or show a comment, with the reason',
          description:
            'The operator’s decision stands over reports: a comment shown again stays visible whatever reports ' +
            'follow; a hidden one stays hidden. Other fields of the record are ignored.',
          security,
          params: idParamsSchema,
          body: adminCommentModerationSchema,
          response: { 200: adminCommentSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const caller = requireRole(request, 'ROLE_OPERATOR');
        await app.db.transaction().execute(async (trx) => {
          const row = await repository.findComment(trx, request.params.id);
          if (!row) throw notFound('comments.notFound');
          await repository.lockMission(trx, row.mission_id);
          await trx
            .updateTable('mission_comments')
            .set({
              moderation: request.body.hidden ? 'HIDDEN' : 'VISIBLE',
              moderation_reason: request.body.moderationReason,
              moderated_by: caller.id,
              moderated_at: app.ctx.now(),
            })
            .where('id', '=', row.id)
            .execute();
          await repository.recountMissionComments(trx, row.mission_id);
        });
        return one(request.params.id);
      },
    );
  }

  // ---- restrictions ----
  {
    const tags = ['admin: comment restrictions'];
    const RESOURCE = 'comment-restrictions';
    const restrictionNotFound = () => notFound('comments.restrictionNotFound');

    routes.get(
      `/${RESOURCE}`,
      {
        schema: {
          tags,
          summary: 'Members restricted from commenting (getList)',
          description: 'range=[0,24]; newest first; `id` is the member’s id. Expired ones are listed too.',
          security,
          querystring: listQuerySchema(['id'] as const),
          response: { 200: z.array(adminCommentRestrictionSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const window = listWindow(request.query.range as [number, number] | undefined);
        const [rows, counted] = await Promise.all([
          app.db
            .selectFrom('comment_restrictions as r')
            .innerJoin('users as u', 'u.id', 'r.user_id')
            .select(['r.user_id', 'r.until', 'r.reason', 'r.created_at', 'u.username'])
            .orderBy('r.created_at', 'desc')
            .orderBy('r.user_id', 'desc')
            .offset(window.offset)
            .limit(window.limit)
            .execute(),
          app.db
            .selectFrom('comment_restrictions')
            .select((eb) => eb.fn.countAll<string>().as('total'))
            .executeTakeFirstOrThrow(),
        ]);
        withContentRange(reply, RESOURCE, window, rows.length, Number(counted.total));
        return rows.map((row) => ({
          id: row.user_id,
          username: row.username,
          until: row.until.toISOString(),
          reason: row.reason,
          createdAt: row.created_at.toISOString(),
        }));
      },
    );

    routes.get(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'One member’s restriction',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentRestrictionSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => (await restrictionOf(app.db, request.params.id)) ?? Promise.reject(restrictionNotFound()),
    );

    routes.post(
      `/${RESOURCE}`,
      {
        schema: {
          tags,
          summary: 'Restrict a member from commenting until a date',
          description: 'Replaces the member’s restriction if he has one. His comments then answer 403 with the date.',
          security,
          body: adminCommentRestrictionInputSchema,
          response: { 200: adminCommentRestrictionSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const caller = requireRole(request, 'ROLE_OPERATOR');
        const { userId, until, reason } = request.body;
        const user = await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
        if (!user) throw invalidFields([{ field: 'userId', key: 'comments.unknownUser', rejectedValue: userId }]);
        const values = { until: new Date(until), reason, created_by: caller.id, created_at: app.ctx.now() };
        await app.db
          .insertInto('comment_restrictions')
          .values({ user_id: userId, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .execute();
        return (await restrictionOf(app.db, userId))!;
      },
    );

    routes.delete(
      `/${RESOURCE}/:id`,
      {
        schema: {
          tags,
          summary: 'Lift a member’s restriction',
          description: 'Answers the deleted record.',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentRestrictionSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const record = await restrictionOf(app.db, request.params.id);
        if (!record) throw restrictionNotFound();
        await app.db.deleteFrom('comment_restrictions').where('user_id', '=', request.params.id).execute();
        return record;
      },
    );
  }
}
