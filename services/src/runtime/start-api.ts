import { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { buildApp } from '../app';
import type { EventConsumer } from '../outbox';
import type { TemporalAccess } from '../context';
import { runPeriodically } from '../background';
import {
  purgeDeletedFiles,
  removeExpiredResumableUploads,
  resumableStoreFor,
  startMediaQueue,
  storageDriverFor,
} from '../files';
import { startPayoutAccountChecks } from '../creators';
import { noticeText, sendHeldNoticeMails } from '../notifications';
import { paymentProvidersFor, startCashReceiptIssuance, startPaymentSweeper } from '../payments';
import { startPushSender } from '../push';
import type { DevMailbox, Mailer } from '../mail';
import { tracingClientInterceptors } from '../telemetry';
import { ensureOperatorAccount } from '../users';
import type { Db } from '../db';
import { seedDemoWorldOnce } from './demo-seed';
import { refuseDemoCredentials } from './production-safety';
import { temporalLogLevel, type StartScope } from './start-scope';
import { lazyTemporalConnection } from './temporal-connection';
import { startReviewReminders } from '../reviews';

/**
 * The API with what runs beside it: the operator account and demo data, the purge of deleted files, the media queue,
 * the payment sweeper and the push sender.
 */
export async function startApi(
  scope: StartScope,
  options: {
    db: Db;
    /** Where the API starts mission workflows; without one, the worker's reconciler starts what the API commits. */
    temporalAddress: string | undefined;
    /**
     * The connection of the worker this process starts after the API (`all` role): the API's client runs over it and
     * its workflow starts are eager. The API's stop closes it, after the worker's.
     */
    workerConnection?: Promise<NativeConnection>;
    mailer: Mailer;
    devMailbox: DevMailbox | undefined;
    eventConsumers: readonly EventConsumer[];
    /** The web and admin builds `npm start` runs beside the start (the app serves their dist folders). */
    beforeApp: Promise<unknown> | undefined;
  },
): Promise<void> {
  const { config, stops } = scope;
  const { devMailbox } = options;
  // The connection is lazy: the API starts while Temporal is down, answering 503 on mission actions until it is back,
  // and every other route as usual.
  let temporal: TemporalAccess | undefined;
  if (options.temporalAddress) {
    const connection = lazyTemporalConnection({
      address: options.temporalAddress,
      logLevel: temporalLogLevel(config),
      ...(options.workerConnection && { workerConnection: options.workerConnection }),
    });
    stops.push(() => connection.close());
    const interceptors = await tracingClientInterceptors();
    const client = new Client({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      ...(interceptors && { interceptors }),
    });
    temporal = { client, taskQueue: FANMISSION_TASK_QUEUE, eagerStart: options.workerConnection !== undefined };
  }
  await options.beforeApp;
  const app = await buildApp({
    config,
    db: options.db,
    mailer: options.mailer,
    eventConsumers: options.eventConsumers,
    ...(devMailbox && { devMailbox }),
    ...(temporal && { temporal }),
  });
  // The demo world goes first: it is generated into a database without any account.
  if (config.SEED_DEMO_DATA && !config.isProduction) {
    const seeded = await seedDemoWorldOnce(app.ctx, scope.log);
    if (seeded.created.length) scope.log(`demo accounts (password fanmission1): ${seeded.created.join(', ')}`);
  }
  await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (config.isProduction) await refuseDemoCredentials(app.ctx, config.ADMIN_EMAIL);
  await app.listen({ host: config.HOST, port: config.PORT });
  stops.push(() => app.close());
  // Deleted files' stored objects go after their 30 days of retention: now, then hourly.
  const purge = runPeriodically(() => purgeDeletedFiles(app.ctx, storageDriverFor(config)), {
    intervalMs: 60 * 60_000,
    log: app.ctx.log,
    countMessage: 'purged the stored objects of deleted files',
    failureMessage: 'purging deleted files failed',
  });
  stops.push(() => purge.stop());
  // Resumable uploads left unfinished lose their bytes and quota reservation 24 h after their creation: checked
  // every 15 minutes (every process checks; removing an upload twice is harmless).
  const expiredUploads = runPeriodically(() => removeExpiredResumableUploads(app.ctx, resumableStoreFor(config)), {
    intervalMs: 15 * 60_000,
    log: app.ctx.log,
    countMessage: 'removed expired unfinished resumable uploads',
    failureMessage: 'removing expired resumable uploads failed',
  });
  stops.push(() => expiredUploads.stop());
  // Comment and reply notices held back by the hourly mail limits go out as one grouped mail once their recipient is
  // under his limit again, even when no new notice comes (docs/rules/notifications.md); every process checks.
  const heldNotices = runPeriodically(
    () =>
      sendHeldNoticeMails(
        {
          db: app.db,
          mailer: app.ctx.mailer,
          publicUrl: config.PUBLIC_URL,
          noticeMailLimits: {
            perRecipientPerHour: config.NOTICE_MAILS_PER_RECIPIENT_PER_HOUR,
            perSenderPerHour: config.NOTICE_MAILS_PER_SENDER_PER_HOUR,
          },
        },
        app.ctx.now(),
      ),
    {
      intervalMs: 5 * 60_000,
      log: app.ctx.log,
      countMessage: 'mailed held comment and reply notices as grouped mails',
      failureMessage: 'mailing held comment and reply notices failed',
    },
  );
  stops.push(() => heldNotices.stop());
  // A day after its answer, a mission's requester who has not reviewed it is reminded once (docs/rules/reviews.md).
  const reviewReminders = startReviewReminders(app.ctx);
  stops.push(() => reviewReminders.stop());
  // Video and audio details (duration, poster frame) are taken here, after the upload answered.
  const mediaQueue = startMediaQueue({ ctx: app.ctx, storage: storageDriverFor(config) });
  stops.push(() => mediaQueue.stop());
  // Paid orders whose browser never came back are credited by the sweeper.
  const sweeper = startPaymentSweeper(app.ctx, paymentProvidersFor(app.ctx), {
    intervalMs: config.PAYMENT_SWEEP_INTERVAL_SECONDS * 1000,
  });
  stops.push(() => sweeper.stop());
  // Payout accounts' holder look-ups: the queued ones, and the retries of those the bank did not answer.
  const payoutChecks = startPayoutAccountChecks(app.ctx);
  stops.push(() => payoutChecks.stop());
  // Cash receipts of confirmed bank deposits: those confirmed through an approval, and retries of a failed issuance.
  const cashReceipts = startCashReceiptIssuance(app.ctx);
  stops.push(() => cashReceipts.stop());
  // Push messages written with notifications go out from here, once the VAPID keys are configured.
  if (config.WEB_PUSH_VAPID_PUBLIC_KEY && config.WEB_PUSH_VAPID_PRIVATE_KEY) {
    const pushSender = startPushSender({ ctx: app.ctx, noticeText });
    stops.push(() => pushSender.stop());
  }
  const base = `http://localhost:${config.PORT}`;
  Object.assign(scope.urls, {
    web: `${base}/`,
    admin: `${base}/admin/`,
    api: `${base}/api/v1`,
    docs: `${base}/api/docs`,
    health: `${base}/api/v1/health`,
    ...(devMailbox && { mailbox: `${base}/dev/mail` }),
  });
}
