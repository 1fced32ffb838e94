import {
  eventApplicantPageQuerySchema,
  eventApplicantPageSchema,
  eventApplicantParamsSchema,
  eventApplicantSchema,
  eventDrawStateSchema,
  eventFairnessSchema,
  eventPerformRequestSchema,
  idParamsSchema,
  idResponseSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller, requireRole } from '../auth';
import { errorResponses } from '../http';
import * as applicants from './applicants';
import * as events from './service';

/**
 * Lottery events: applicants, the draw, cancellation, prizes and the
 * provably fair record. Creation and editing are `POST`/`PUT /mission-products` with `type: "EVENT"`; applying is
 * `POST /missions` with an EVENT product.
 */
export async function lotteryEventRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lottery-events'];
  const security = [{ bearerAuth: [] }];
  const creator = ['ROLE_CREATOR', 'ROLE_OPERATOR'] as const;
  const drawNote =
    'The event’s creator only (others: 403; an event they cannot see: 404), while the event is DRAWING and before ' +
    'the 14-day deadline (409 otherwise). The event’s workflow makes the change.';

  routes.get(
    '/mission-products/:id/missions/page',
    {
      schema: {
        tags,
        summary: 'A page of the event’s applications (5 a page by default)',
        description:
          '`status` filters, comma-joined (the winners: ACCEPTED,COMPLETED,TRANSCODING once DRAWN; COMPLETED once ' +
          'CLOSED). Only the event’s creator and operators see `event.name`, `phone`, `address` and ' +
          '`addressDetail`; for anybody else they are null.',
        params: idParamsSchema,
        querystring: eventApplicantPageQuerySchema,
        response: { 200: eventApplicantPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => applicants.applicantPage(app.ctx, request.caller, request.params.id, request.query),
  );

  routes.get(
    '/mission-products/:id/missions/random',
    {
      schema: {
        tags,
        summary: 'View one unpicked applicant at random',
        description:
          'The applicant the next provably fair random choice would pick (nothing is picked); marks it read. 409 ' +
          `\`the draw is all done\` when nobody is left. ${drawNote}`,
        security,
        params: idParamsSchema,
        response: { 200: eventApplicantSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => applicants.randomApplicant(app.ctx, requireRole(request, ...creator), request.params.id),
  );

  routes.get(
    '/mission-products/:id/missions/:missionId',
    {
      schema: {
        tags,
        summary: 'One application of the event',
        description: 'The creator reading it marks it read. Personal fields as in the page.',
        params: eventApplicantParamsSchema,
        response: { 200: eventApplicantSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => applicants.getApplicant(app.ctx, request.caller, request.params.id, request.params.missionId),
  );

  for (const [method, pick] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    routes.route({
      method,
      url: '/mission-products/:id/missions/:missionId/pick',
      schema: {
        tags,
        summary: pick ? 'Pick an applicant' : 'Undo a pick',
        description:
          (pick ? 'Refused once picked = drawNumber (409 `cannot add more; draw count exceeded`). ' : '') +
          'An applicant already as asked (a retry after a lost answer) answers the same draw state, changing nothing. ' +
          drawNote,
        security,
        params: eventApplicantParamsSchema,
        response: { 200: eventDrawStateSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request) =>
        events.pickApplicant(
          app.ctx,
          requireRole(request, ...creator),
          request.params.id,
          request.params.missionId,
          pick,
        ),
    });
  }

  routes.put(
    '/mission-products/:id/missions/random-pick',
    {
      schema: {
        tags,
        summary: 'Fill the remaining picks at random',
        description: `Provably fair random choices (see /fairness) until picked = min(drawNumber, applicants). ${drawNote}`,
        security,
        params: idParamsSchema,
        response: { 200: eventDrawStateSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => events.randomPickRest(app.ctx, requireRole(request, ...creator), request.params.id),
  );

  routes.put(
    '/mission-products/:id/draw-event',
    {
      schema: {
        tags,
        summary: 'Finish the draw',
        description:
          'Only when drawable (picked = min(drawNumber, applicants)). The event becomes DRAWN, the winners’ ' +
          `applications ACCEPTED (prize due within a week), the others REJECTED; the seed is revealed. ${drawNote}`,
        security,
        params: idParamsSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => events.drawEvent(app.ctx, requireRole(request, ...creator), request.params.id),
  );

  routes.put(
    '/mission-products/:id/cancel-event',
    {
      schema: {
        tags,
        summary: 'Cancel the event',
        description:
          'The event’s creator or an operator, unless it is CLOSED or CANCELED (409). Open applications are ' +
          'REJECTED (CANCELED) and the applicants notified. Answers the product id.',
        security,
        params: idParamsSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => events.cancelEvent(app.ctx, requireCaller(request), request.params.id),
  );

  routes.put(
    '/mission-products/:id/missions/:missionId/perform',
    {
      schema: {
        tags,
        summary: 'Deliver a winner’s prize',
        description:
          'The event’s creator: a message (≤ 200) and one of videoId, pictureId, voiceId (his uploaded file of that ' +
          'kind). Within a week of the draw (409 after; a missed week counts as a missed deadline). → COMPLETED ' +
          '(videos pass through TRANSCODING).',
        security,
        params: eventApplicantParamsSchema,
        body: eventPerformRequestSchema,
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      events.performPrize(
        app.ctx,
        requireRole(request, ...creator),
        request.params.id,
        request.params.missionId,
        request.body,
      ),
  );

  routes.get(
    '/mission-products/:id/fairness',
    {
      schema: {
        tags,
        summary: 'The provably fair record of the draw',
        description:
          '`commitment` = sha256(serverSeed) from creation; `entriesHash` once applications close; `serverSeed`, ' +
          '`entries` and `draws` (every pick and unpick in order, random ones with their choice number n) once the ' +
          'event is DRAWN. See docs/provably-fair.md for how to recompute every random pick.',
        params: idParamsSchema,
        response: { 200: eventFairnessSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => events.eventFairness(app.ctx, request.caller, request.params.id),
  );
}
