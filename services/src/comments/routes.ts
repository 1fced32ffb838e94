import {
  currentCommentEventSchema,
  bestCommentListSchema,
  commentLikeResponseSchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentParamsSchema,
  commentReportRequestSchema,
  commentSchema,
  createCommentRequestSchema,
  idParamsSchema,
  updateCommentRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { accessDenied, errorResponses, onOffRoutes } from '../http';
import * as comments from './service';
import * as reactions from './reactions';
import { announcedEvent } from './coin-event';

const VISIBILITY =
  'Comments follow their mission: on a mission the caller may not see (a private mission of others) they are 404 ' +
  'like the mission. A comment hidden by an operator, or reported by 5 distinct members with no operator decision ' +
  'yet, is left out for everybody (404 by id) but its author and operators.';

/** Mission comments. */
export async function commentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['comments'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/missions/:id/comments/page',
    {
      schema: {
        tags,
        summary: 'A page of a mission’s comments, or of one comment’s replies',
        description:
          'Top-level comments (the default, or `parentOnly=true`) newest first; with `parentCommentId`, that ' +
          'comment’s replies oldest first. 5 per page by default. `blocked`: the caller reported it. `creator`: ' +
          `written by the mission’s creator. ${VISIBILITY}`,
        querystring: commentPageQuerySchema,
        params: idParamsSchema,
        response: { 200: commentPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => comments.commentPage(app.ctx, request.caller, request.params.id, request.query),
  );

  routes.post(
    '/missions/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a mission, or reply to a comment',
        description:
          'Content is trimmed, non-empty and at most 200 characters. One level of replies: a reply to a reply ' +
          'answers its top-level comment. A member restricted by an operator gets 403 with the date. During a ' +
          'comment coin event a new top-level comment rolls once (HMAC-SHA256 of the event’s committed seed and the ' +
          'comment id); a win credits `winPoint` BONUS coins (`commentEventWin: true`), at most one win per member ' +
          'per day, within the day’s budget. A member posts at most COMMENTS_PER_MEMBER_PER_MINUTE comments and ' +
          'replies a minute and COMMENTS_PER_MEMBER_PER_HOUR an hour (429 with Retry-After past either). ' +
          VISIBILITY,
        security,
        params: idParamsSchema,
        body: createCommentRequestSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => comments.createComment(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  routes.put(
    '/missions/:id/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Edit one’s own comment',
        description: `The author only (403 otherwise); the comment is marked edited. ${VISIBILITY}`,
        security,
        params: commentParamsSchema,
        body: updateCommentRequestSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      comments.updateComment(
        app.ctx,
        requireCaller(request),
        request.params.id,
        request.params.commentId,
        request.body,
      ),
  );

  routes.delete(
    '/missions/:id/comments/:commentId',
    {
      schema: {
        tags,
        summary: 'Delete a comment',
        description:
          'The author, or an operator (403 otherwise). A comment with replies cannot be removed (409 “Can’t ' +
          `Remove Comment”). Answers the deleted comment. ${VISIBILITY}`,
        security,
        params: commentParamsSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      comments.deleteComment(app.ctx, requireCaller(request), request.params.id, request.params.commentId),
  );

  const REPORTS =
    'A reported comment is `blocked` for the reporter at once; after 5 distinct reports it is hidden for everybody ' +
    'until an operator decides, and the reporter is notified of the decision. One’s own comment cannot be reported ' +
    `(400). Repeating is harmless (the first report's reason stays). Answers the comment. ${VISIBILITY}`;
  routes.post(
    '/missions/:id/comments/:commentId/blocks',
    {
      schema: {
        tags,
        summary: 'Report a comment, with the reason',
        description:
          `${REPORTS} The body gives the reason (SPAM, ABUSE, SEXUAL, PRIVACY, OTHER) and, for OTHER, what is ` +
          'wrong (required then, 200 characters at most); without a body, or with the first form `{ userId }` ' +
          '(the caller’s own id; another member’s is 403), the report is OTHER without words.',
        security,
        params: commentParamsSchema,
        body: commentReportRequestSchema.nullish(),
        response: { 200: commentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      // The first form named the reporter; a member never reports in another's name.
      if (request.body?.userId !== undefined && request.body.userId !== caller.id) throw accessDenied();
      return await reactions.setReport(app.ctx, caller, request.params.id, request.params.commentId, {
        reason: request.body?.reason ?? 'OTHER',
        detail: request.body?.detail ?? null,
      });
    },
  );
  routes.delete(
    '/missions/:id/comments/:commentId/blocks',
    {
      schema: {
        tags,
        summary: 'Take a report back',
        description: REPORTS,
        security,
        params: commentParamsSchema,
        response: { 200: commentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      reactions.setReport(app.ctx, requireCaller(request), request.params.id, request.params.commentId, null),
  );

  onOffRoutes(app, {
    url: '/mission-comments/:id/likes',
    tags,
    summaries: { on: 'Like a comment', off: 'Take a comment like back' },
    description:
      'Idempotent: liking twice counts once, unliking what is not liked changes nothing; the count is exact ' +
      `under concurrency. ${VISIBILITY}`,
    params: idParamsSchema,
    answer: commentLikeResponseSchema,
    set: (request, liked) => reactions.setLike(app.ctx, requireCaller(request), request.params.id, liked),
  });

  routes.get(
    '/comment-events/current',
    {
      schema: {
        tags,
        summary: 'The comment coin event running now',
        description:
          'Its title, end, win probability (%), coins per win and the commitment (sha256) of its server seed; `event` ' +
          'is null when none runs or while its daily budget waits for finance (it pays nothing then). A new ' +
          'top-level comment rolls once; a member wins at most once a Korea-time day while the day’s budget lasts.',
        response: { 200: currentCommentEventSchema, ...errorResponses(401) },
      },
    },
    async () => announcedEvent(app.db, app.ctx.now()),
  );

  routes.get(
    '/mission-comments/best-3',
    {
      schema: {
        tags,
        summary: 'The three best comments of the week',
        description:
          'The most-liked visible comments (at least one like) written in the last 7 days on public missions, ties ' +
          'newest first; each with its mission’s id, thumbnail and creator.',
        response: { 200: bestCommentListSchema, ...errorResponses(401) },
      },
    },
    async (request) => reactions.bestComments(app.ctx, request.caller),
  );
}
