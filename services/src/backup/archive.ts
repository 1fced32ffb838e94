// Continuous WAL archiving of the embedded PostgreSQL into Barman's incoming folder. Light on purpose: `npm start`
// loads it before the app (services/src/runtime/prestart.ts), to start the server with these settings.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { grantTraversal } from '../db';

/** The name of the database in Barman's configuration, and of its folder under BACKUP_DIR. */
export const BARMAN_SERVER = 'fanmission';

type ArchiveConfig = Pick<AppConfig, 'BACKUP_DIR' | 'BACKUP_ARCHIVE_TIMEOUT_SECONDS' | 'RSYNC_PATH'>;

/** Where PostgreSQL's archive_command puts each finished WAL segment; `barman archive-wal` takes them from there. */
export const walIncomingDir = (config: Pick<AppConfig, 'BACKUP_DIR'>) =>
  path.join(config.BACKUP_DIR, BARMAN_SERVER, 'incoming');

const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The server settings that archive the WAL. archive_timeout is the recovery point: a segment with any write in it is
 * closed and archived at most that many seconds after it began, so a restore loses at most that much. The command is
 * the one Barman documents for a Barman on the database's machine: rsync writes a temporary file and renames it, so
 * Barman never takes a half-copied segment.
 */
export function walArchiveSettings(config: ArchiveConfig): Record<string, string> {
  return {
    archive_mode: 'on',
    archive_timeout: `${config.BACKUP_ARCHIVE_TIMEOUT_SECONDS}s`,
    archive_command: `${shellQuoted(config.RSYNC_PATH)} -a %p ${shellQuoted(walIncomingDir(config))}/%f`,
  };
}

/**
 * The OS user the embedded server runs as, when it is not this process's: as root, PostgreSQL runs as `postgres`
 * (services/src/db/embedded-postgres.ts), the owner of its data directory.
 */
export function serverOwner(dataDir: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (existsSync(dataDir)) {
    const { uid, gid } = statSync(dataDir);
    if (uid !== 0) return { uid, gid };
  }
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // No such user yet: embedded-postgres creates it with the first cluster; called again once the server runs.
    return undefined;
  }
}

/**
 * Makes the incoming folder, writable by the server's OS user (with every folder above it traversable), before the
 * server archives into it. Throws when rsync is missing.
 */
export async function prepareWalArchive(config: ArchiveConfig, dataDir: string): Promise<void> {
  try {
    accessSync(config.RSYNC_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `rsync (${config.RSYNC_PATH}) is missing: the WAL archive needs it. Install it (tsx scripts/infra/barman.ts as ` +
        'root, or your package manager), set RSYNC_PATH, or turn backups off with BACKUP_ENABLED=false',
    );
  }
  const incoming = walIncomingDir(config);
  await fs.mkdir(path.dirname(incoming), { recursive: true });
  await fs.mkdir(incoming, { recursive: true, mode: 0o750 });
  const owner = serverOwner(dataDir);
  if (!owner) return;
  await fs.chown(incoming, owner.uid, owner.gid);
  await grantTraversal([path.dirname(incoming)]);
}
