import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/json, Swagger UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, options: { version: string; publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fanmission API',
        description:
          'Creator/fan mission marketplace: accounts, coins, missions, lucky roulettes and lottery events. ' +
          'Messages follow Accept-Language (ko default, en, ja; jp means ja).',
        version: options.version,
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
