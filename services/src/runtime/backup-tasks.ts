import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  type BarmanSettings,
  type BaseBackupReport,
  restoreFromArchive,
  serverOwner,
  takeBaseBackup,
  walIncomingDir,
} from '../backup';
import type { AppConfig } from '../config';
import { createDb, runningEmbeddedPostgres, startEmbeddedPostgres } from '../db';
import { clearWorkflowStartsOfOpenEvents } from '../events';
import { clearWorkflowStartsOfOpenMissions } from '../missions';
import { EMBEDDED_DATABASE_NAME } from './database';
import { freePort } from './free-port';
import { EMBEDDED_POSTGRES_SETTINGS, embeddedPostgresDir, startEmbeddedServer } from './prestart';

/** Barman's settings for this config and a superuser connection to the database it backs up. */
export function barmanSettingsOf(config: AppConfig, conninfo: string, nice = 0): BarmanSettings {
  if (!config.BARMAN_PATH) {
    throw new Error('BARMAN_PATH is not set: `npm start`, `npm run backup` and `npm run restore` install Barman');
  }
  return {
    barman: config.BARMAN_PATH,
    backupDir: config.BACKUP_DIR,
    conninfo,
    retentionDays: config.BACKUP_RETENTION_DAYS,
    rsyncPath: config.RSYNC_PATH,
    nice,
  };
}

/**
 * `npm run backup`: a base backup now, into BACKUP_DIR, checked (services/src/backup/base-backup.ts), of DATABASE_URL
 * or of the embedded database under DATA_DIR: the running `npm start`'s server while it runs, else one started for
 * the backup. The server must be archiving its WAL into BACKUP_DIR: a base backup is restored with the WAL after it.
 */
export async function backupDatabase(config: AppConfig, log: (line: string) => void): Promise<BaseBackupReport> {
  if (!config.BACKUP_ENABLED) throw new Error('backups are off (BACKUP_ENABLED=false)');
  let conninfo = config.DATABASE_URL;
  let stopServer = async () => {};
  if (!conninfo) {
    const dataDir = embeddedPostgresDir(config);
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      throw new Error(`there is no database under DATA_DIR (${config.DATA_DIR}) to back up`);
    }
    const running = await runningEmbeddedPostgres(dataDir);
    if (running) {
      log(`backing up the embedded server that runs on port ${running.port}`);
      conninfo = running.url;
    } else {
      log('starting the embedded server for the backup…');
      const server = await startEmbeddedServer(config, log);
      conninfo = server.url;
      stopServer = server.stop;
    }
  }
  try {
    await requireWalArchiving(conninfo, config);
    log(`taking a base backup into ${config.BACKUP_DIR}…`);
    return await takeBaseBackup(barmanSettingsOf(config, conninfo), { log, onLine: (line) => log(`barman: ${line}`) });
  } finally {
    await stopServer();
  }
}

/** Refuses a server whose WAL does not reach BACKUP_DIR: its base backup would never complete, nor restore. */
async function requireWalArchiving(conninfo: string, config: AppConfig): Promise<void> {
  const client = new pg.Client({ connectionString: conninfo });
  await client.connect();
  try {
    const { rows } = await client.query<{ mode: string; command: string }>(
      `select current_setting('archive_mode') as mode, current_setting('archive_command') as command`,
    );
    const { mode, command } = rows[0]!;
    const incoming = walIncomingDir(config);
    if (mode === 'off') {
      throw new Error(
        'the server does not archive its WAL (archive_mode=off): ' +
          (config.DATABASE_URL
            ? `set archive_mode=on and archive_command='rsync -a %p ${incoming}/%f' (docs/operations.md)`
            : 'it was started with BACKUP_ENABLED=false; restart `npm start` with backups on (the default)'),
      );
    }
    if (!command.includes(incoming)) {
      throw new Error(
        `the server archives its WAL with ${JSON.stringify(command)}, not into ${incoming}: set BACKUP_DIR to the ` +
          "folder whose 'fanmission/incoming' it archives into",
      );
    }
  } finally {
    await client.end();
  }
}

