import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ensureCoinExpirySchedule, ensureCoinExpiryWarningSchedule } from '@fanmission/workflows/coins';
import { ensureSettlementSchedule } from '@fanmission/workflows/settlement';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { buildApp } from '../app';
import { createCoinExpiryActivities, createCoinExpiryWarningActivities } from '../coins';
import type { AppConfig } from '../config';
import { runtimeConsumers } from './consumers';
import { startEventProcessing } from './event-processing';
import type { TemporalAccess } from '../context';
import { runPeriodically } from '../background';
import { mediaToolsOf, purgeDeletedFiles, startMediaQueue, storageDriverFor } from '../files';
import { paymentProvidersFor, startPaymentSweeper } from '../payments';
import { createSettlementActivities } from '../income';
import { createMissionActivities, startMissionReconciler } from '../missions';
import { createDevMailbox, createSmtpMailer, type DevMailbox, type Mailer } from '../mail';
import { seedDemoData } from '../seed';
import { ensureOperatorAccount } from '../users';
import { createEventActivities, startEventReconciler } from '../events';
import { startReliabilityRefresher } from '../trust';
import { openDatabase } from './database';
import { startRetention } from '../retention';
import { takePrestarted, temporalDevServerOptions } from './prestart';
import { lowerCpuPriority } from './priority';
import { runsApi, runsWorker, type ProcessRole } from './roles';
import { ensureTemporalRuntime, lazyTemporalConnection } from './temporal-connection';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

/** Marks a start that a stop request overtook. */
const stopped = Symbol('stopped');

