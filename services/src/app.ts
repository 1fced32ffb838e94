import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes, auditLogAdminRoutes, auditStaffMemberApiWrites, refuseEncodedConsolePaths } from './admin';
import { approvalAdminRoutes, type GuardedAction } from './approvals';
import {
  bonusCoinItemApproval,
  cashCoinItemApproval,
  consoleAdminResources,
  staffInvitationApproval,
  staffRoleGrantApproval,
  staffRoleRemovalApproval,
  staffDeactivationApproval,
  staffReactivationApproval,
} from './console';
import { DEFAULT_RATE_LIMITS, parseRateLimit, type RateLimits, registerJwt, registerRateLimits } from './auth';
import {
  appleLoginRoutes,
  authProviderRoutes,
  findCaller,
  consoleSessionRoutes,
  loginRoutes,
  oauth2Routes,
  userImageRoutes,
  userRoutes,
} from './users';
import { type SmsProvider, smsProviderFor } from './sms';
import {
  coinHistoryRoutes,
  coinRefundAdminRoutes,
  manualRefundApproval,
  paymentAdminRoutes,
  paymentCancelApproval,
  providerRefundApproval,
  refuseRequestsOfReversedCharge,
} from './coin-history';
import { type AppConfig, REPO_ROOT } from './config';
import { commentAdminRoutes, commentEventBudgetRoutes, commentRoutes } from './comments';
import { reviewAdminRoutes, reviewRoutes } from './reviews';
import type { ServiceContext, TemporalAccess } from './context';
import type { Db } from './db';
import { fileRoutes, registerMultipart, registerStoredFiles, resumableUploadRoutes, storageDriverFor } from './files';
import { healthRoutes, metricsRoutes, registerHttpMetrics } from './health';
import {
  creatorBusinessApproval,
  creatorGradeApproval,
  creatorReviewAdminRoutes,
  creatorRoutes,
  payoutAccountAdminRoutes,
  payoutAccountApproval,
} from './creators';
import { discoveryRoutes } from './discovery';
import { faqAdminRoutes, faqRoutes } from './faq';
import { followRoutes } from './follows';
import { popupAdminRoutes, popupImageAdminRoutes, popupRoutes } from './popups';
import { missionProductRoutes, registerDefaultProductNames } from './mission-products';
import { missionReadRoutes } from './mission-reads';
import { creatorPenaltyAdminRoutes, missionRoutes, penaltyLiftApproval } from './missions';
import { notificationRoutes } from './notifications';
import { pushRoutes } from './push';
import { ledgerAdminRoutes } from './ledger-admin';
import { gradeProposalOverrideApproval, incomeRoutes, settlementAdminRoutes, statementApprovals } from './income';
import {
  answerFrameworkError,
  declareFrameworkAnswers,
  installErrorHandler,
  requestLogSerializers,
  warnOfUntrustedProxy,
  zodValidatorCompiler,
} from './http';
import { registerLanguage, registerOpenApi, registerStaticApps, type StaticAppsOptions } from './plugins';
import { sharePageRoutes, sharingRoutes } from './sharing';
import { type DevMailbox, devMailboxRoutes, type Mailer, verifiedRecipientsOnly } from './mail';
import type { EventConsumer } from './outbox';
import { bonusGrantAdminRoutes, bonusGrantApproval, coinRoutes } from './coins';
import {
  bankDepositConfirmApproval,
  bankTransferAdminRoutes,
  coinDepositRoutes,
  paymentReversalAdminRoutes,
  paymentRoutes,
  sandboxCheckoutRoutes,
} from './payments';
import { paymentWebhookRoutes } from './payments';
import {
  identityVerificationAdminRoutes,
  identityVerificationRoutes,
  sandboxIdentityRoutes,
} from './identity-verification';
import { lotteryEventAdminRoutes, lotteryEventRoutes, rouletteFairnessRoutes } from './events';
import { requireAcceptedTerms, termsRoutes, termsVersionAdminRoutes } from './terms';
import { blockObjectionAdminRoutes, trustRoutes } from './trust';

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
  /** SMS (the mobile number's confirmation code); by default the configured one (services/src/sms/sms.ts). */
  sms?: SmsProvider | null;
  rateLimits?: RateLimits;
  /** The clock (tests pass a fixed or moving one). */
  now?: () => Date;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  staticApps?: StaticAppsOptions;
  /** Temporal client and task queue; without it, missions wait for the reconciler to start their workflows. */
  temporal?: TemporalAccess;
  /** The outbox consumers the runtime runs (the composition root's list), reported by /health and /metrics. */
  eventConsumers: readonly EventConsumer[];
}

