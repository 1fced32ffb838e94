import {
  creatorAvailabilitySchema,
  creatorCapacitySchema,
  creatorCapacityUpdateSchema,
  creatorIdParamsSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import { creatorAvailability, ownCapacity, saveCapacity } from './capacity';

/** A creator's capacity: his own settings (pause, return day, message, caps) and what fans see of them. */
export async function creatorCapacityRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['creators'];
  const ownerOnly =
    'The creator’s own only: anybody else gets the same 404 as for a creator that does not exist, so another ' +
    'member learns nothing of them.';

  routes.get(
    '/creators/:id/capacity',
    {
      schema: {
        tags,
        summary: 'The creator’s capacity settings',
        description:
          `The pause (\`paused\` as saved, \`pausedNow\` once the return day is taken into account), return day, ` +
          `message, overall cap, and every product with its cap and open requests (REQUESTED, ACCEPTED or ` +
          `TRANSCODING). ${ownerOnly}`,
        security: [{ bearerAuth: [] }],
        params: creatorIdParamsSchema,
        response: { 200: creatorCapacitySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ownCapacity(app.ctx, requireCaller(request), request.params.id),
  );

  routes.put(
    '/creators/:id/capacity',
    {
      schema: {
        tags,
        summary: 'Save the creator’s capacity settings',
        description:
          'Fields left out are none. While paused (until 00:00 Korea time of `returnOn`, when given) every new request ' +
          'of the creator is refused with 409 CREATOR_PAUSED; a request past the overall cap or its product’s cap ' +
          'with 409 REQUESTS_FULL, both before any coin moves. `returnOn` must be after today (Korea time) and at ' +
          'most 365 days ahead; caps are 1 to 1000 (null: none); `pauseMessage` at most 80 characters; ' +
          `\`productCaps\` may name only the creator’s own BASIC, LUCKY or CUSTOM products. ${ownerOnly}`,
        security: [{ bearerAuth: [] }],
        params: creatorIdParamsSchema,
        body: creatorCapacityUpdateSchema,
        response: { 200: creatorCapacitySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => saveCapacity(app.ctx, requireCaller(request), request.params.id, request.body),
  );

  routes.get(
    '/creators/:id/availability',
    {
      schema: {
        tags,
        summary: 'Whether the creator takes requests now, and how fast he answers',
        description:
          'The pause in force now (with its return day and message), the overall cap with the open requests (null ' +
          'without an overall cap), the capped products with ' +
          'their open requests, and `responseTimes`: the medians over the last 90 days, in hours, from a custom ' +
          'request to its acceptance and from acceptance to delivery, each null below 5 missions. A creator that ' +
          'is not verified yet is 404 for everybody but its owner and operators.',
        security: [{ bearerAuth: [] }, {}],
        params: creatorIdParamsSchema,
        response: { 200: creatorAvailabilitySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => creatorAvailability(app.ctx, request.caller, request.params.id),
  );
}
