import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { ensureCoinExpirySchedule, ensureCoinExpiryWarningSchedule } from '@fanmission/workflows/coins';
import { ensureDataMaintenanceSchedule } from '@fanmission/workflows/maintenance';
import { ensureSettlementSchedule } from '@fanmission/workflows/settlement';
import { FANMISSION_TASK_QUEUE } from '@fanmission/workflows/task-queue';
import { createCoinExpiryActivities, createCoinExpiryWarningActivities } from '../coins';
import { scheduledVerifyRun } from '../console';
import type { Db } from '../db';
import { mediaToolsOf, storageDriverFor } from '../files';
import { createSettlementActivities } from '../income';
import { createMissionActivities, startMissionReconciler } from '../missions';
import type { Mailer } from '../mail';
import { countWorkflowOutcome } from '../metrics';
import { createEventActivities, startEventReconciler } from '../events';
import { createDataMaintenanceActivities } from '../retention';
import { tracingClientInterceptors, workerTracing } from '../telemetry';
import { startTermsNoticeSender } from '../terms';
import { startReliabilityRefresher } from '../trust';
import { closeLate, temporalLogLevel, type StartScope } from './start-scope';
import { ensureTemporalRuntime } from './temporal-connection';

/**
 * The Temporal worker with every activity, the schedules (coin expiry, its warnings, the monthly settlement, the daily
 * data maintenance) and the reconcilers. Returns false when a stop overtook it.
 */
export async function startWorker(
  scope: StartScope,
  options: {
    db: Db;
    mailer: Mailer;
    temporalAddress: string;
    /** The embedded-mode event consumers, whose checkpoints the data maintenance waits for. */
    consumers: readonly string[];
    /** Hands the worker's connection to the API of this process, which closes it (`startApi`'s `workerConnection`). */
    shareConnection?: (connection: NativeConnection) => void;
  },
): Promise<boolean> {
  const { config, log, stops } = scope;
  const { db, temporalAddress } = options;
  const started = performance.now();
  const ledgerVerifyLog = {
    error: (details: { err?: unknown }, message: string) => log(`${message}: ${String(details.err)}`),
  };
  // Loaded once the API listens: the worker's SDK (its native bridge, webpack bundler, rxjs) is not needed to
  // answer requests, and `npm start` is healthy a second or more sooner on a busy machine.
  const [workerSdk, { createFanmissionWorker }] = await Promise.all([
    import('@temporalio/worker'),
    import('@fanmission/workflows/worker'),
  ]);
  ensureTemporalRuntime(workerSdk, temporalLogLevel(config));
  const tracing = await workerTracing();
  const connection = await scope.untilStopped(
    workerSdk.NativeConnection.connect({ address: temporalAddress }),
    closeLate,
  );
  if (!connection) return false;
  options.shareConnection?.(connection);
  const worker = await scope.untilStopped(
    createFanmissionWorker({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      // The workflow bundle is built once per change of the workflow sources, not on every start.
      bundleCacheDir: path.join(config.DATA_DIR, 'workflow-bundles'),
      onWorkflowOutcome: countWorkflowOutcome,
      activities: {
        ...createCoinExpiryActivities({ db, now: () => new Date() }),
        ...createCoinExpiryWarningActivities({ db, mailer: options.mailer, publicUrl: config.PUBLIC_URL }),
        ...createMissionActivities({ db, storage: storageDriverFor(config), mediaTools: mediaToolsOf(config) }),
        ...createSettlementActivities({ db, now: () => new Date() }),
        ...createEventActivities({ db }),
        ...createDataMaintenanceActivities({
          db,
          consumers: options.consumers,
          outboxRetentionDays: config.OUTBOX_RETENTION_DAYS,
          log,
          // The ledger's verification: the day's transactions every day, the whole log on Sundays.
          extraSteps: [
            {
              name: 'ledgerVerify',
              run: (stepDb, asOf) =>
                scheduledVerifyRun({ db: stepDb, now: () => new Date(), log: ledgerVerifyLog }, asOf),
            },
          ],
        }),
      },
      // Tracing on: its workflow and activity interceptors, span sink and smaller workflow cache.
      ...tracing,
    }),
    () => undefined,
  );
  if (!worker) {
    // Creating the worker (it describes the namespace, retrying) stops with the connection (shared: the API's stop
    // closes it).
    if (!options.shareConnection) await connection.close().catch(() => undefined);
    return false;
  }
  const running = worker.run();
  stops.push(async () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
    await running;
    // Shared: the API's connection closes it once the API has stopped (its stop comes after this one).
    if (!options.shareConnection) await connection.close();
  });
  log(
    `worker polling task queue "fanmission" on ${temporalAddress} (ready in ${Math.round(performance.now() - started)} ms)`,
  );
  const scheduleConnection = await scope.untilStopped(Connection.connect({ address: temporalAddress }), closeLate);
  if (!scheduleConnection) return false;
  try {
    const client = new Client({ connection: scheduleConnection, namespace: config.TEMPORAL_NAMESPACE });
    log(`daily coin expiry schedule ${await ensureCoinExpirySchedule(client)} (00:05 Asia/Seoul)`);
    log(`daily coin expiry warnings schedule ${await ensureCoinExpiryWarningSchedule(client)} (09:00 Asia/Seoul)`);
    log(`monthly settlement schedule ${await ensureSettlementSchedule(client)} (1st, 00:10 Asia/Seoul)`);
    log(`daily data maintenance schedule ${await ensureDataMaintenanceSchedule(client)} (04:30 Asia/Seoul)`);
  } finally {
    await scheduleConnection.close();
  }
  const reconcilerConnection = await scope.untilStopped(Connection.connect({ address: temporalAddress }), closeLate);
  if (!reconcilerConnection) return false;
  const background = {
    db,
    now: () => new Date(),
    log: {
      warn: (object: object, message: string) => log(`${message} ${JSON.stringify(object)}`),
      error: (object: object, message: string) => log(`${message}: ${String((object as { err?: unknown }).err)}`),
    },
  };
  const interceptors = await tracingClientInterceptors();
  const temporal = {
    client: new Client({
      connection: reconcilerConnection,
      namespace: config.TEMPORAL_NAMESPACE,
      ...(interceptors && { interceptors }),
    }),
    taskQueue: FANMISSION_TASK_QUEUE,
  };
  const reconciler = startMissionReconciler({ ...background, temporal });
  const eventReconciler = startEventReconciler({ ...background, temporal });
  const reliabilityRefresher = startReliabilityRefresher(background);
  const termsNotices = startTermsNoticeSender({
    db,
    mailer: options.mailer,
    publicUrl: config.PUBLIC_URL,
    log: background.log,
  });
  stops.push(async () => {
    await termsNotices.stop();
    await reliabilityRefresher.stop();
    await reconciler.stop();
    await eventReconciler.stop();
    await reconcilerConnection.close();
  });
  return true;
}
