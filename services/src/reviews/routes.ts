import {
  idParamsSchema,
  missionReviewStateSchema,
  reviewHelpfulResponseSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReplyRequestSchema,
  reviewReportRequestSchema,
  reviewRequestSchema,
  reviewSchema,
  reviewSummarySchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses, onOffRoutes } from '../http';
import * as reviews from './service';

const PRIVACY =
  'A review shows its rating, its words and the requester’s nickname only; `missionId` is null when the mission is ' +
  'private. Reviews hidden by an operator, reported by 5 distinct members with no operator decision yet, or written ' +
  'by a member whose account is blocked are left out (404 by id) for everybody but their author, the creator and ' +
  'operators.';

/** Reviews of completed missions. */
export async function reviewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/creators/:id/reviews/summary',
    {
      schema: {
        tags,
        summary: 'A creator’s review summary',
        description:
          'Count, average (one decimal, null without reviews) and reviews per rating (5 stars first) of the shown ' +
          `reviews. Adult-flagged creators answer past the adult gate only. ${PRIVACY}`,
        params: idParamsSchema,
        response: { 200: reviewSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reviews.creatorReviewSummary(app.ctx, request.caller, request.params.id),
  );

  routes.get(
    '/creators/:id/reviews/page',
    {
      schema: {
        tags,
        summary: 'A page of a creator’s reviews',
        description:
          '`sort` NEWEST (the default) or HELPFUL (most helpful votes first, newest id breaking ties); `cursor` is ' +
          `the previous page’s \`nextCursor\` (null on the last page). 10 a page by default (50 at most). ${PRIVACY}`,
        params: idParamsSchema,
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reviews.creatorReviewPage(app.ctx, request.caller, request.params.id, request.query),
  );

  const MISSION =
    'Reviews follow their mission here: a mission the caller may not see is 404 like the mission, whoever asks.';
  routes.get(
    '/missions/:id/review',
    {
      schema: {
        tags,
        summary: 'A mission’s review and what the caller may do with it',
        description: `${MISSION} ${PRIVACY}`,
        params: idParamsSchema,
        response: { 200: missionReviewStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reviews.missionReviewState(app.ctx, request.caller, request.params.id),
  );

  routes.post(
    '/missions/:id/review',
    {
      schema: {
        tags,
        summary: 'Review a completed mission',
        description:
          'The mission’s requester only (403 for another member who may see the mission), once (409), within 30 ' +
          'days of its completion (409 after), and only a COMPLETED mission that was not refunded (409). `rating` ' +
          `1–5, \`content\` trimmed, at most 1,000 characters (may be empty). ${MISSION}`,
        security,
        params: idParamsSchema,
        body: reviewRequestSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviews.createReview(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  routes.put(
    '/missions/:id/review',
    {
      schema: {
        tags,
        summary: 'Edit one’s review',
        description: `Its author, within 7 days of writing it (409 after); marked edited. ${MISSION}`,
        security,
        params: idParamsSchema,
        body: reviewRequestSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviews.updateReview(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  routes.post(
    '/mission-reviews/:id/reply',
    {
      schema: {
        tags,
        summary: 'The creator’s reply to a review of his mission',
        description: `The mission’s creator only (403 for anybody else), once (409). 1–1,000 characters. ${PRIVACY}`,
        security,
        params: idParamsSchema,
        body: reviewReplyRequestSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviews.createReply(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  routes.put(
    '/mission-reviews/:id/reply',
    {
      schema: {
        tags,
        summary: 'Edit the creator’s reply',
        description: `The mission’s creator, within 7 days of replying (409 after). ${PRIVACY}`,
        security,
        params: idParamsSchema,
        body: reviewReplyRequestSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviews.updateReply(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  onOffRoutes(app, {
    url: '/mission-reviews/:id/helpful',
    tags,
    summaries: { on: 'Vote a review helpful', off: 'Take the helpful vote back' },
    description:
      'One vote per member (voting twice counts once), never on one’s own review (400 `OWN_REVIEW`); the count is ' +
      `exact under concurrency. ${PRIVACY}`,
    params: idParamsSchema,
    answer: reviewHelpfulResponseSchema,
    set: (request, on) => reviews.setHelpful(app.ctx, requireCaller(request), request.params.id, on),
  });

  routes.post(
    '/mission-reviews/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report a review, with the reason',
        description:
          'The reasons of a comment’s report (SPAM, ABUSE, SEXUAL, PRIVACY, OTHER; OTHER needs `detail`, 200 ' +
          'characters at most). Once per member (repeating changes nothing); never one’s own (400 `OWN_REVIEW`). At ' +
          `5 distinct reports it is hidden until an operator decides. ${PRIVACY}`,
        security,
        params: idParamsSchema,
        body: reviewReportRequestSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => reviews.reportReview(app.ctx, requireCaller(request), request.params.id, request.body),
  );
}
