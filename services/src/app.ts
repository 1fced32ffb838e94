import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/routes';
import { auditLogAdminRoutes } from './admin/audit-routes';
import { consoleAdminResources } from './console';
import { registerJwt } from './auth/jwt';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './auth/rate-limits';
import { loginRoutes } from './auth/routes';
import { appleLoginRoutes, authProviderRoutes, oauth2Routes } from './auth/oauth/routes';
import { coinRefundAdminRoutes } from './coin-history/admin-routes';
import { coinHistoryRoutes } from './coin-history/routes';
import type { AppConfig } from './config/config';
import type { ServiceContext, TemporalAccess } from './context';
import { REPO_ROOT } from './config/config';
import type { Db } from './db/database';
import { registerMultipart } from './files/multipart';
import { fileRoutes } from './files/routes';
import { registerStoredFiles } from './files/serve';
import { storageDriverFor } from './files/storage';
import { metricsRoutes } from './health/metrics-routes';
import { healthRoutes } from './health/routes';
import { creatorRoutes } from './creators/routes';
import { discoveryRoutes } from './discovery/routes';
import { faqAdminRoutes } from './faq/admin-routes';
import { faqRoutes } from './faq/routes';
import { followRoutes } from './follows/routes';
import { popupAdminRoutes } from './popups/admin-routes';
import { popupRoutes } from './popups/routes';
import { missionProductRoutes } from './mission-products/routes';
import { missionReadRoutes } from './mission-reads/routes';
import { creatorPenaltyAdminRoutes } from './missions/penalty-admin-routes';
import { missionRoutes } from './missions/routes';
import { notificationRoutes } from './notifications/routes';
import { ledgerAdminRoutes } from './ledger-admin/routes';
import { installErrorHandler } from './http/error-handler';
import { zodValidatorCompiler } from './http/validation';
import { registerLanguage } from './plugins/language';
import { registerOpenApi } from './plugins/openapi';
import { registerStaticApps, type StaticAppsOptions } from './plugins/static-apps';
import { devMailboxRoutes } from './mail/dev-mailbox-routes';
import type { DevMailbox, Mailer } from './mail/mailer';
import { findCaller } from './users/repository';
import { userImageRoutes } from './users/image-routes';
import { userRoutes } from './users/routes';
import { coinRoutes } from './coins/routes';
import { bankTransferAdminRoutes } from './payments/admin-routes';
import { paymentRoutes } from './payments/routes';
import { sandboxCheckoutRoutes } from './payments/sandbox-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    ctx: ServiceContext;
  }
}

export interface AppDependencies {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  /** The development mailbox behind /dev/mail (embedded mode without SMTP_URL). */
  devMailbox?: DevMailbox;
  rateLimits?: RateLimits;
  /** The clock (tests pass a fixed or moving one). */
  now?: () => Date;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | { level: string };
  staticApps?: StaticAppsOptions;
  /** Temporal client and task queue; without it, missions wait for the reconciler to start their workflows. */
  temporal?: TemporalAccess;
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
  const ctx: ServiceContext = {
    db,
    config,
    mailer: dependencies.mailer,
    now: dependencies.now ?? (() => new Date()),
    log: app.log,
    ...(dependencies.temporal && { temporal: dependencies.temporal }),
  };
  app.decorate('ctx', ctx);
  const rateLimits = dependencies.rateLimits ?? DEFAULT_RATE_LIMITS;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerLanguage(app);
  installErrorHandler(app);
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: config.PUBLIC_URL });
  await registerRateLimits(app);
  await registerMultipart(app);
  const storage = storageDriverFor(config);
  await registerJwt(app, {
    secret: config.JWT_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    loadCaller: (userId) => findCaller(db, userId),
  });

  await app.register(loginRoutes, { prefix: '/api', rateLimits });
  await app.register(oauth2Routes, { prefix: '/api/oauth2' });
  await app.register(
    async (v1) => {
      await v1.register(healthRoutes, { version: APP_VERSION });
      await v1.register(userRoutes, { rateLimits });
      await v1.register(userImageRoutes, { storage });
      await v1.register(fileRoutes, { storage });
      await v1.register(appleLoginRoutes);
      await v1.register(authProviderRoutes);
      await v1.register(coinHistoryRoutes);
      await v1.register(coinRoutes);
      await v1.register(paymentRoutes);
      await v1.register(sandboxCheckoutRoutes);
      await v1.register(creatorRoutes, { storage });
      await v1.register(discoveryRoutes);
      await v1.register(followRoutes);
      await v1.register(faqRoutes);
      await v1.register(popupRoutes);
      await v1.register(missionProductRoutes);
      await v1.register(missionReadRoutes, { storage });
      await v1.register(missionRoutes);
      await v1.register(notificationRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(metricsRoutes);
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    resources: [
      coinRefundAdminRoutes,
      ledgerAdminRoutes,
      bankTransferAdminRoutes,
      faqAdminRoutes,
      popupAdminRoutes,
      creatorPenaltyAdminRoutes,
      auditLogAdminRoutes,
      ...consoleAdminResources,
    ],
  });
  if (dependencies.devMailbox && !config.isProduction) {
    await app.register(devMailboxRoutes, { mailbox: dependencies.devMailbox });
  }

  await registerStoredFiles(app, storage);
  await registerStaticApps(app, dependencies.staticApps ?? DEFAULT_STATIC_APPS);
  return app;
}
