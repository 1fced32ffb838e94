import {
  COMMENT_EVENT_LIMITS,
  adminCommentEventFilterSchema,
  adminCommentEventInputSchema,
  adminCommentEventSchema,
  adminCommentDetailSchema,
  adminCommentFilterSchema,
  adminCommentModerationSchema,
  adminCommentRestrictionInputSchema,
  adminCommentRestrictionSchema,
  adminCommentSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute, idsOfFilter } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as comments from './admin-service';

/**
 * Operators' comment tools under `/api/admin` (ra-data-simple-rest): the comment coin events, the comments with their
 * report counts (hide or show with a reason) and the members restricted from commenting. Operators only
 * (ADMIN_READ_POLICY and ADMIN_WRITE_POLICY).
 */
export async function commentAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  // ---- comment coin events ----
  {
    const tags = ['admin: comment events'];
    const RESOURCE = 'comment-events';
    const RULES =
      'A new top-level comment during [startsAt, endsAt) rolls once: HMAC-SHA256(serverSeed, "{commentId}"), first ' +
      '8 bytes / 2^64 < winProbability / 100 wins `coinsPerWin` BONUS coins, at most one win per member per ' +
      'Korea-time day and never beyond `dailyBudget` coins a day. `commitment` = sha256(serverSeed) is shown from ' +
      'the start; `serverSeed` once the event has ended.';

    consoleListRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'Comment coin events (getList / getMany)',
      description: `sort=["id","DESC"], range=[0,24], filter={"id":[1,2]}. ${RULES}`,
      defaultSort: ['id', 'DESC'],
      filter: adminCommentEventFilterSchema,
      row: adminCommentEventSchema,
      list: ({ filter, sort, window }) =>
        comments.listCommentEvents(app.ctx, {
          ...(filter.id !== undefined && { ids: idsOfFilter(filter.id) }),
          sort,
          window,
        }),
    });
    consoleRecordRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'One comment coin event',
      row: adminCommentEventSchema,
      find: (id) => comments.getCommentEvent(app.ctx, id),
    });

    routes.post(
      `/${RESOURCE}`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Create a comment coin event',
          description:
            `The server draws and commits the seed. ${RULES} At most ${COMMENT_EVENT_LIMITS.coinsPerWin} coins a win; ` +
            `a daily budget above ${COMMENT_EVENT_LIMITS.dailyBudgetWithoutApproval} coins pays nothing until ` +
            'finance approves it (`budgetApproval` PENDING, then APPROVED).',
          security,
          body: adminCommentEventInputSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => comments.createCommentEvent(app.ctx, request.body, requireCaller(request).id),
    );

    routes.put(
      `/${RESOURCE}/:id`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Change a comment coin event',
          description:
            'react-admin sends the whole record; the seed and its commitment never change. Wins already paid stand. ' +
            'A change of `coinsPerWin` or `dailyBudget` takes back finance’s approval of the budget.',
          security,
          params: idParamsSchema,
          body: adminCommentEventInputSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        comments.updateCommentEvent(app.ctx, request.params.id, request.body, requireCaller(request).id),
    );

    routes.delete(
      `/${RESOURCE}/:id`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Delete a comment coin event',
          description: 'Only an event without winners (409 otherwise). Answers the deleted record.',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => comments.deleteCommentEvent(app.ctx, request.params.id),
    );
  }

  // ---- moderation ----
  {
    const tags = ['admin: comments'];
    const RESOURCE = 'mission-comments';

    consoleListRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'Comments with their report counts (getList / getMany)',
      description:
        'sort=["reportsCount","DESC"], range=[0,24], filter={"reported":true,"awaitingDecision":true,"hidden":true,' +
        '"missionId":1,"userId":2,"q":"text"}. `hidden`: hidden for everybody, by an operator or by 5 reports ' +
        'awaiting a decision; `awaitingDecision`: with reports no operator has decided on.',
      defaultSort: ['id', 'DESC'],
      filter: adminCommentFilterSchema,
      row: adminCommentSchema,
      list: (query) => comments.listCommentsForConsole(app.ctx, query),
    });
    consoleRecordRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'One comment with its newest reports (reporter, reason, date, outcome)',
      row: adminCommentDetailSchema,
      find: (id) => comments.getCommentForConsole(app.ctx, id),
    });

    routes.put(
      `/${RESOURCE}/:id`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Hide or show a comment (dismissing its reports), with the reason',
          description:
            'The operator’s decision stands over reports: a comment shown again stays visible whatever reports ' +
            'follow; a hidden one stays hidden. The reports waiting on it are decided with it (hidden: upheld; ' +
            'shown: dismissed) and each reporter is notified of the outcome. Other fields of the record are ignored.',
          security,
          params: idParamsSchema,
          body: adminCommentModerationSchema,
          response: { 200: adminCommentDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => comments.moderateComment(app.ctx, requireCaller(request), request.params.id, request.body),
    );
  }

  // ---- restrictions ----
  {
    const tags = ['admin: comment restrictions'];
    const RESOURCE = 'comment-restrictions';

    consoleListRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'Members restricted from commenting (getList)',
      description:
        'range=[0,24]; sort=["createdAt","DESC"] (newest first, the default) or ASC; `id` is the member’s id. ' +
        'Expired ones are listed too.',
      defaultSort: ['createdAt', 'DESC'],
      row: adminCommentRestrictionSchema,
      list: ({ sort, window }) => comments.listRestrictions(app.ctx, sort[1], window),
    });
    consoleRecordRoute(app, {
      resource: RESOURCE,
      tags,
      summary: 'One member’s restriction',
      row: adminCommentRestrictionSchema,
      find: (id) => comments.getRestriction(app.ctx, id),
    });

    routes.post(
      `/${RESOURCE}`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Restrict a member from commenting until a date',
          description: 'Replaces the member’s restriction if he has one. His comments then answer 403 with the date.',
          security,
          body: adminCommentRestrictionInputSchema,
          response: { 200: adminCommentRestrictionSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => comments.restrictMember(app.ctx, requireCaller(request), request.body),
    );

    routes.delete(
      `/${RESOURCE}/:id`,
      {
        config: { adminResource: RESOURCE },
        schema: {
          tags,
          summary: 'Lift a member’s restriction',
          description: 'Answers the deleted record.',
          security,
          params: idParamsSchema,
          response: { 200: adminCommentRestrictionSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => comments.liftRestriction(app.ctx, request.params.id),
    );
  }
}

/**
 * Finance's approval of a comment coin event's daily budget above what operators may grant alone (bonus coins become
 * creators' payouts once spent on missions). Finance only, never the event's author.
 */
export async function commentEventBudgetRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/comment-events/:id/budget-approval',
    {
      config: { adminResource: 'comment-event-budgets' },
      schema: {
        tags: ['admin: comment events'],
        summary: 'Approve a comment coin event’s daily budget (finance)',
        description:
          `A daily budget above ${COMMENT_EVENT_LIMITS.dailyBudgetWithoutApproval} coins pays no win until finance ` +
          'approves it. 403 `OWN_ACCOUNT` for the event’s author; 409 when it needs no approval or has it.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: adminCommentEventSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => comments.approveCommentEventBudget(app.ctx, request.params.id, requireCaller(request).id),
  );
}
