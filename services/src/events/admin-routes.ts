import {
  adminEventActionResultSchema,
  adminEventActionSchema,
  adminIdParamsSchema,
  type AdminEventActionResult,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditBefore } from '../admin';
import { requireCaller } from '../auth';
import type { ServiceContext } from '../context';
import { errorResponses } from '../http';
import { eventNotFound } from './errors';
import * as repository from './repository';
import { cancelEventByOperator, forceDrawEvent } from './service';

const RESOURCE = 'lottery-events';

async function eventState(ctx: ServiceContext, productId: number): Promise<AdminEventActionResult> {
  const event = await repository.findEvent(ctx.db, productId);
  if (!event) throw eventNotFound();
  const drawn = event.status === 'DRAWN' || event.status === 'CLOSED';
  const winners = drawn
    ? await ctx.db
        .selectFrom('event_applications')
        .select('mission_id')
        .where('product_id', '=', productId)
        .where('picked', '=', true)
        .orderBy('mission_id')
        .execute()
    : [];
  return { id: productId, status: event.status, winners: winners.map((row) => row.mission_id) };
}

/**
 * `/api/admin/lottery-events/{productId}/cancel` and `/draw`: operators cancel a lottery event (its workflow refunds
 * the applicants, as the creator's cancel does) or draw it now (the 14-day rule's draw, without waiting), each with a
 * reason the audit log keeps beside the event before and after.
 */
export async function lotteryEventAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: lottery events'];
  const security = [{ bearerAuth: [] }];

  routes.post(
    `/${RESOURCE}/:id/cancel`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Cancel a lottery event, with a reason (operators)',
        description:
          'The creator’s cancel, sent to the event’s workflow: open applications and prizes not delivered are ' +
          'cancelled and their fans told; delivered prizes stay. 409 NOT_CANCELABLE once CLOSED or CANCELED, BUSY ' +
          'while the event changes phase; 404 when the product is no lottery event.',
        security,
        params: adminIdParamsSchema,
        body: adminEventActionSchema,
        response: { 200: adminEventActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const before = await eventState(app.ctx, request.params.id);
      auditBefore(request, before);
      await cancelEventByOperator(app.ctx, requireCaller(request), request.params.id);
      const after = await eventState(app.ctx, request.params.id);
      request.auditAfter = { ...after, reason: request.body.reason };
      return after;
    },
  );

  routes.post(
    `/${RESOURCE}/:id/draw`,
    {
      config: { adminResource: RESOURCE },
      schema: {
        tags,
        summary: 'Draw a lottery event now, with a reason (operators)',
        description:
          'What the 14-day rule draws at its deadline, now: the draws the creator has not picked are drawn at ' +
          'random (provably fair, docs/provably-fair.md) and the winners announced. Only while DRAWING (409 ' +
          'NOT_DRAWING before the applications close or once drawn); 404 when the product is no lottery event.',
        security,
        params: adminIdParamsSchema,
        body: adminEventActionSchema,
        response: { 200: adminEventActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const before = await eventState(app.ctx, request.params.id);
      auditBefore(request, before);
      await forceDrawEvent(app.ctx, request.params.id);
      const after = await eventState(app.ctx, request.params.id);
      request.auditAfter = { ...after, reason: request.body.reason };
      return after;
    },
  );
}
