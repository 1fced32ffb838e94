import {
  adminReviewDetailSchema,
  adminReviewFilterSchema,
  adminReviewModerationSchema,
  adminReviewSchema,
  idParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleListRoute, consoleRecordRoute } from '../admin';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as reviews from './admin-service';

/** Operators' review moderation under `/api/admin` (ra-data-simple-rest), as comments are moderated. */
export async function reviewAdminRoutes(app: FastifyInstance) {
  const tags = ['admin: reviews'];
  const RESOURCE = 'mission-reviews';

  consoleListRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Reviews with their report counts (getList / getMany)',
    description:
      'sort=["reportsCount","DESC"], range=[0,24], filter={"reported":true,"awaitingDecision":true,"hidden":true,' +
      '"creatorId":1,"rating":5}. `hidden`: hidden for everybody, by an operator or by 5 reports awaiting a decision.',
    defaultSort: ['id', 'DESC'],
    filter: adminReviewFilterSchema,
    row: adminReviewSchema,
    list: (query) => reviews.listReviewsForConsole(app.ctx, query),
  });
  consoleRecordRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'One review with its newest reports',
    row: adminReviewDetailSchema,
    find: (id) => reviews.getReviewForConsole(app.ctx, id),
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    `/${RESOURCE}/:id`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Hide or show a review (deciding its reports), with the reason',
        description:
          'The operator’s decision stands over reports: shown stays visible, hidden stays hidden. The reports ' +
          'waiting on it are decided with it (hidden: upheld; shown: dismissed); the audit log keeps the decision.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: adminReviewModerationSchema,
        response: { 200: adminReviewDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reviews.moderateReview(app.ctx, requireCaller(request), request.params.id, request.body),
  );
}
