// `npm start` in embedded mode starts the embedded PostgreSQL and the Temporal dev server before the services tree
// is loaded (seconds of module loading on a busy machine), so they boot in parallel with it. startFanmission takes
// them over (it owns stopping them from then on); until then `stopPrestarted` stops them (Ctrl-C during loading).
// This module stays light: config, the PostgreSQL launcher and a child process, nothing of the app.
import path from 'node:path';
import { prepareWalArchive, walArchiveSettings } from '../backup';
import type { AppConfig } from '../config';
import { startEmbeddedPostgres } from '../db';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

type EmbeddedPostgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

interface Prestarted {
  /** What they were started for: taken over only by a start with the same settings. */
  key: string;
  postgres?: Promise<EmbeddedPostgres>;
  temporal?: Promise<TemporalDevServer>;
  /** Work that must be done before the app is built (the web and admin builds it serves). */
  beforeApp?: Promise<void>;
}

let prestarted: Prestarted | undefined;

const keyOf = (config: AppConfig) =>
  JSON.stringify([config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, config.TEMPORAL_DEV_PORT, config.TEMPORAL_UI_PORT]);

/** The embedded PostgreSQL's data folder under DATA_DIR (the same for a prestarted and a normal start). */
export const embeddedPostgresDir = (config: AppConfig) => path.join(config.DATA_DIR, 'postgres');
/** The Temporal dev server's state folder under DATA_DIR. */
export const temporalDevServerDir = (config: AppConfig) => path.join(config.DATA_DIR, 'temporal');

/**
 * The write settings of the embedded PostgreSQL, a single-machine install whose WAL shares one disk with everything
 * else. At PostgreSQL's defaults a checkpoint starts every 5 minutes, and the full-page images every page's first
 * change after it writes into the WAL made commits wait 0.3–0.45 s on this project's 2-core VM (seen in the missions
 * bench's PostgreSQL log, the request p99 with it). A checkpoint every 30 minutes (or 4 GB of WAL) makes those
 * bursts 6× rarer, and compressed full-page images make each one smaller. Nothing about durability changes: every
 * commit still waits for its WAL flush; a crash replays at most 30 minutes of WAL (seconds at this volume).
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  checkpoint_timeout: '30min',
  max_wal_size: '4GB',
  wal_compression: 'on',
};

/**
 * Options of the embedded PostgreSQL of `npm start` (kept here so both paths start the same server). With backups on
 * (BACKUP_ENABLED), every start archives the WAL: one started without it (a migration, a seed) would leave a gap no
 * restore could cross.
 */
export function embeddedPostgresOptions(config: AppConfig, log: (line: string) => void) {
  return {
    dataDir: embeddedPostgresDir(config),
    port: config.EMBEDDED_POSTGRES_PORT,
    settings: config.BACKUP_ENABLED
      ? { ...EMBEDDED_POSTGRES_SETTINGS, ...walArchiveSettings(config) }
      : EMBEDDED_POSTGRES_SETTINGS,
    log: (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (/PANIC|FATAL/.test(line) && !line.includes('administrator command')) log(`[postgres] ${line}`);
      }
    },
  };
}

/**
 * Starts the embedded PostgreSQL of this config, its WAL archive's folder made first (and again once the server runs:
 * on a new machine the server's OS user exists only after its first cluster is made).
 */
export async function startEmbeddedServer(config: AppConfig, log: (line: string) => void) {
  const options = embeddedPostgresOptions(config, log);
  if (config.BACKUP_ENABLED) await prepareWalArchive(config, options.dataDir);
  const server = await startEmbeddedPostgres(options);
  if (config.BACKUP_ENABLED) await prepareWalArchive(config, options.dataDir);
  return server;
}

/** Options of the Temporal dev server of `npm start`. */
export function temporalDevServerOptions(config: AppConfig & { TEMPORAL_CLI_PATH: string }) {
  return {
    binary: config.TEMPORAL_CLI_PATH,
    dataDir: temporalDevServerDir(config),
    port: config.TEMPORAL_DEV_PORT,
    uiPort: config.TEMPORAL_UI_PORT,
    portSettings: { port: 'TEMPORAL_DEV_PORT', uiPort: 'TEMPORAL_UI_PORT' },
    nice: config.BACKGROUND_NICE,
  };
}

/**
 * Starts what an embedded `--role all` start of this config will need (the embedded PostgreSQL without
 * DATABASE_URL, the Temporal dev server without TEMPORAL_ADDRESS), without waiting. `beforeApp` is awaited by
 * startFanmission before it builds the app. Failures surface when startFanmission takes the servers over.
 */
export function prestartEmbeddedInfrastructure(options: {
  config: AppConfig;
  log: (line: string) => void;
  beforeApp?: Promise<void>;
  /** The Temporal CLI being installed (first start); else config.TEMPORAL_CLI_PATH. */
  temporalCli?: Promise<string>;
  /**
   * The config the server starts with, once what it needs is installed (the WAL archive's rsync, on a new machine):
   * `config` itself, or with backups off where they could not be installed.
   */
  postgresConfig?: Promise<AppConfig>;
}): void {
  const { config, log } = options;
  if (prestarted) throw new Error('the embedded infrastructure was already prestarted');
  const entry: Prestarted = { key: keyOf(config) };
  if (options.beforeApp) {
    entry.beforeApp = options.beforeApp;
    // Awaited later; a failure is reported there, not as an unhandled rejection now.
    entry.beforeApp.catch(() => undefined);
  }
  if (!config.DATABASE_URL) {
    entry.postgres = (options.postgresConfig ?? Promise.resolve(config)).then((settled) =>
      startEmbeddedServer(settled, log),
    );
    entry.postgres.catch(() => undefined);
  }
  // PostgreSQL does not wait for the Temporal CLI's install (first start); the dev server starts once it is there.
  const temporalCli =
    options.temporalCli ?? (config.TEMPORAL_CLI_PATH ? Promise.resolve(config.TEMPORAL_CLI_PATH) : undefined);
  if (!config.TEMPORAL_ADDRESS && temporalCli) {
    entry.temporal = temporalCli.then((binary) =>
      startTemporalDevServer(temporalDevServerOptions({ ...config, TEMPORAL_CLI_PATH: binary })),
    );
    entry.temporal.catch(() => undefined);
  }
  prestarted = entry;
}

/**
 * Hands over what was prestarted for this config (once): the caller stops it from then on. Nothing for another
 * config (a test's own), so every other caller starts its own servers as before.
 */
export function takePrestarted(config: AppConfig): Omit<Prestarted, 'key'> {
  if (!prestarted || prestarted.key !== keyOf(config)) return {};
  const { key: _key, ...taken } = prestarted;
  prestarted = undefined;
  return taken;
}

/** Stops whatever was prestarted and not taken over (a signal or an error before startFanmission ran). */
export async function stopPrestarted(): Promise<void> {
  const entry = prestarted;
  prestarted = undefined;
  if (!entry) return;
  await Promise.all([
    entry.postgres?.then((server) => server.stop()).catch(() => undefined),
    entry.temporal?.then((server) => server.stop()).catch(() => undefined),
  ]);
}