export interface RunningFanmission {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts what the role needs, in dependency order, and returns one `stop` that shuts it all down in reverse order.
 * A failure part-way stops whatever had already started.
 */
export async function startFanmission(options: {
  config: AppConfig;
  role: ProcessRole;
  log: (line: string) => void;
  /**
   * Aborted when a stop is asked for during the start (Ctrl-C): the start returns what it has started so far
   * instead of going on (a worker connecting to a Temporal server that Ctrl-C already stopped retried ~20 s, then
   * failed the whole start).
   */
  signal?: AbortSignal;
}): Promise<RunningFanmission> {
  const { config, role, log } = options;
  const stopAsked = () => options.signal?.aborted === true;
  /** What `pending` gives, or undefined when a stop is asked for first (what it gives later is disposed of). */
  const untilStopped = async <T>(pending: Promise<T>, dispose: (late: T) => unknown): Promise<T | undefined> => {
    const signal = options.signal;
    if (!signal) return await pending;
    const disposeLate = () => void pending.then(dispose).catch(() => undefined);
    if (signal.aborted) {
      disposeLate();
      return undefined;
    }
    let onAbort = () => {};
    const aborted = new Promise<typeof stopped>((resolve) => {
      onAbort = () => resolve(stopped);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const first = await Promise.race([pending, aborted]);
      if (first !== stopped) return first as T;
      disposeLate();
      return undefined;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
  const closeLate = (late: { close(): Promise<void> }) => late.close();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopOne of stops.reverse().splice(0)) {
      await stopOne().catch((error: unknown) => log(`while stopping: ${String(error)}`));
    }
  };
  const urls: Record<string, string> = {};
  if (role === 'worker' && config.BACKGROUND_NICE > 0) {
    // Before the SDK starts its threads, which take the priority of the thread that starts them.
    const lowered = lowerCpuPriority(process.pid, config.BACKGROUND_NICE);
    log(`worker at CPU priority nice ${config.BACKGROUND_NICE} (${lowered} threads lowered)`);
  }
  // The servers `npm start` started before this module loaded (prestart.ts), when started for this config and role.
  const prestarted = role === 'all' ? takePrestarted(config) : {};
  try {
    // Both settle before a failure of one is thrown, so the other is in `stops` and stopped with the rest.
    const [databaseResult, temporalResult] = await Promise.allSettled([
      openDatabase(config, {
        migrate: runsApi(role),
        log,
        ...(prestarted.postgres && { embeddedServer: prestarted.postgres }),
      }).then((database) => {
        stops.push(database.stop);
        return database;
      }),
      runsWorker(role) ? temporalFrontend(config, role, log, stops, urls, prestarted.temporal) : undefined,
    ]);
    if (databaseResult.status === 'rejected') throw databaseResult.reason;
    if (temporalResult.status === 'rejected') throw temporalResult.reason;
    const database = databaseResult.value;
    const temporalAddress = temporalResult.value;

    let devMailbox: DevMailbox | undefined;
    let mailer: Mailer;
    if (config.SMTP_URL) {
      mailer = createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
    } else {
      devMailbox = createDevMailbox({ from: config.MAIL_FROM });
      mailer = devMailbox;
    }
    stops.push(() => mailer.close());
    const eventConsumers = runtimeConsumers({ mailer, publicUrl: config.PUBLIC_URL });

    // The API starts mission workflows and sends them updates (without a Temporal address, the worker's reconciler
    // starts the workflows of the missions it commits). The connection is lazy: the API starts
    // while Temporal is down, answering 503 on mission actions until it is back, and every other route as usual.
    const apiTemporalAddress = temporalAddress ?? config.TEMPORAL_ADDRESS;
    let temporal: TemporalAccess | undefined;
    if (runsApi(role) && apiTemporalAddress) {
      const connection = lazyTemporalConnection({ address: apiTemporalAddress, logLevel: temporalLogLevel(config) });
      stops.push(() => connection.close());
      const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
      temporal = { client, taskQueue: FANMISSION_TASK_QUEUE };
    }

    if (runsApi(role)) {
      // The web and admin builds `npm start` runs beside the start (the app serves their dist folders).
      await prestarted.beforeApp;
      const app = await buildApp({
        config,
        db: database.db,
        mailer,
        eventConsumers,
        ...(devMailbox && { devMailbox }),
        ...(temporal && { temporal }),
      });
      await ensureOperatorAccount(app.ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      if (config.SEED_DEMO_DATA && !config.isProduction) {
        const seeded = await seedDemoData(app.ctx);
        if (seeded.length) log(`demo accounts (password fanmission1): ${seeded.join(', ')}`);
      }
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
      // Video and audio details (duration, poster frame) are taken here, after the upload answered.
      const mediaQueue = startMediaQueue({ ctx: app.ctx, storage: storageDriverFor(config) });
      stops.push(() => mediaQueue.stop());
      // Paid orders whose browser never came back are credited by the sweeper.
      const sweeper = startPaymentSweeper(app.ctx, paymentProvidersFor(app.ctx), {
        intervalMs: config.PAYMENT_SWEEP_INTERVAL_SECONDS * 1000,
      });
      stops.push(() => sweeper.stop());
      const base = `http://localhost:${config.PORT}`;
      Object.assign(urls, {
        web: `${base}/`,
        admin: `${base}/admin/`,
        api: `${base}/api/v1`,
        docs: `${base}/api/docs`,
        health: `${base}/api/v1/health`,
        ...(devMailbox && { mailbox: `${base}/dev/mail` }),
      });
    }

    if (temporalAddress && !stopAsked()) {
      const started = performance.now();
      // Loaded once the API listens: the worker's SDK (its native bridge, webpack bundler, rxjs) is not needed to
      // answer requests, and `npm start` is healthy a second or more sooner on a busy machine.
      const [workerSdk, { createFanmissionWorker }] = await Promise.all([
        import('@temporalio/worker'),
        import('@fanmission/workflows/worker'),
      ]);
      ensureTemporalRuntime(workerSdk, temporalLogLevel(config));
      const connection = await untilStopped(
        workerSdk.NativeConnection.connect({ address: temporalAddress }),
        closeLate,
      );
      if (!connection) return { urls, stop };
      const worker = await untilStopped(
        createFanmissionWorker({
          connection,
          namespace: config.TEMPORAL_NAMESPACE,
          // The workflow bundle is built once per change of the workflow sources, not on every start.
          bundleCacheDir: path.join(config.DATA_DIR, 'workflow-bundles'),
          activities: {
            ...createCoinExpiryActivities({ db: database.db, now: () => new Date() }),
            ...createCoinExpiryWarningActivities({ db: database.db, mailer, publicUrl: config.PUBLIC_URL }),
            ...createMissionActivities({
              db: database.db,
              storage: storageDriverFor(config),
              mediaTools: mediaToolsOf(config),
            }),
            ...createSettlementActivities({ db: database.db, now: () => new Date() }),
            ...createEventActivities({ db: database.db }),
          },
        }),
        () => undefined,
      );
      if (!worker) {
        // Creating the worker (it describes the namespace, retrying) stops with the connection.
        await connection.close().catch(() => undefined);
        return { urls, stop };
      }
      const running = worker.run();
      stops.push(async () => {
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running;
        await connection.close();
      });
      log(
        `worker polling task queue "fanmission" on ${temporalAddress} (ready in ${Math.round(performance.now() - started)} ms)`,
      );
      const scheduleConnection = await untilStopped(Connection.connect({ address: temporalAddress }), closeLate);
      if (!scheduleConnection) return { urls, stop };
      try {
        const client = new Client({ connection: scheduleConnection, namespace: config.TEMPORAL_NAMESPACE });
        log(`daily coin expiry schedule ${await ensureCoinExpirySchedule(client)} (00:05 Asia/Seoul)`);
        log(`daily coin expiry warnings schedule ${await ensureCoinExpiryWarningSchedule(client)} (09:00 Asia/Seoul)`);
        log(`monthly settlement schedule ${await ensureSettlementSchedule(client)} (1st, 00:10 Asia/Seoul)`);
      } finally {
        await scheduleConnection.close();
      }
      const reconcilerConnection = await untilStopped(Connection.connect({ address: temporalAddress }), closeLate);
      if (!reconcilerConnection) return { urls, stop };
      const reconciler = startMissionReconciler({
        db: database.db,
        now: () => new Date(),
        log: {
          warn: (object, message) => log(`${message} ${JSON.stringify(object)}`),
          error: (object, message) => log(`${message}: ${String((object as { err?: unknown }).err)}`),
        },
        temporal: {
          client: new Client({ connection: reconcilerConnection, namespace: config.TEMPORAL_NAMESPACE }),
          taskQueue: FANMISSION_TASK_QUEUE,
        },
      });
      const eventReconciler = startEventReconciler({
        db: database.db,
        now: () => new Date(),
        log: {
          warn: (object, message) => log(`${message} ${JSON.stringify(object)}`),
          error: (object, message) => log(`${message}: ${String((object as { err?: unknown }).err)}`),
        },
        temporal: {
          client: new Client({ connection: reconcilerConnection, namespace: config.TEMPORAL_NAMESPACE }),
          taskQueue: FANMISSION_TASK_QUEUE,
        },
      });
      const reliabilityRefresher = startReliabilityRefresher({
        db: database.db,
        now: () => new Date(),
        log: {
          warn: (object, message) => log(`${message} ${JSON.stringify(object)}`),
          error: (object, message) => log(`${message}: ${String((object as { err?: unknown }).err)}`),
        },
      });
      stops.push(async () => {
        await reliabilityRefresher.stop();
        await reconciler.stop();
        await eventReconciler.stop();
        await reconcilerConnection.close();
      });
    }

    if (stopAsked()) return { urls, stop };
    stops.push(await startEventProcessing({ config, db: database.db, role, consumers: eventConsumers, log }));
    if (runsWorker(role)) {
      // Hourly retention of the outbox, processed ids, dead letters, expired tokens and rate-limit windows.
      const retention = startRetention(database.db, {
        consumers: eventConsumers.map((consumer) => consumer.name),
        onError: (error) => log(`retention: ${error instanceof Error ? error.message : String(error)}`),
      });
      stops.push(() => retention.stop());
    }
  } catch (error) {
    await stop();
    throw error;
  }
  if (Object.keys(urls).length) {
    log('ready:');
    for (const [name, url] of Object.entries(urls)) log(`  ${name.padEnd(10)} ${url}`);
  }
  return { urls, stop };
}

/** TEMPORAL_ADDRESS, or (embedded mode) the local Temporal dev server keeping its state under DATA_DIR. */
async function temporalFrontend(
  config: AppConfig,
  role: ProcessRole,
  log: (line: string) => void,
  stops: Array<() => Promise<void>>,
  urls: Record<string, string>,
  prestarted?: Promise<TemporalDevServer>,
): Promise<string> {
  if (config.TEMPORAL_ADDRESS) return config.TEMPORAL_ADDRESS;
  if (role !== 'all' || !config.TEMPORAL_CLI_PATH) {
    throw new Error('TEMPORAL_ADDRESS is not set: the worker needs a Temporal server (npm start runs a local one)');
  }
  const started = performance.now();
  const server = await (prestarted ??
    startTemporalDevServer(temporalDevServerOptions({ ...config, TEMPORAL_CLI_PATH: config.TEMPORAL_CLI_PATH })));
  stops.push(() => server.stop());
  urls.temporalUi = server.uiUrl;
  log(`Temporal dev server ready on ${server.address} in ${Math.round(performance.now() - started)} ms`);
  return server.address;
}

/** The Temporal SDK's native log level: its DEBUG lines only when the app logs at debug or trace. */
const temporalLogLevel = (config: AppConfig): 'WARN' | 'DEBUG' =>
  config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'DEBUG' : 'WARN';