export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export const DEFAULT_STATIC_APPS: StaticAppsOptions = {
  webDist: path.join(REPO_ROOT, 'web/dist'),
  adminDist: path.join(REPO_ROOT, 'admin-ui/dist'),
};

/** Fastify's `trustProxy` from TRUST_PROXY: off unless the proxies are named (a hop count or addresses/CIDRs). */
function trustedProxies(setting: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The limits of RATE_LIMIT_* (`<count>/<window>`), each falling back to its default. */
function rateLimitsFrom(config: AppConfig): RateLimits {
  const pick = (setting: string | undefined, fallback: RateLimits[keyof RateLimits]) =>
    (setting && parseRateLimit(setting)) || fallback;
  return {
    login: pick(config.RATE_LIMIT_LOGIN, DEFAULT_RATE_LIMITS.login),
    signUp: pick(config.RATE_LIMIT_SIGNUP, DEFAULT_RATE_LIMITS.signUp),
    passwordReset: pick(config.RATE_LIMIT_PASSWORD_RESET, DEFAULT_RATE_LIMITS.passwordReset),
    mail: pick(config.RATE_LIMIT_MAIL, DEFAULT_RATE_LIMITS.mail),
  };
}

/** The logger options with the request serializer that keeps secrets in URLs out of the logs. */
const withLogRedaction = (logger: NonNullable<AppDependencies['logger']>) =>
  logger === false ? false : { ...(logger === true ? {} : logger), serializers: requestLogSerializers };

/** Every staff action under the maker-checker rule (services/src/approvals), each declared by its own module. */
export const GUARDED_ACTIONS: readonly GuardedAction[] = [
  bonusGrantApproval,
  bonusCoinItemApproval,
  cashCoinItemApproval,
  bankDepositConfirmApproval,
  creatorGradeApproval,
  creatorBusinessApproval,
  penaltyLiftApproval,
  gradeProposalOverrideApproval,
  payoutAccountApproval,
  ...statementApprovals,
  paymentCancelApproval,
  manualRefundApproval,
  providerRefundApproval,
  staffInvitationApproval,
  staffRoleGrantApproval,
  staffRoleRemovalApproval,
  staffDeactivationApproval,
  staffReactivationApproval,
];

/** The console API's resources, each module's own routes, which the admin plugin guards and audits (`/api/admin`). */
export const adminResources = (consumers: readonly EventConsumer[]): FastifyPluginAsync[] => [
  coinRefundAdminRoutes,
  ledgerAdminRoutes,
  bankTransferAdminRoutes,
  paymentReversalAdminRoutes,
  paymentAdminRoutes,
  lotteryEventAdminRoutes,
  identityVerificationAdminRoutes,
  bonusGrantAdminRoutes,
  faqAdminRoutes,
  popupAdminRoutes,
  popupImageAdminRoutes,
  termsVersionAdminRoutes,
  creatorPenaltyAdminRoutes,
  commentAdminRoutes,
  commentEventBudgetRoutes,
  reviewAdminRoutes,
  creatorReviewAdminRoutes,
  payoutAccountAdminRoutes,
  settlementAdminRoutes,
  auditLogAdminRoutes,
  blockObjectionAdminRoutes,
  approvalAdminRoutes(GUARDED_ACTIONS),
  ...consoleAdminResources({ consumers }),
];

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = dependencies;
  const app = Fastify({
    logger: withLogRedaction(dependencies.logger ?? { level: config.LOG_LEVEL }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  const ctx: ServiceContext = {
    db,
    config,
    mailer: verifiedRecipientsOnly(dependencies.mailer, db),
    sms:
      dependencies.sms !== undefined
        ? dependencies.sms
        : smsProviderFor(config, {
            // The sandbox's messages show in the development mailbox, as mails to `sms:<number>`.
            copy: async ({ to, text }) => dependencies.devMailbox?.send({ to: `sms:${to}`, subject: 'SMS', text }),
          }),
    now: dependencies.now ?? (() => new Date()),
    log: app.log,
    ...(dependencies.temporal && { temporal: dependencies.temporal }),
    // A chargeback closes the refund requests its charge can no longer pay (docs/rules/money-out.md).
    settleRefundsOfReversedCharge: refuseRequestsOfReversedCharge,
  };
  app.decorate('ctx', ctx);
  const rateLimits = dependencies.rateLimits ?? rateLimitsFrom(config);
  const httpsOnly = config.PUBLIC_URL?.startsWith('https://') === true;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Hardening headers on every answer: no framing by other sites (clickjacking of the charge and refund
    // buttons), no referrer beyond the origin, no MIME sniffing, HTTPS only once served over HTTPS. A route's own
    // Content-Security-Policy (stored files, the sandbox checkout) is kept as it is.
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'self'");
    if (httpsOnly) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  warnOfUntrustedProxy(app, config.TRUST_PROXY);
  registerLanguage(app);
  registerDefaultProductNames(app);
  installErrorHandler(app);
  declareFrameworkAnswers(app);
  await app.register(registerHttpMetrics);
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: config.PUBLIC_URL });
  await registerRateLimits(app, db);
  await registerMultipart(app);
  const storage = storageDriverFor(config);
  // One spelling per console path, before any session is read (services/src/admin/canonical-path.ts).
  app.addHook('onRequest', refuseEncodedConsolePaths);
  await registerJwt(app, {
    secret: config.JWT_SECRET,
    expiresIn: config.JWT_EXPIRES_IN,
    secureCookies: httpsOnly,
    loadCaller: (userId, sessionVersion) => findCaller(db, userId, sessionVersion, ctx.now()),
  });

  await app.register(loginRoutes, { prefix: '/api', rateLimits });
  await app.register(oauth2Routes, { prefix: '/api/oauth2' });
  await app.register(
    async (v1) => {
      // Staff writes through the member API are audited like the console's (services/src/admin/member-api-audit.ts).
      v1.addHook('onSend', auditStaffMemberApiWrites(db, ctx.now));
      // A member changes nothing before he accepts the terms in force (services/src/terms/consent-guard.ts).
      v1.addHook('preHandler', requireAcceptedTerms(ctx));
      await v1.register(healthRoutes, { version: APP_VERSION, consumers: dependencies.eventConsumers });
      await v1.register(userRoutes, { rateLimits });
      await v1.register(userImageRoutes, { storage });
      await v1.register(fileRoutes, { storage });
      await v1.register(resumableUploadRoutes, { storage });
      await v1.register(appleLoginRoutes);
      await v1.register(authProviderRoutes);
      await v1.register(coinHistoryRoutes);
      await v1.register(coinRoutes);
      await v1.register(coinDepositRoutes);
      await v1.register(paymentRoutes);
      await v1.register(identityVerificationRoutes);
      // The sandboxes' pages exist outside production only (production's configuration refuses them as providers).
      if (!config.isProduction) {
        await v1.register(sandboxCheckoutRoutes);
        await v1.register(sandboxIdentityRoutes);
      }
      await v1.register(paymentWebhookRoutes);
      await v1.register(creatorRoutes, { storage, rateLimits });
      await v1.register(discoveryRoutes);
      await v1.register(followRoutes);
      await v1.register(faqRoutes);
      await v1.register(popupRoutes);
      await v1.register(termsRoutes);
      await v1.register(missionProductRoutes);
      await v1.register(lotteryEventRoutes);
      await v1.register(rouletteFairnessRoutes);
      await v1.register(missionReadRoutes, { storage });
      await v1.register(missionRoutes);
      await v1.register(notificationRoutes);
      await v1.register(pushRoutes);
      await v1.register(commentRoutes);
      await v1.register(reviewRoutes);
      await v1.register(incomeRoutes);
      await v1.register(trustRoutes, { rateLimits });
      await v1.register(sharingRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(metricsRoutes, { consumers: dependencies.eventConsumers });
  // The console's session, beside (not inside) its API: logging in needs no staff session yet.
  await app.register(consoleSessionRoutes, { prefix: '/api/admin', rateLimits });
  await app.register(adminRoutes, { prefix: '/api/admin', resources: adminResources(dependencies.eventConsumers) });
  if (dependencies.devMailbox && !config.isProduction) {
    await app.register(devMailboxRoutes, { mailbox: dependencies.devMailbox });
  }

  await registerStoredFiles(app, storage);
  await app.register(sharePageRoutes, { storage });
  await registerStaticApps(app, dependencies.staticApps ?? DEFAULT_STATIC_APPS);
  return app;
}