export interface RestoreReport {
  baseBackupId: string;
  seconds: number;
  /** What PostgreSQL said of where its recovery stopped. */
  recoveryEnd: string[];
  /** The open missions and lottery events whose workflows the reconcilers start on the restored database. */
  openMissions: number;
  openEvents: number;
}

/**
 * `npm run restore [-- --target-time <time>]`: the embedded database of DATA_DIR (an empty directory) restored from
 * BACKUP_DIR as it was at `targetTime` (the end of the archive without one), and recovered: PostgreSQL is started on
 * it once, replays the WAL, promotes, and is stopped again, so `npm start` starts on it at once. Temporal's state is
 * not in the backup (`npm start` keeps it beside the database): the open missions and lottery events are marked for
 * the reconcilers, which start their workflows from the stored state.
 */
export async function restoreDatabase(
  config: AppConfig,
  options: { targetTime?: Date; log: (line: string) => void },
): Promise<RestoreReport> {
  const { log, targetTime } = options;
  if (config.DATABASE_URL) {
    throw new Error('npm run restore writes the embedded database of DATA_DIR: unset DATABASE_URL');
  }
  if (targetTime && targetTime.getTime() > Date.now()) {
    throw new Error(`--target-time ${targetTime.toISOString()} is in the future`);
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(
      `DATA_DIR (${dataDir}) is not empty: a restore writes a new data directory. Name an empty or new one, e.g. ` +
        `DATA_DIR=${dataDir}-restored BACKUP_DIR=${config.BACKUP_DIR} npm run restore`,
    );
  }
  if (!existsSync(config.BACKUP_DIR)) {
    throw new Error(
      `BACKUP_DIR (${config.BACKUP_DIR}) does not exist: set it to the archive to restore from ` +
        '(by default the backup folder of the data directory it was made from, e.g. .data/backup)',
    );
  }
  const started = performance.now();
  const pgDir = embeddedPostgresDir(config);
  await fs.mkdir(dataDir, { recursive: true });
  const baseBackupId = await restoreFromArchive(barmanSettingsOf(config, 'dbname=postgres'), {
    destination: pgDir,
    ...(targetTime && { targetTime }),
    log,
  });
  // Barman wrote the files as this user; as root the server runs as its own user (serverOwner).
  const owner = serverOwner(pgDir);
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, pgDir]);
  await fs.chmod(pgDir, 0o700);

  log('recovering: PostgreSQL replays the archived WAL…');
  const recoveryEnd: string[] = [];
  const failures: string[] = [];
  const server = await startEmbeddedPostgres({
    dataDir: pgDir,
    port: await freePort(),
    settings: EMBEDDED_POSTGRES_SETTINGS,
    log: (chunk) => {
      for (const line of chunk.split('\n')) {
        const said = line.replace(/^.*?(LOG|FATAL|PANIC):\s+/, '$1: ').trim();
        if (/recovery stopping|last completed transaction|redo done/.test(line)) recoveryEnd.push(said);
        if (/FATAL|PANIC/.test(line)) failures.push(said);
      }
    },
  }).catch((error: unknown) => {
    throw new Error(`PostgreSQL could not recover the restored directory:\n${failures.join('\n') || String(error)}`);
  });
  try {
    for (const line of recoveryEnd) log(`postgres: ${line}`);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      // Barman's recovery settings are spent once the server has promoted.
      for (const setting of [
        'restore_command',
        'recovery_end_command',
        'recovery_target_time',
        'recovery_target_action',
        'recovery_target_timeline',
      ]) {
        await admin.query(`alter system reset ${setting}`);
      }
    } finally {
      await admin.end();
    }
    const db = createDb(server.urlFor(EMBEDDED_DATABASE_NAME), { max: 1 });
    try {
      const openMissions = await clearWorkflowStartsOfOpenMissions(db);
      const openEvents = await clearWorkflowStartsOfOpenEvents(db);
      return { baseBackupId, seconds: (performance.now() - started) / 1000, recoveryEnd, openMissions, openEvents };
    } finally {
      await db.destroy();
    }
  } finally {
    await server.stop();
  }
}
