import {
  rouletteClientSeedRequestSchema,
  rouletteRollPageQuerySchema,
  rouletteRollPageSchema,
  rouletteSeedRotationSchema,
  rouletteSeedSchema,
} from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../auth';
import { errorResponses } from '../http';
import * as roulette from './roulette';

/** The provably fair lucky roulette's seeds and the fan's rolls (docs/provably-fair.md). */
export async function rouletteFairnessRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lucky-roulette'];
  const security = [{ bearerAuth: [] }];

  routes.get(
    '/users/me/roulette-seed',
    {
      schema: {
        tags,
        summary: 'The caller’s committed roulette seed',
        description:
          '`commitment` = sha256 of the secret server seed his next rolls use, his `clientSeed` and the nonce of ' +
          'his next roll. Created on first use.',
        security,
        response: { 200: rouletteSeedSchema, ...errorResponses(401) },
      },
    },
    async (request) => roulette.getRouletteSeed(app.ctx, requireCaller(request)),
  );

  routes.put(
    '/users/me/roulette-seed',
    {
      schema: {
        tags,
        summary: 'Change the caller’s client seed',
        description: 'The next rolls use it (the nonce keeps counting under the same server seed).',
        security,
        body: rouletteClientSeedRequestSchema,
        response: { 200: rouletteSeedSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => roulette.setClientSeed(app.ctx, requireCaller(request), request.body.clientSeed),
  );

  routes.post(
    '/users/me/roulette-seed/rotate',
    {
      schema: {
        tags,
        summary: 'Reveal the current server seed and commit to a new one',
        description: 'Every roll made under the revealed seed can then be recomputed (`GET /users/me/rolls/page`).',
        security,
        response: { 200: rouletteSeedRotationSchema, ...errorResponses(401) },
      },
    },
    async (request) => roulette.rotateSeed(app.ctx, requireCaller(request)),
  );

  routes.get(
    '/users/me/rolls/page',
    {
      schema: {
        tags,
        summary: 'The caller’s lucky roulette rolls, newest first',
        description:
          'Each with its commitment, client seed, nonce, win probability and outcome; `serverSeed` once its seed has ' +
          'been rotated away. Rolls made before provable fairness existed carry nulls.',
        security,
        querystring: rouletteRollPageQuerySchema,
        response: { 200: rouletteRollPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => roulette.rollPage(app.ctx, requireCaller(request), request.query),
  );
}
