import { alimtalkProviderFor } from '../alimtalk';
import type { NativeConnection } from '@temporalio/worker';
import { startBackupSchedule, walIncomingDir } from '../backup';
import type { AppConfig } from '../config';
import { barmanSettingsOf } from './backup-tasks';
import { runtimeConsumers } from './consumers';
import { startEventProcessing } from './event-processing';
import { startMetricsListener } from '../health';
import { createDevMailbox, createSmtpMailer, type DevMailbox, type Mailer, verifiedRecipientsOnly } from '../mail';
import { openDatabase } from './database';
import { startRetention } from '../retention';
import { takePrestarted, temporalDevServerOptions } from './prestart';
import { lowerCpuPriority } from './priority';
import { runsApi, runsWorker, type ProcessRole } from './roles';
import { startApi } from './start-api';
import { startScope, type StartScope } from './start-scope';
import { startWorker } from './start-worker';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

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
  const scope = startScope(config, log, options.signal);
  const { stops, urls, stop } = scope;
  if (role === 'worker' && config.BACKGROUND_NICE > 0) {
    // Before the SDK starts its threads, which take the priority of the thread that starts them.
    const lowered = lowerCpuPriority(process.pid, config.BACKGROUND_NICE);
    log(`worker at CPU priority nice ${config.BACKGROUND_NICE} (${lowered} threads lowered)`);
  }
  // The servers `npm start` started before this module loaded (prestart.ts), when started for this config and role.
  const prestarted = role === 'all' ? takePrestarted(config) : {};
  try {
    if (!runsApi(role) && config.METRICS_PORT !== undefined) {
      // The worker and relay have no HTTP API: their counters (workflow outcomes, repairs, mails) are scraped here.
      const metrics = await startMetricsListener({
        port: config.METRICS_PORT,
        host: config.HOST,
        token: config.METRICS_TOKEN,
      });
      stops.push(() => metrics.close());
      urls.metrics = metrics.url;
    }
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
      runsWorker(role) ? temporalFrontend(scope, role, prestarted.temporal) : undefined,
    ]);
    if (databaseResult.status === 'rejected') throw databaseResult.reason;
    if (temporalResult.status === 'rejected') throw temporalResult.reason;
    const { db, adminUrl } = databaseResult.value;
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
    // Every mail of this process but a verification or reset goes to confirmed addresses only (services/src/mail).
    mailer = verifiedRecipientsOnly(mailer, db);
    const alimtalk = alimtalkProviderFor(config, {
      warn: (object, message) => log(`${message} ${JSON.stringify(object)}`),
      error: (object, message) => log(`${message} ${JSON.stringify(object)}`),
    });
    const eventConsumers = runtimeConsumers({
      mailer,
      publicUrl: config.PUBLIC_URL,
      alimtalk,
      noticeMailLimits: {
        perRecipientPerHour: config.NOTICE_MAILS_PER_RECIPIENT_PER_HOUR,
        perSenderPerHour: config.NOTICE_MAILS_PER_SENDER_PER_HOUR,
      },
      memberNoticeLimits: {
        perRecipientPerHour: config.NOTICES_PER_RECIPIENT_PER_HOUR,
        perSenderPerHour: config.NOTICES_PER_SENDER_PER_HOUR,
      },
    });

    // One process runs the API and the worker (`all`): the API's client shares the worker's connection, so its
    // workflow starts are eager (the first task comes back in the start's answer, to this worker, with no poll).
    let shareConnection: ((connection: NativeConnection) => void) | undefined;
    const workerConnection =
      runsApi(role) && temporalAddress
        ? new Promise<NativeConnection>((resolve) => (shareConnection = resolve))
        : undefined;
    if (runsApi(role)) {
      await startApi(scope, {
        db,
        ...(workerConnection && { workerConnection }),
        temporalAddress: temporalAddress ?? config.TEMPORAL_ADDRESS,
        mailer,
        devMailbox,
        eventConsumers,
        beforeApp: prestarted.beforeApp,
      });
    }
    if (temporalAddress && !scope.stopAsked()) {
      const consumers = eventConsumers.map((consumer) => consumer.name);
      if (
        !(await startWorker(scope, {
          db,
          mailer,
          temporalAddress,
          consumers,
          ...(shareConnection && { shareConnection }),
        }))
      ) {
        return { urls, stop };
      }
    }
    if (scope.stopAsked()) return { urls, stop };
    stops.push(await startEventProcessing({ config, db, role, consumers: eventConsumers, log }));
    if (runsWorker(role)) {
      // Hourly retention of the outbox, processed ids, dead letters, expired tokens and rate-limit windows (the daily
      // data maintenance on Temporal runs it too, with the partitions, windows and legal retention).
      const retention = startRetention(db, {
        consumers: eventConsumers.map((consumer) => consumer.name),
        policy: { outboxDays: config.OUTBOX_RETENTION_DAYS },
        onError: (error) => log(`retention: ${error instanceof Error ? error.message : String(error)}`),
      });
      stops.push(() => retention.stop());
    }
    if (role === 'all' && adminUrl && config.BACKUP_ENABLED) {
      if (config.BARMAN_PATH) {
        // Stopped before the database (stops run in reverse): a base backup under way is ended first.
        const backups = startBackupSchedule({
          settings: barmanSettingsOf(config, adminUrl, config.BACKGROUND_NICE),
          incomingDir: walIncomingDir(config),
          intervalHours: config.BACKUP_INTERVAL_HOURS,
          log,
        });
        stops.push(() => backups.stop());
      } else {
        log(`backup: the WAL is archived into ${config.BACKUP_DIR}, but without BARMAN_PATH no base backup is taken`);
      }
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
  scope: StartScope,
  role: ProcessRole,
  prestarted?: Promise<TemporalDevServer>,
): Promise<string> {
  const { config } = scope;
  if (config.TEMPORAL_ADDRESS) return config.TEMPORAL_ADDRESS;
  if (role !== 'all' || !config.TEMPORAL_CLI_PATH) {
    throw new Error('TEMPORAL_ADDRESS is not set: the worker needs a Temporal server (npm start runs a local one)');
  }
  const started = performance.now();
  const server = await (prestarted ??
    startTemporalDevServer(temporalDevServerOptions({ ...config, TEMPORAL_CLI_PATH: config.TEMPORAL_CLI_PATH })));
  scope.stops.push(() => server.stop());
  scope.urls.temporalUi = server.uiUrl;
  scope.log(`Temporal dev server ready on ${server.address} in ${Math.round(performance.now() - started)} ms`);
  return server.address;
}
