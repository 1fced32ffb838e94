import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { REPO_ROOT } from './config/config';
import type { Db } from './db/database';
import { healthRoutes } from './health/routes';
import { installErrorHandler } from './http/error-handler';
import { zodValidatorCompiler } from './http/validation';
import { registerLanguage } from './plugins/language';
import { registerOpenApi } from './plugins/openapi';
import { registerStaticApps, type StaticAppsOptions } from './plugins/static-apps';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
  }
}

export interface AppDependencies {
  config: AppConfig;
  db: Db;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | { level: string };
  staticApps?: StaticAppsOptions;
}

export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export const DEFAULT_STATIC_APPS: StaticAppsOptions = {
  webDist: path.join(REPO_ROOT, 'web/dist'),
  adminDist: path.join(REPO_ROOT, 'admin-ui/dist'),
};

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = dependencies;
  const app = Fastify({
    logger: dependencies.logger ?? { level: config.LOG_LEVEL },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerLanguage(app);
  installErrorHandler(app);
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: config.PUBLIC_URL });

  await app.register(
    async (v1) => {
      await v1.register(healthRoutes, { version: APP_VERSION });
    },
    { prefix: '/api/v1' },
  );

  await registerStaticApps(app, dependencies.staticApps ?? DEFAULT_STATIC_APPS);
  return app;
}
