import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorResponses } from './responses';

/**
 * A caller's own mark on something (a like, a report): `POST <url>` sets it, `DELETE <url>` takes it back, both
 * idempotent and answering the same schema. `set` gets the request and whether the mark is being set.
 */
export function onOffRoutes<Params extends z.ZodType, Answer extends z.ZodType>(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summaries: { on: string; off: string };
    description: string;
    params: Params;
    answer: Answer;
    set(request: FastifyRequest<{ Params: z.infer<Params> }>, on: boolean): Promise<z.infer<Answer>>;
  },
): void {
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    // Without the zod type provider (its types cannot follow a generic schema); the app's zod validator and
    // serializer still check the request and the answer.
    app.route({
      method,
      url: route.url,
      schema: {
        tags: route.tags,
        summary: on ? route.summaries.on : route.summaries.off,
        description: route.description,
        security: [{ bearerAuth: [] }],
        params: route.params,
        response: { 200: route.answer, ...errorResponses(400, 401, 404) },
      },
      handler: (request) => route.set(request as FastifyRequest<{ Params: z.infer<Params> }>, on),
    });
  }
}
