import {
  eventApplicationSchema,
  acceptMissionRequestSchema,
  idResponseSchema,
  luckyMissionRequestSchema,
  luckyRollResponseSchema,
  missionIdParamsSchema,
  missionRequestResponseSchema,
  missionRequestSchema,
  paymentIdempotencyHeadersSchema,
  performMissionRequestSchema,
  refuseMissionRequestSchema,
} from '@fanmission/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller, requireRole, type Caller } from '../auth';
import { errorResponses } from '../http';
import { z } from 'zod';
import { applyToEvent } from '../events';
import { requestMission } from './service';
import { openLuckyMission, rollLuckyMission } from './lucky';
import { acceptMission, performMission, refuseMission } from './creator-actions';
import { cancelMission } from './fan-actions';
import { missionWorkflowStartsSettled } from './workflow-starts';

/** Mission requests, the lucky roulette and the creator's actions. */
export async function missionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['missions'];
  const security = [{ bearerAuth: [] }];
  const params = missionIdParamsSchema;
  // Workflow starts still under way after their answers finish before the app (and its database pool) closes.
  app.addHook('onClose', () => missionWorkflowStartsSettled(app.ctx.temporal));
  /** A creator's action on his mission: the caller must be a creator; the Idempotency-Key names the Update. */
  const byCreator = <Body>(
    request: FastifyRequest & {
      params: { id: number };
      body: Body;
      headers: { 'idempotency-key'?: string | undefined };
    },
    act: (ctx: typeof app.ctx, caller: Caller, missionId: number, body: Body, key?: string) => Promise<{ id: number }>,
  ) =>
    act(
      app.ctx,
      requireRole(request, 'ROLE_CREATOR'),
      request.params.id,
      request.body,
      request.headers['idempotency-key'],
    );

  routes.post(
    '/missions',
    {
      schema: {
        tags,
        summary: 'Request a BASIC or CUSTOM mission, or apply to a lottery event',
        description:
          'Holds the coins (the product price, or the CUSTOM offer) in the mission’s escrow in the same transaction ' +
          'as the mission, then starts its workflow. BASIC missions are ACCEPTED at once (10 days to perform); CUSTOM ' +
          'ones are REQUESTED (30 days for the creator to decide). 409 NOT_ENOUGH_COINS when the wallet is short, ' +
          'CREATOR_BLOCKED while the creator is penalised, CUSTOM_NOT_AVAILABLE, PRODUCT_INACTIVE; 403 for creators ' +
          'and unverified members. A retry with the same Idempotency-Key returns the first mission. With an EVENT ' +
          'product (body `EventApplication`: requestComment ≤ 200, optional image ≤ 5 MB, digits-only phone, real ' +
          'name, address) it applies to the lottery event: free, once per fan (409 ALREADY_APPLIED), never to one’s ' +
          'own event, only while APPLYING (409 NOT_APPLYING); the answer is REQUESTED.',
        security,
        headers: paymentIdempotencyHeadersSchema,
        body: z.union([missionRequestSchema, eventApplicationSchema]),
        response: { 200: missionRequestResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const body = request.body;
      return 'phone' in body
        ? applyToEvent(app.ctx, caller, body)
        : requestMission(app.ctx, caller, body, request.headers['idempotency-key']);
    },
  );

  routes.post(
    '/missions/lucky',
    {
      schema: {
        tags,
        summary: 'Open a lucky roulette',
        description:
          'Creates a CREATED LUCKY mission of the product and returns its id (the same one again while it has not ' +
          'been won). Roll it with POST /missions/{id}/rolls.',
        security,
        body: luckyMissionRequestSchema,
        response: { 201: idResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const opened = await openLuckyMission(app.ctx, requireCaller(request), request.body.missionProductId);
      return reply.code(201).send(opened);
    },
  );

  routes.post(
    '/missions/:id/rolls',
    {
      schema: {
        tags,
        summary: 'Roll a lucky roulette',
        description:
          'Charges the product price and draws with its win probability. A win (success true) holds the coins for ' +
          'the creator and gives him 10 days to perform; a loss is spent. 409 NOT_ENOUGH_COINS, ROULETTE_CLOSED ' +
          'once won. A retry with the same Idempotency-Key returns the first roll’s outcome.',
        security,
        params,
        headers: paymentIdempotencyHeadersSchema,
        response: { 200: luckyRollResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      rollLuckyMission(app.ctx, requireCaller(request), request.params.id, request.headers['idempotency-key']),
  );

  const ACTION_RETRY =
    '503 SERVICE_UNAVAILABLE when the mission service does not answer within 10 seconds (try again). A retry with ' +
    'the same Idempotency-Key is answered with the first result; the key reused for another action is 409 ' +
    'IDEMPOTENCY_CONFLICT.';
  const creatorAction = { tags, security, params, headers: paymentIdempotencyHeadersSchema };
  const actionErrors = errorResponses(400, 401, 403, 404, 409, 503);

  routes.post(
    '/missions/:id/perform',
    {
      schema: {
        ...creatorAction,
        summary: 'Perform a mission (creator)',
        description:
          'A comment and one uploaded video, picture or voice file of the creator. Within 10 days of the request, ' +
          'win or acceptance; a video passes through TRANSCODING (poster frame, duration) before COMPLETED, when ' +
          'the coins go to the creator. 409 PERFORM_DEADLINE_PASSED after the deadline, ALREADY_PERFORMED, ' +
          'NOT_ACCEPTED; MEDIA_MISSING when the file was deleted before it could be recorded (the mission stays ' +
          'ACCEPTED). ' +
          ACTION_RETRY,
        body: performMissionRequestSchema,
        response: { 200: idResponseSchema, ...actionErrors },
      },
    },
    async (request) => byCreator(request, performMission),
  );

  routes.post(
    '/missions/:id/accept',
    {
      schema: {
        ...creatorAction,
        summary: 'Accept a CUSTOM mission (creator)',
        description:
          'Within 30 days of the request; the message is optional. Starts the 10 days to perform. 409 ' +
          'DECISION_DEADLINE_PASSED, ALREADY_DECIDED. ' +
          ACTION_RETRY,
        body: acceptMissionRequestSchema,
        response: { 200: idResponseSchema, ...actionErrors },
      },
    },
    async (request) => byCreator(request, acceptMission),
  );

  routes.post(
    '/missions/:id/refuse',
    {
      schema: {
        ...creatorAction,
        summary: 'Refuse a CUSTOM mission (creator)',
        description:
          'The reason is required and passed to the requester, whose coins are refunded. 409 ' +
          'DECISION_DEADLINE_PASSED, ALREADY_DECIDED. ' +
          ACTION_RETRY,
        body: refuseMissionRequestSchema,
        response: { 200: idResponseSchema, ...actionErrors },
      },
    },
    async (request) => byCreator(request, refuseMission),
  );

  routes.post(
    '/missions/:id/cancel',
    {
      schema: {
        tags,
        security,
        params,
        summary: 'Cancel a CUSTOM request the creator has not decided yet (requester)',
        description:
          'Only while the mission is REQUESTED and its 30-day decision deadline is ahead: the mission ends REJECTED ' +
          'with reason CANCELED and the coins held for it are back in the fan’s wallet when this answers (a ' +
          'MISSION_CANCELED notification tells him). Repeating it answers the same. 404 for a mission that is not ' +
          'the caller’s; 409 ALREADY_DECIDED once accepted or refused, DECISION_DEADLINE_PASSED, NOT_REQUESTED for ' +
          'a BASIC, LUCKY or lottery mission; 503 SERVICE_UNAVAILABLE when the mission service does not answer ' +
          'within 10 seconds (try again).',
        response: { 200: idResponseSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => cancelMission(app.ctx, requireCaller(request), request.params.id),
  );
}
